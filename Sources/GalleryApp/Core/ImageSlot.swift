import MarvelAPI

/// Where a loaded picture goes.
public enum ImageSlot: Equatable, Hashable, Sendable {
    /// The page's own picture (portrait or cover).
    case main(pageID: Int)
    /// A picture of one of the page's strips.
    case strip(pageID: Int, related: MarvelResource)
}
