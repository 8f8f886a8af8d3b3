/// What the sources learned about a bad day while they worked: pictures that decoded only in
/// part (shown, never cached) and caches whose disk refused a write (kept in memory instead).
/// The status line says each once, as a standing notice, instead of leaving it to a counter.
public struct SourceHealth: Equatable, Sendable {
    /// Pictures shown as far as they decoded (a truncated JPEG, per libjpeg's own warnings).
    public var damagedPictures = 0
    /// Pictures that could not be shown at all (hatched tiles) and why the last one could not.
    public var failedPictures = 0
    public var pictureFailure: String?
    /// Why pictures are not stored on disk (nil: they are).
    public var imageCacheProblem: String?
    /// Why API responses are kept in memory only (nil: the response cache works).
    public var responseCacheProblem: String?

    public init(damagedPictures: Int = 0, failedPictures: Int = 0, pictureFailure: String? = nil,
                imageCacheProblem: String? = nil, responseCacheProblem: String? = nil) {
        self.damagedPictures = damagedPictures
        self.failedPictures = failedPictures
        self.pictureFailure = pictureFailure
        self.imageCacheProblem = imageCacheProblem
        self.responseCacheProblem = responseCacheProblem
    }

    /// The facts of two sources together (each reports its own).
    func combined(with other: SourceHealth) -> SourceHealth {
        SourceHealth(damagedPictures: damagedPictures + other.damagedPictures,
                     failedPictures: failedPictures + other.failedPictures,
                     pictureFailure: pictureFailure ?? other.pictureFailure,
                     imageCacheProblem: imageCacheProblem ?? other.imageCacheProblem,
                     responseCacheProblem: responseCacheProblem ?? other.responseCacheProblem)
    }
}
