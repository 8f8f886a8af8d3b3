import HTTPTransport
import MarvelAPI

/// One item of a grid (a character, comic, series, event or creator) as the grid shows it: the
/// few fields of a Marvel record its tile and status line need. Kept independent of the wire models so the app core tests run on plain
/// values and the API layer can change without touching `update`. Made only inside GalleryApp
/// (the Runtime, the tests): the memberwise init serves.
public struct GalleryItem: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int
    public let name: String
    public internal(set) var description = ""
    public internal(set) var thumbnail: ImageRef?
    public internal(set) var comicsAvailable = 0
    public internal(set) var seriesAvailable = 0
    public internal(set) var storiesAvailable = 0
    public internal(set) var eventsAvailable = 0
    /// Set for comics in the comics gallery (their `format`, which colours the tile); nil for characters.
    public var format: String?
    /// The record's type when the grid mixes types (favourites, history); nil: the grid's.
    public internal(set) var kind: MarvelResource?
    /// The record's page for a browser (its `detail` link, without tracking), when it has one:
    /// what `Y` copies on the grid.
    public internal(set) var link: String?
}

extension GalleryItem {
    /// The `detail` link of a record's `urls`, else its first, without tracking parameters.
    static func link(_ urls: [MarvelLink]) -> String? {
        (urls.first { $0.type == "detail" && !$0.url.isEmpty } ?? urls.first { !$0.url.isEmpty }).map { BrowserLink.untracked($0.url) }
    }
}

/// A Marvel image reference: `{path}/{variant}.{extension}` builds a URL (the runner does that,
/// the core only decides sizes).
public struct ImageRef: Equatable, Hashable, Sendable {
    public let path: String
    public let `extension`: String

    public init(path: String, extension: String) {
        self.path = path
        self.extension = `extension`
    }

    /// Marvel's "no image" placeholders (MarvelAPI's one rule): drawn as a local glyph, never fetched.
    public var isPlaceholder: Bool { MarvelImage.isNotAvailable(path: path, fileExtension: `extension`) }
}

/// One page of a character list as the data source returns it.
public struct ItemPage: Equatable, Sendable {
    public let offset: Int
    public let total: Int
    public let items: [GalleryItem]
    public let attributionText: String?
    /// True when the page came from a cache the server could not revalidate.
    public let isStale: Bool
    /// Records of this page that could not be read and were skipped (the offset counts them).
    public var unreadable = 0
    /// The page size the server says it applied (its `limit`), nil when not known: a server
    /// that caps pages below what was asked sends full pages of its own size, not a short one.
    public var servedLimit: Int?

    public init(offset: Int, total: Int, items: [GalleryItem],
                attributionText: String? = nil, isStale: Bool = false, unreadable: Int = 0, servedLimit: Int? = nil) {
        self.offset = offset
        self.total = total
        self.items = items
        self.attributionText = attributionText
        self.isStale = isStale
        self.unreadable = unreadable
        self.servedLimit = servedLimit
    }
}

/// Why a page could not be loaded, as a readable sentence (already user-facing).
public struct PageFailure: Error, Equatable, Sendable {
    public let message: String
    /// What kind of failure it is, so the screens can say it in the user's language.
    public var reason: FailureReason = .other
    /// What the client's error says, when there is one: the screens say it in the user's language.
    public var userMessage: UserMessage?
    /// A rate limit's wait, when the server named one: the status line counts it down.
    public var retryAfterSeconds: Int?
    /// A text of the strings table that says this failure in every language.
    public var key: StringKey?
    public init(_ message: String, reason: FailureReason = .other, key: StringKey? = nil) {
        self.message = message
        self.reason = reason
        self.key = key
    }
}
