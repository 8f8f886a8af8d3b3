import Foundation
import MarvelContract

/// A creator (full view), as listed by `/creators`.
public struct MarvelCreator: MarvelEntity, Hashable {
    public static let resource = MarvelResource.creators
    public var id: Int
    public var firstName: String
    public var middleName: String
    public var lastName: String
    public var suffix: String
    public var fullName: String
    public var resourceURI: String
    public var urls: [MarvelLink]
    public var modified: Date?
    public var thumbnail: MarvelImage?
    public var comics: ResourceList
    public var series: ResourceList
    public var stories: ResourceList
    public var events: ResourceList

    public init(id: Int, fullName: String, firstName: String = "", middleName: String = "", lastName: String = "",
                suffix: String = "", resourceURI: String = "", urls: [MarvelLink] = [], modified: Date? = nil,
                thumbnail: MarvelImage? = nil, comics: ResourceList = .init(), series: ResourceList = .init(),
                stories: ResourceList = .init(), events: ResourceList = .init()) {
        self.id = id; self.fullName = fullName; self.firstName = firstName; self.middleName = middleName
        self.lastName = lastName; self.suffix = suffix; self.resourceURI = resourceURI; self.urls = urls
        self.modified = modified; self.thumbnail = thumbnail; self.comics = comics; self.series = series
        self.stories = stories; self.events = events
    }

    enum CodingKeys: String, CodingKey {
        case id, firstName, middleName, lastName, suffix, fullName, resourceURI, urls, modified, thumbnail
        case comics, series, stories, events
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        firstName = try c.string(.firstName); middleName = try c.string(.middleName)
        lastName = try c.string(.lastName); suffix = try c.string(.suffix)
        fullName = try c.string(.fullName)
        resourceURI = try c.link(.resourceURI) ?? ""
        urls = try c.list(MarvelLink.self, .urls)
        modified = try c.date(.modified)
        thumbnail = try c.decodeIfPresent(MarvelImage.self, forKey: .thumbnail)
        comics = try c.resources(.comics); series = try c.resources(.series)
        stories = try c.resources(.stories); events = try c.resources(.events)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(firstName, forKey: .firstName); try c.encode(middleName, forKey: .middleName)
        try c.encode(lastName, forKey: .lastName); try c.encode(suffix, forKey: .suffix)
        try c.encode(fullName, forKey: .fullName)
        try c.encode(resourceURI, forKey: .resourceURI); try c.encode(urls, forKey: .urls)
        try c.encode(MarvelDate.format(modified), forKey: .modified)
        try c.encode(thumbnail, forKey: .thumbnail)
        try c.encode(comics, forKey: .comics); try c.encode(series, forKey: .series)
        try c.encode(stories, forKey: .stories); try c.encode(events, forKey: .events)
    }
}
