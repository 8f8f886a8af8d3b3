import Foundation
import MarvelContract

/// A character (full view). Named `MarvelCharacter` so it never shadows `Swift.Character`.
public struct MarvelCharacter: MarvelEntity, Hashable {
    public static let resource = MarvelResource.characters
    public var id: Int
    public var name: String
    /// nil when Marvel sends `""` (most characters) or `null`.
    public var description: String?
    /// nil for sentinels such as `1969-12-31T19:00:00-0500`.
    public var modified: Date?
    public var thumbnail: MarvelImage?
    public var resourceURI: String
    public var comics: ResourceList
    public var series: ResourceList
    public var stories: ResourceList
    public var events: ResourceList
    /// `detail`, `wiki`, `comiclink`.
    public var urls: [MarvelLink]

    public init(id: Int, name: String, description: String? = nil, modified: Date? = nil,
                thumbnail: MarvelImage? = nil, resourceURI: String = "",
                comics: ResourceList = .init(), series: ResourceList = .init(),
                stories: ResourceList = .init(), events: ResourceList = .init(),
                urls: [MarvelLink] = []) {
        self.id = id
        self.name = name
        self.description = description
        self.modified = modified
        self.thumbnail = thumbnail
        self.resourceURI = resourceURI
        self.comics = comics
        self.series = series
        self.stories = stories
        self.events = events
        self.urls = urls
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, modified, thumbnail, resourceURI, comics, series, stories, events, urls
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        description = try c.text(.description)
        modified = try c.date(.modified)
        thumbnail = try c.decodeIfPresent(MarvelImage.self, forKey: .thumbnail)
        resourceURI = try c.link(.resourceURI) ?? ""
        comics = try c.resources(.comics)
        series = try c.resources(.series)
        stories = try c.resources(.stories)
        events = try c.resources(.events)
        urls = try c.list(MarvelLink.self, .urls)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(description ?? "", forKey: .description)   // Marvel writes "" for none
        try c.encode(MarvelDate.format(modified), forKey: .modified)
        try c.encodeIfPresent(thumbnail, forKey: .thumbnail)
        try c.encode(resourceURI, forKey: .resourceURI)
        try c.encode(comics, forKey: .comics)
        try c.encode(series, forKey: .series)
        try c.encode(stories, forKey: .stories)
        try c.encode(events, forKey: .events)
        try c.encode(urls, forKey: .urls)
    }
}
