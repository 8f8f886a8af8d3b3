import Foundation
import MarvelContract

/// An event (full view), as listed by `/characters/{id}/events`.
/// `start`/`end` use a different format (`1993-11-10 00:00:00`), parsed as UTC.
public struct MarvelEvent: MarvelEntity, Hashable {
    public static let resource = MarvelResource.events
    public var id: Int
    public var title: String
    public var description: String?
    public var resourceURI: String
    public var urls: [MarvelLink]
    public var modified: Date?
    public var start: Date?
    public var end: Date?
    public var thumbnail: MarvelImage?
    public var creators: ResourceList
    public var characters: ResourceList
    public var stories: ResourceList
    public var comics: ResourceList
    public var series: ResourceList
    public var next: ResourceSummary?
    public var previous: ResourceSummary?

    public init(id: Int, title: String, description: String? = nil, resourceURI: String = "",
                urls: [MarvelLink] = [], modified: Date? = nil, start: Date? = nil, end: Date? = nil,
                thumbnail: MarvelImage? = nil, creators: ResourceList = .init(),
                characters: ResourceList = .init(), stories: ResourceList = .init(),
                comics: ResourceList = .init(), series: ResourceList = .init(),
                next: ResourceSummary? = nil, previous: ResourceSummary? = nil) {
        self.id = id; self.title = title; self.description = description
        self.resourceURI = resourceURI; self.urls = urls; self.modified = modified
        self.start = start; self.end = end; self.thumbnail = thumbnail
        self.creators = creators; self.characters = characters; self.stories = stories
        self.comics = comics; self.series = series; self.next = next; self.previous = previous
    }

    enum CodingKeys: String, TitledEntityKeys {
        case id, title, description, resourceURI, urls, modified, start, end, thumbnail
        case creators, characters, stories, comics, series, next, previous
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        (id, title, description, resourceURI, urls) = try c.decodeHead()
        modified = try c.date(.modified)
        start = try c.date(.start)
        end = try c.date(.end)
        thumbnail = try c.decodeIfPresent(MarvelImage.self, forKey: .thumbnail)
        creators = try c.resources(.creators); characters = try c.resources(.characters)
        stories = try c.resources(.stories); comics = try c.resources(.comics)
        series = try c.resources(.series)
        next = try c.decodeIfPresent(ResourceSummary.self, forKey: .next)
        previous = try c.decodeIfPresent(ResourceSummary.self, forKey: .previous)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeHead(id: id, title: title, description: description, resourceURI: resourceURI, urls: urls)
        try c.encode(MarvelDate.format(modified), forKey: .modified)
        // nil start/end are written as JSON null: Marvel's event dates have no sentinel form.
        try c.encode(start.map(MarvelDate.format), forKey: .start)
        try c.encode(end.map(MarvelDate.format), forKey: .end)
        try c.encode(thumbnail, forKey: .thumbnail)
        try c.encode(creators, forKey: .creators); try c.encode(characters, forKey: .characters)
        try c.encode(stories, forKey: .stories); try c.encode(comics, forKey: .comics)
        try c.encode(series, forKey: .series)
        try c.encode(next, forKey: .next); try c.encode(previous, forKey: .previous)
    }
}
