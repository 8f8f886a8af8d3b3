import Foundation
import MarvelContract

/// A story (full view), as listed by `/characters/{id}/stories`.
public struct MarvelStory: MarvelEntity, Hashable {
    public static let resource = MarvelResource.stories
    public var id: Int
    public var title: String
    public var description: String?
    public var resourceURI: String
    /// `story`, `cover`, `interiorStory`, … (open set).
    public var type: String
    public var modified: Date?
    public var thumbnail: MarvelImage?
    public var creators: ResourceList
    public var characters: ResourceList
    public var series: ResourceList
    public var comics: ResourceList
    public var events: ResourceList
    public var originalIssue: ResourceSummary?

    public init(id: Int, title: String, description: String? = nil, resourceURI: String = "",
                type: String = "", modified: Date? = nil, thumbnail: MarvelImage? = nil,
                creators: ResourceList = .init(), characters: ResourceList = .init(),
                series: ResourceList = .init(), comics: ResourceList = .init(),
                events: ResourceList = .init(), originalIssue: ResourceSummary? = nil) {
        self.id = id; self.title = title; self.description = description
        self.resourceURI = resourceURI; self.type = type; self.modified = modified
        self.thumbnail = thumbnail; self.creators = creators; self.characters = characters
        self.series = series; self.comics = comics; self.events = events
        self.originalIssue = originalIssue
    }

    enum CodingKeys: String, CodingKey {
        case id, title, description, resourceURI, type, modified, thumbnail
        case creators, characters, series, comics, events, originalIssue
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        title = try c.string(.title)
        description = try c.text(.description)
        resourceURI = try c.link(.resourceURI) ?? ""
        type = try c.string(.type)
        modified = try c.date(.modified)
        thumbnail = try c.decodeIfPresent(MarvelImage.self, forKey: .thumbnail)
        creators = try c.resources(.creators); characters = try c.resources(.characters)
        series = try c.resources(.series); comics = try c.resources(.comics)
        events = try c.resources(.events)
        originalIssue = try c.decodeIfPresent(ResourceSummary.self, forKey: .originalIssue)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id); try c.encode(title, forKey: .title)
        try c.encode(description ?? "", forKey: .description)
        try c.encode(resourceURI, forKey: .resourceURI); try c.encode(type, forKey: .type)
        try c.encode(MarvelDate.format(modified), forKey: .modified)
        try c.encode(thumbnail, forKey: .thumbnail)
        try c.encode(creators, forKey: .creators); try c.encode(characters, forKey: .characters)
        try c.encode(series, forKey: .series); try c.encode(comics, forKey: .comics)
        try c.encode(events, forKey: .events)
        try c.encodeIfPresent(originalIssue, forKey: .originalIssue)
    }
}
