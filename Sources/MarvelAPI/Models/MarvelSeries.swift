import Foundation
import MarvelContract

/// A series (full view), as listed by `/characters/{id}/series`.
public struct MarvelSeries: MarvelEntity, Hashable {
    public static let resource = MarvelResource.series
    public var id: Int
    public var title: String
    public var description: String?
    public var resourceURI: String
    public var urls: [MarvelLink]
    public var startYear: Int?
    public var endYear: Int?
    /// Rating text, often `""` (kept as sent).
    public var rating: String
    /// `collection`, `one shot`, `limited`, `ongoing`, or `""` (open set).
    public var type: String
    public var modified: Date?
    public var thumbnail: MarvelImage?
    public var creators: ResourceList
    public var characters: ResourceList
    public var stories: ResourceList
    public var comics: ResourceList
    public var events: ResourceList
    public var next: ResourceSummary?
    public var previous: ResourceSummary?

    public init(id: Int, title: String, description: String? = nil, resourceURI: String = "",
                urls: [MarvelLink] = [], startYear: Int? = nil, endYear: Int? = nil,
                rating: String = "", type: String = "", modified: Date? = nil,
                thumbnail: MarvelImage? = nil, creators: ResourceList = .init(),
                characters: ResourceList = .init(), stories: ResourceList = .init(),
                comics: ResourceList = .init(), events: ResourceList = .init(),
                next: ResourceSummary? = nil, previous: ResourceSummary? = nil) {
        self.id = id; self.title = title; self.description = description
        self.resourceURI = resourceURI; self.urls = urls; self.startYear = startYear
        self.endYear = endYear; self.rating = rating; self.type = type; self.modified = modified
        self.thumbnail = thumbnail; self.creators = creators; self.characters = characters
        self.stories = stories; self.comics = comics; self.events = events
        self.next = next; self.previous = previous
    }

    enum CodingKeys: String, TitledEntityKeys {
        case id, title, description, resourceURI, urls, startYear, endYear, rating, type, modified
        case thumbnail, creators, characters, stories, comics, events, next, previous
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        (id, title, description, resourceURI, urls) = try c.decodeHead()
        startYear = c.contains(.startYear) && (try? c.decodeNil(forKey: .startYear)) == false
            ? try c.int(.startYear) : nil
        endYear = c.contains(.endYear) && (try? c.decodeNil(forKey: .endYear)) == false
            ? try c.int(.endYear) : nil
        rating = try c.string(.rating)
        type = try c.string(.type)
        modified = try c.date(.modified)
        thumbnail = try c.decodeIfPresent(MarvelImage.self, forKey: .thumbnail)
        creators = try c.resources(.creators); characters = try c.resources(.characters)
        stories = try c.resources(.stories); comics = try c.resources(.comics)
        events = try c.resources(.events)
        next = try c.decodeIfPresent(ResourceSummary.self, forKey: .next)
        previous = try c.decodeIfPresent(ResourceSummary.self, forKey: .previous)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeHead(id: id, title: title, description: description, resourceURI: resourceURI, urls: urls)
        try c.encode(startYear, forKey: .startYear); try c.encode(endYear, forKey: .endYear)
        try c.encode(rating, forKey: .rating); try c.encode(type, forKey: .type)
        try c.encode(MarvelDate.format(modified), forKey: .modified)
        try c.encode(thumbnail, forKey: .thumbnail)
        try c.encode(creators, forKey: .creators); try c.encode(characters, forKey: .characters)
        try c.encode(stories, forKey: .stories); try c.encode(comics, forKey: .comics)
        try c.encode(events, forKey: .events)
        try c.encode(next, forKey: .next); try c.encode(previous, forKey: .previous)
    }
}
