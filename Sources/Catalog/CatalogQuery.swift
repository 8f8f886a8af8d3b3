import Foundation

/// One `orderBy` value: a field and a direction (`-name` is `.init(field: "name", descending: true)`).
public struct Ordering: Sendable, Equatable, Hashable {
    public var field: String
    public var descending: Bool
    public init(field: String, descending: Bool = false) { self.field = field; self.descending = descending }
}

/// What every list query asks besides its filters: the order and the page of results.
public struct PageWindow: Sendable, Equatable, Hashable {
    public var orderBy: [Ordering] = []
    public var limit = 20
    public var offset = 0
    public init() {}
}

/// A list query: its `window`'s fields read and write as the query's own (`q.limit = 5`), so
/// the one window type serves every kind of list.
@dynamicMemberLookup
public protocol WindowedQuery {
    var window: PageWindow { get set }
}

extension WindowedQuery {
    public subscript<Value>(dynamicMember field: WritableKeyPath<PageWindow, Value>) -> Value {
        get { window[keyPath: field] }
        set { window[keyPath: field] = newValue }
    }
}

/// Filters of `/v1/public/characters` (and the character lists under other resources).
public struct CharacterFilter: WindowedQuery, Sendable, Equatable, Hashable {
    public var name: String?
    public var nameStartsWith: String?
    /// Non-standard (only our client sends it): the folded text anywhere in the name; results
    /// lead with names starting with it, then word starts, then other substrings.
    public var nameContains: String?
    public var modifiedSince: Int64?
    public var comics: [Int] = []
    public var series: [Int] = []
    public var events: [Int] = []
    public var stories: [Int] = []
    public var window = PageWindow()
    public init() {}

    /// The contract's `name` and `modified`, and `comics`: not part of the Marvel API (it
    /// answers 409), like `nameContains`: by `comics.available`, ties by name.
    public static let orderFields: Set<String> = ["name", "modified", "comics"]
}

/// Filters of `/v1/public/comics` (and the comic lists under other resources).
public struct ComicFilter: WindowedQuery, Sendable, Equatable, Hashable {
    public var format: String?
    /// `comic` or `collection`.
    public var formatType: String?
    public var noVariants = false
    public var title: String?
    public var titleStartsWith: String?
    /// Non-standard, like `CharacterFilter.nameContains`, over the title.
    public var titleContains: String?
    public var issueNumber: Double?
    public var startYear: Int?
    public var digitalId: Int?
    public var hasDigitalIssue = false
    public var modifiedSince: Int64?
    public var onsaleRange: ClosedRange<Int64>?
    public var characters: [Int] = []
    public var sharedAppearances: [Int] = []
    /// Comics by any of these creators.
    public var creators: [Int] = []
    /// Comics on which all of these creators worked.
    public var collaborators: [Int] = []
    /// Identifier filters (`upc`, `isbn`, `diamondCode`, `ean`, `issn`): exact field values.
    public var fieldEquals: [String: String] = [:]
    public var series: [Int] = []
    public var events: [Int] = []
    public var stories: [Int] = []
    public var window = PageWindow()
    public init() {}

    public static let orderFields: Set<String> = ["focDate", "onsaleDate", "title", "issueNumber", "modified"]
    public static let formats = ["comic", "magazine", "trade paperback", "hardcover", "digest", "graphic novel",
                                 "digital comic", "infinite comic", "digital vertical comic"]
    public static let comicFormats = ["Comic", "Digital Comic", "Infinite Comic", "Digital Vertical Comic", "Magazine"]
    public static let collectionFormats = ["Trade Paperback", "Hardcover", "Digest", "Graphic Novel"]
}

/// The series, stories or events of a character (`/characters/{id}/series` ...).
public enum SummaryKind: String, Sendable, CaseIterable {
    case series, stories, events

    /// orderBy values the real API accepts on these lists.
    public var orderFields: Set<String> {
        switch self {
        case .series: return ["title", "modified", "startYear"]
        case .stories: return ["id", "modified"]
        case .events: return ["name", "startDate", "modified"]
        }
    }
}

/// One page of results: the total that matched and the entities' JSON objects.
public struct CatalogPage: Sendable, Equatable {
    public var total: Int
    public var results: [String]
    /// The id of each of `results`, in the same order, when the reader knows them (else empty):
    /// lets the server keep each entity as it sends it (`ServedEntities`).
    public var ids: [Int]
    public init(total: Int, results: [String], ids: [Int] = []) {
        self.total = total; self.results = results; self.ids = ids
    }
}

/// An image original as stored: its bytes and declared extension.
public struct StoredImage: Sendable, Equatable {
    public var bytes: Data
    public var fileExtension: String
    /// Content hash of `bytes` (sha1 hex): a stable cache key for resized variants.
    public var hash: String
    public init(bytes: Data, fileExtension: String, hash: String) {
        self.bytes = bytes; self.fileExtension = fileExtension; self.hash = hash
    }
}

/// What the server reads from: the SQLite store, or the synthetic catalog in scale mode.
public protocol CatalogReading: Sendable {
    func characters(_ query: CharacterFilter) throws -> CatalogPage
    func character(id: Int) throws -> String?
    func comics(_ query: ComicFilter) throws -> CatalogPage
    func comic(id: Int) throws -> String?
    func summaries(_ kind: SummaryKind, ofCharacter id: Int, orderBy: [Ordering], limit: Int, offset: Int) throws -> CatalogPage
    /// Creators, events, series or stories matching the filter.
    func entities(_ kind: EntityKind, _ filter: EntityFilter) throws -> CatalogPage
    /// One entity of any kind, or nil.
    func entity(_ kind: EntityKind, id: Int) throws -> String?
    /// The original behind a thumbnail token (last path component), or nil.
    func image(token: String) throws -> StoredImage?
    /// What the catalog was built from, for `GET /health`; nil when it cannot say.
    var version: String? { get }
    /// The `available` of the `field` list of entity `kind` `id` as served (the count its record
    /// gave, or what the catalog lists when that is more): its unfiltered collection's `total`,
    /// when the collection holds fewer; nil when not known.
    func listAvailable(_ kind: EntityKind, id: Int, _ field: EntityKind) throws -> Int?
}

extension CatalogReading {
    public var version: String? { nil }
    public func listAvailable(_ kind: EntityKind, id: Int, _ field: EntityKind) throws -> Int? { nil }
}

/// Filters of `/v1/public/{creators,events,series,stories}` and the lists of them under other
/// resources. Text filters are keyed by their API parameter name (`title`, `lastNameStartsWith`).
public struct EntityFilter: WindowedQuery, Sendable, Equatable, Hashable {
    public var equals: [String: String] = [:]
    public var startsWith: [String: String] = [:]
    public var startYear: Int?
    public var seriesType: String?
    /// Series containing comics of any of these formats (`contains`).
    public var containsFormats: [String] = []
    public var modifiedSince: Int64?
    /// Entities related to any of these ids of each kind (`comics=1,2`, or the scope of a cross route).
    public var related: [EntityKind: [Int]] = [:]
    public var window = PageWindow()
    public init() {}

    /// The exact-match text parameters of each kind, with their columns.
    public static func textParameters(_ kind: EntityKind) -> [String: String] {
        switch kind {
        case .creators: ["firstName": "first_name", "middleName": "middle_name", "lastName": "last_name", "suffix": "suffix"]
        case .events: ["name": "title"]
        case .series: ["title": "title"]
        default: [:]
        }
    }

    /// The prefix parameters of each kind, with their columns.
    public static func prefixParameters(_ kind: EntityKind) -> [String: String] {
        switch kind {
        case .creators: ["nameStartsWith": "full_name", "firstNameStartsWith": "first_name",
                         "middleNameStartsWith": "middle_name", "lastNameStartsWith": "last_name"]
        case .events: ["nameStartsWith": "title"]
        case .series: ["titleStartsWith": "title"]
        default: [:]
        }
    }

    /// `orderBy` values of each kind (MARVEL_API.md 2.2), with their columns.
    public static func orderColumns(_ kind: EntityKind) -> [String: String] {
        switch kind {
        case .creators: ["lastName": "last_name", "firstName": "first_name", "middleName": "middle_name",
                         "suffix": "suffix", "modified": "modified"]
        case .events: ["name": "title", "startDate": "start_date", "modified": "modified"]
        case .series: ["title": "title", "modified": "modified", "startYear": "start_year"]
        case .stories: ["id": "id", "modified": "modified"]
        case .characters: ["name": "name", "modified": "modified"]
        case .comics: ["title": "title", "modified": "modified"]
        }
    }

    public static let seriesTypes = ["collection", "one shot", "limited", "ongoing"]
}
