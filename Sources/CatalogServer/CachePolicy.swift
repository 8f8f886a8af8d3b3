/// `Cache-Control` of every answer, consistent with its ETag: what may be kept is the entity
/// the ETag names, so a 304 carries the same policy as the 200 it confirms; errors (auth,
/// validation, 429, 503) are never kept. The catalog changes only by an import, so an hour
/// for API answers and a day for pictures; a browser then revalidates with `If-None-Match`
/// and gets a 304. A live source's answers are kept no longer than it says (`answerMaxAge`,
/// at most an hour). Answers that set their own (a live source's pictures, a stale copy, a
/// garbled picture) keep theirs.
struct CachePolicy: Sendable {
    var apiMaxAge = 3_600
    var imageMaxAge = 86_400

    static let catalog = CachePolicy()

    /// A source's own freshness, at most an hour.
    static func source(maxAge: Int) -> CachePolicy { CachePolicy(apiMaxAge: max(0, min(3_600, maxAge))) }

    func header(status: Int, isImage: Bool) -> String {
        guard status == 200 || status == 304 else { return "no-store" }
        return "public, max-age=\(isImage ? imageMaxAge : apiMaxAge)"
    }
}
