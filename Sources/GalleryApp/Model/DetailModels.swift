import Foundation
import MarvelAPI

/// A character as its detail screen shows it: the wire model reduced to what is drawn, so the
/// core and its tests work on plain values. Made only inside GalleryApp (the Runtime, the tests):
/// the memberwise init serves.
public struct CharacterDetail: Equatable, Sendable {
    public let id: Int
    public let name: String
    public internal(set) var description = ""
    public internal(set) var modified: Date?
    public internal(set) var thumbnail: ImageRef?
    public internal(set) var comics = Appearances()
    public internal(set) var series = Appearances()
    public internal(set) var stories = Appearances()
    public internal(set) var events = Appearances()
    public internal(set) var links: [DetailLink] = []
    /// Related lists whose count the source does not know yet (their tabs say "…").
    public internal(set) var unknownCounts: Set<MarvelResource> = []
}

/// One of a character's appearance lists: how many there are (`available`) and the first few
/// names Marvel sends inline (at most 20).
public struct Appearances: Equatable, Sendable {
    public let available: Int
    public let items: [String]
    public init(available: Int = 0, items: [String] = []) {
        self.available = available
        self.items = items
    }
}

// The small records below (and the detail and strip requests) are made only inside GalleryApp,
// by its Runtime, and by its tests: their memberwise init serves, no public one is needed.

/// A public web page about a character or comic (`detail`, `wiki`, `comiclink`, `purchase`…).
public struct DetailLink: Equatable, Sendable {
    public let type: String
    public let url: String
}

/// A comic as its detail screen shows it.
public struct ComicDetail: Equatable, Sendable {
    public struct Credit: Equatable, Sendable {
        public let name: String
        public let role: String
    }

    public struct Price: Equatable, Sendable {
        /// `printPrice`, `digitalPurchasePrice`…
        public let type: String
        public let amount: Double
    }

    public let id: Int
    public let title: String
    public let issueNumber: Double
    public let format: String
    public let pageCount: Int
    public let onSaleDate: Date?
    public let prices: [Price]
    public let creators: [Credit]
    /// Plain text: HTML tags already stripped.
    public let description: String
    public let thumbnail: ImageRef?
    public let charactersAvailable: Int
    public let series: String?
    /// The series' id: a comic has exactly one series and no `/comics/{id}/series` route, so
    /// its Series tab is this one item.
    public let seriesID: Int?
    public let variants: [String]
    public let links: [DetailLink]
    public let creatorsAvailable: Int
    public let storiesAvailable: Int
    public let eventsAvailable: Int
    /// Related lists whose count the source does not know yet (their tabs say "…").
    public internal(set) var unknownCounts: Set<MarvelResource> = []

    public init(id: Int, title: String, issueNumber: Double = 0, format: String = "", pageCount: Int = 0,
                onSaleDate: Date? = nil, prices: [Price] = [], creators: [Credit] = [], description: String = "",
                thumbnail: ImageRef? = nil, charactersAvailable: Int = 0, series: String? = nil, seriesID: Int? = nil,
                variants: [String] = [], links: [DetailLink] = [], creatorsAvailable: Int? = nil,
                storiesAvailable: Int = 0, eventsAvailable: Int = 0) {
        self.id = id
        self.title = title
        self.issueNumber = issueNumber
        self.format = format
        self.pageCount = pageCount
        self.onSaleDate = onSaleDate
        self.prices = prices
        self.creators = creators
        self.description = description
        self.thumbnail = thumbnail
        self.charactersAvailable = charactersAvailable
        self.series = series
        self.seriesID = seriesID
        self.variants = variants
        self.links = links
        self.creatorsAvailable = creatorsAvailable ?? creators.count
        self.storiesAvailable = storiesAvailable
        self.eventsAvailable = eventsAvailable
    }
}

/// One picture in a detail's sideways strip: a comic of a character, or a character of a comic.
public struct StripItem: Equatable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let thumbnail: ImageRef?
}

/// A page of strip items as the source returns it.
public struct StripPage: Equatable, Sendable {
    public let offset: Int
    public let total: Int
    public let items: [StripItem]
}
