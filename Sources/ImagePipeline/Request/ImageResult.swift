/// What a cell shows when it has no picture.
public enum PlaceholderKind: String, Sendable, Hashable {
    /// Still coming.
    case loading
    /// The download or the decode failed (negative-cached for a while, never disk-cached).
    case failed
    /// The source's own "image not available" picture (`Configuration.isNotAvailable`), never downloaded.
    case notAvailable
}

/// A decoded picture ready for the app: the cells to draw in the request's box, and the pixels
/// they were made from (shared, so another size is an encode, not a download).
public struct PipelineImage: Sendable {
    public let request: ImageRequest
    public let cells: CellImage
    public let pixels: PixelImage?
    public init(request: ImageRequest, cells: CellImage, pixels: PixelImage?) {
        self.request = request
        self.cells = cells
        self.pixels = pixels
    }
}

/// The outcome of a request: a picture, or which placeholder to draw instead.
public enum ImageResult: Sendable {
    case image(PipelineImage)
    case placeholder(PlaceholderKind)

    public var thumbnail: PipelineImage? {
        if case .image(let t) = self { return t }
        return nil
    }
    public var placeholder: PlaceholderKind? {
        if case .placeholder(let p) = self { return p }
        return nil
    }
}
