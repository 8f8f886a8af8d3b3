import Foundation
import MarvelContract

/// A comic issue or collection (full view).
public struct MarvelComic: MarvelEntity, Hashable {
    public static let resource = MarvelResource.comics
    public var id: Int
    /// `0` when not available digitally.
    public var digitalId: Int
    public var title: String
    /// A Double in the spec; `0` for collections.
    public var issueNumber: Double
    public var variantDescription: String
    /// nil for `null` and `""`; may contain HTML such as `<br>`.
    public var description: String?
    public var modified: Date?
    public var isbn: String
    public var upc: String
    public var diamondCode: String
    public var ean: String
    public var issn: String
    /// An open string: `Comic`, `Trade Paperback`, `Digital Vertical Comic`, `""`, …
    public var format: String
    public var pageCount: Int
    public var textObjects: [TextObject]
    public var resourceURI: String
    /// `detail`, `purchase`, `reader`, `inAppLink`.
    public var urls: [MarvelLink]
    /// A comic belongs to exactly one series (a summary, not a list).
    public var series: ResourceSummary?
    public var variants: [ResourceSummary]
    public var collections: [ResourceSummary]
    public var collectedIssues: [ResourceSummary]
    public var dates: [ComicDate]
    public var prices: [ComicPrice]
    public var thumbnail: MarvelImage?
    public var images: [MarvelImage]
    public var creators: ResourceList
    public var characters: ResourceList
    public var stories: ResourceList
    public var events: ResourceList

    public init(id: Int, digitalId: Int = 0, title: String, issueNumber: Double = 0,
                variantDescription: String = "", description: String? = nil, modified: Date? = nil,
                isbn: String = "", upc: String = "", diamondCode: String = "", ean: String = "",
                issn: String = "", format: String = "", pageCount: Int = 0,
                textObjects: [TextObject] = [], resourceURI: String = "", urls: [MarvelLink] = [],
                series: ResourceSummary? = nil, variants: [ResourceSummary] = [],
                collections: [ResourceSummary] = [], collectedIssues: [ResourceSummary] = [],
                dates: [ComicDate] = [], prices: [ComicPrice] = [], thumbnail: MarvelImage? = nil,
                images: [MarvelImage] = [], creators: ResourceList = .init(),
                characters: ResourceList = .init(), stories: ResourceList = .init(),
                events: ResourceList = .init()) {
        self.id = id; self.digitalId = digitalId; self.title = title
        self.issueNumber = issueNumber; self.variantDescription = variantDescription
        self.description = description; self.modified = modified
        self.isbn = isbn; self.upc = upc; self.diamondCode = diamondCode; self.ean = ean; self.issn = issn
        self.format = format; self.pageCount = pageCount; self.textObjects = textObjects
        self.resourceURI = resourceURI; self.urls = urls; self.series = series
        self.variants = variants; self.collections = collections; self.collectedIssues = collectedIssues
        self.dates = dates; self.prices = prices; self.thumbnail = thumbnail; self.images = images
        self.creators = creators; self.characters = characters; self.stories = stories; self.events = events
    }

    enum CodingKeys: String, CodingKey {
        case id, digitalId, title, issueNumber, variantDescription, description, modified
        case isbn, upc, diamondCode, ean, issn, format, pageCount, textObjects, resourceURI, urls
        case series, variants, collections, collectedIssues, dates, prices, thumbnail, images
        case creators, characters, stories, events
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        digitalId = try c.int(.digitalId)
        title = try c.decode(String.self, forKey: .title)
        issueNumber = try c.double(.issueNumber)
        variantDescription = try c.string(.variantDescription)
        description = try c.text(.description)
        modified = try c.date(.modified)
        isbn = try c.string(.isbn); upc = try c.string(.upc); diamondCode = try c.string(.diamondCode)
        ean = try c.string(.ean); issn = try c.string(.issn)
        format = try c.string(.format)
        pageCount = try c.int(.pageCount)
        textObjects = try c.list(TextObject.self, .textObjects)
        resourceURI = try c.link(.resourceURI) ?? ""
        urls = try c.list(MarvelLink.self, .urls)
        series = try c.decodeIfPresent(ResourceSummary.self, forKey: .series)
        variants = try c.list(ResourceSummary.self, .variants)
        collections = try c.list(ResourceSummary.self, .collections)
        collectedIssues = try c.list(ResourceSummary.self, .collectedIssues)
        dates = try c.list(ComicDate.self, .dates)
        prices = try c.list(ComicPrice.self, .prices)
        thumbnail = try c.decodeIfPresent(MarvelImage.self, forKey: .thumbnail)
        images = try c.list(MarvelImage.self, .images)
        creators = try c.resources(.creators)
        characters = try c.resources(.characters)
        stories = try c.resources(.stories)
        events = try c.resources(.events)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(digitalId, forKey: .digitalId)
        try c.encode(title, forKey: .title); try c.encode(issueNumber, forKey: .issueNumber)
        try c.encode(variantDescription, forKey: .variantDescription)
        try c.encode(description, forKey: .description)          // Marvel writes null for none
        try c.encode(MarvelDate.format(modified), forKey: .modified)
        try c.encode(isbn, forKey: .isbn); try c.encode(upc, forKey: .upc)
        try c.encode(diamondCode, forKey: .diamondCode); try c.encode(ean, forKey: .ean)
        try c.encode(issn, forKey: .issn); try c.encode(format, forKey: .format)
        try c.encode(pageCount, forKey: .pageCount); try c.encode(textObjects, forKey: .textObjects)
        try c.encode(resourceURI, forKey: .resourceURI); try c.encode(urls, forKey: .urls)
        try c.encodeIfPresent(series, forKey: .series); try c.encode(variants, forKey: .variants)
        try c.encode(collections, forKey: .collections)
        try c.encode(collectedIssues, forKey: .collectedIssues)
        try c.encode(dates, forKey: .dates); try c.encode(prices, forKey: .prices)
        try c.encodeIfPresent(thumbnail, forKey: .thumbnail); try c.encode(images, forKey: .images)
        try c.encode(creators, forKey: .creators); try c.encode(characters, forKey: .characters)
        try c.encode(stories, forKey: .stories); try c.encode(events, forKey: .events)
    }

    /// The on-sale date, when known (placeholders are nil).
    public var onSaleDate: Date? { dates.first { $0.type == "onsaleDate" }?.date }
    /// The print price, else the digital price, when non-zero.
    public var price: Double? {
        (prices.first { $0.type == "printPrice" } ?? prices.first).map(\.price).flatMap { $0 > 0 ? $0 : nil }
    }
}
