import Foundation

/// A related entity inside a resource list: `{resourceURI, name}`, plus `type` for stories and
/// `role` for creators.
public struct ResourceSummary: Codable, Sendable, Hashable {
    public var resourceURI: String
    public var name: String
    /// Story summaries: `cover`, `interiorStory`, `pinup`, … (open set).
    public var type: String?
    /// Creator summaries: `writer`, `penciller (cover)`, the misspelt `penciler (cover)`, … (open set).
    public var role: String?

    public init(resourceURI: String, name: String, type: String? = nil, role: String? = nil) {
        self.resourceURI = resourceURI
        self.name = name
        self.type = type
        self.role = role
    }

    enum CodingKeys: String, CodingKey { case resourceURI, name, type, role }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        resourceURI = try c.link(.resourceURI) ?? ""
        name = try c.string(.name)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        role = try c.decodeIfPresent(String.self, forKey: .role)
    }

    /// The id at the end of `resourceURI` (`…/comics/21366` → 21366).
    public var id: Int? {
        resourceURI.split(separator: "/").last.flatMap { Int($0) }
    }
}

/// A capped list of related entities: `items` holds at most 20 (`returned`), while `available`
/// counts them all; fetch `collectionURI` (a sub-collection endpoint) for the rest.
public struct ResourceList: Codable, Sendable, Hashable {
    public var available: Int
    public var collectionURI: String
    public var items: [ResourceSummary]
    public var returned: Int

    public init(available: Int = 0, collectionURI: String = "", items: [ResourceSummary] = [],
                returned: Int? = nil) {
        self.available = available
        self.collectionURI = collectionURI
        self.items = items
        self.returned = returned ?? items.count
    }

    enum CodingKeys: String, CodingKey { case available, collectionURI, items, returned }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        items = try c.list(ResourceSummary.self, .items)
        returned = try c.int(.returned, default: items.count)
        available = try c.int(.available, default: returned)
        collectionURI = try c.link(.collectionURI) ?? ""
    }

    /// True when `items` shows only part of the list (Marvel caps it at 20).
    public var isTruncated: Bool { available > items.count }
}

/// A public web page about an entity: `detail`, `wiki`, `comiclink`, `purchase`, `reader`, `inAppLink`.
public struct MarvelLink: Codable, Sendable, Hashable {
    public var type: String
    public var url: String

    public init(type: String, url: String) {
        self.type = type
        self.url = url
    }

    enum CodingKeys: String, CodingKey { case type, url }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.string(.type)
        url = try c.link(.url) ?? ""
    }
}

extension Array where Element == MarvelLink {
    /// The first link of a type (`detail` is the one attribution asks to show).
    public func first(ofType type: String) -> MarvelLink? { first { $0.type == type } }
}

/// A comic's date: `onsaleDate`, `focDate`, `unlimitedDate`, `digitalPurchaseDate`.
/// `date` is nil for sentinels (zero date, epoch 0, 2029/2099 placeholders).
public struct ComicDate: Codable, Sendable, Hashable {
    public var type: String
    public var date: Date?

    public init(type: String, date: Date?) {
        self.type = type
        self.date = date
    }

    enum CodingKeys: String, CodingKey { case type, date }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.string(.type)
        date = try c.date(.date)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(MarvelDate.format(date), forKey: .date)
    }
}

/// A price in USD: `printPrice`, `digitalPurchasePrice`; `0` when unknown.
public struct ComicPrice: Codable, Sendable, Hashable {
    public var type: String
    public var price: Double

    public init(type: String, price: Double) {
        self.type = type
        self.price = price
    }

    enum CodingKeys: String, CodingKey { case type, price }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.string(.type)
        price = try c.double(.price)
    }
}

/// Descriptive text: `issue_solicit_text`, `issue_preview_text`.
public struct TextObject: Codable, Sendable, Hashable {
    public var type: String
    public var language: String
    public var text: String

    public init(type: String, language: String = "en-us", text: String) {
        self.type = type
        self.language = language
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case type, language, text }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.string(.type)
        language = try c.string(.language, default: "en-us")
        text = try c.string(.text)
    }
}
