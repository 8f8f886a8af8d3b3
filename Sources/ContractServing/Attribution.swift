import MarvelAPI

/// Whose data an answer carries: the envelope's `copyright`, `attributionText`, and the same
/// text linked for `attributionHTML`. Each source says its own; Marvel's is the catalog's.
public struct Attribution: Sendable, Equatable {
    public let copyright: String
    public let text: String
    public let link: String

    public init(copyright: String, text: String, link: String) {
        self.copyright = copyright; self.text = text; self.link = link
    }

    public var html: String { "<a href=\"\(link)\">\(text)</a>" }

    /// The built-in catalog's (Marvel's data, dated as its fixtures are).
    public static let marvel = Attribution(copyright: MarvelAttribution.copyright, text: MarvelAttribution.text,
                                           link: "http://marvel.com")
}
