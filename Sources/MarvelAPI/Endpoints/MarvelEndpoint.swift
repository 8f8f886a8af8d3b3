import Foundation

/// A validated request for one kind of entity: path under `/v1/public/` plus query items, in a
/// fixed order (the order is part of the cache key). Build one through the static functions,
/// which refuse bad arguments before anything is sent.
public struct MarvelEndpoint<Entity: MarvelEntity>: Sendable, Hashable {
    /// e.g. `/v1/public/characters/1009652/comics`.
    public let path: String
    public let query: [URLQueryItem]

    init(path: String, query: [URLQueryItem] = []) {
        self.path = path
        self.query = query
    }

    /// The same endpoint at another offset (used by the paginator).
    public func with(offset: Int, limit: Int) throws(MarvelAPIError) -> MarvelEndpoint {
        try Validate.page(limit: limit, offset: offset)
        var items = query.filter { $0.name != "offset" && $0.name != "limit" }
        items.append(URLQueryItem(name: "limit", value: String(limit)))
        items.append(URLQueryItem(name: "offset", value: String(offset)))
        return MarvelEndpoint(path: path, query: items)
    }

    /// Current `limit`/`offset` of this endpoint (defaults 20 / 0).
    public var limit: Int { query.last { $0.name == "limit" }?.value.flatMap { Int($0) } ?? 20 }
    public var offset: Int { query.last { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0 }
}

// MARK: Characters

extension MarvelEndpoint where Entity == MarvelCharacter {
    /// `/characters`.
    public static func characters(_ query: CharacterQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/characters", query: try query.items())
    }

    /// `/characters/{id}` (a one-element list).
    public static func character(id: Int) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/characters/\(try Validate.id(id))")
    }

    /// `/comics/{id}/characters`.
    public static func comicCharacters(comicID: Int, _ query: CharacterQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/comics/\(try Validate.id(comicID))/characters", query: try query.items())
    }
}

// MARK: Comics

extension MarvelEndpoint where Entity == MarvelComic {
    /// `/comics`.
    public static func comics(_ query: ComicQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/comics", query: try query.items())
    }

    /// `/comics/{id}` (a one-element list).
    public static func comic(id: Int) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/comics/\(try Validate.id(id))")
    }

    /// `/characters/{id}/comics`.
    public static func characterComics(characterID: Int, _ query: ComicQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/characters/\(try Validate.id(characterID))/comics", query: try query.items())
    }
}

// MARK: A character's series, stories, events

extension MarvelEndpoint where Entity == MarvelSeries {
    /// `/characters/{id}/series`.
    public static func characterSeries(characterID: Int, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/characters/\(try Validate.id(characterID))/series", query: try page.items())
    }
}

extension MarvelEndpoint where Entity == MarvelStory {
    /// `/characters/{id}/stories`.
    public static func characterStories(characterID: Int, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/characters/\(try Validate.id(characterID))/stories", query: try page.items())
    }
}

extension MarvelEndpoint where Entity == MarvelEvent {
    /// `/characters/{id}/events`.
    public static func characterEvents(characterID: Int, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/characters/\(try Validate.id(characterID))/events", query: try page.items())
    }
}

// MARK: Series, events and creators lists

extension MarvelEndpoint where Entity == MarvelSeries {
    /// `/series`, by title (or by title start).
    public static func seriesList(titleStartsWith: String? = nil, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/series", query: try Self.named("titleStartsWith", titleStartsWith, orderBy: "title", page))
    }
}

extension MarvelEndpoint where Entity == MarvelEvent {
    /// `/events`, by name (or by name start).
    public static func eventList(nameStartsWith: String? = nil, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/events", query: try Self.named("nameStartsWith", nameStartsWith, orderBy: "name", page))
    }
}

extension MarvelEndpoint where Entity == MarvelCreator {
    /// `/creators`, by last name then first name (or `orderBy` when the server cannot: Metron
    /// keeps creators by full name), or by full-name start.
    public static func creatorList(nameStartsWith: String? = nil, orderBy: String = "lastName,firstName",
                                   _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/creators", query: try Self.named("nameStartsWith", nameStartsWith, orderBy: orderBy, page))
    }
}

extension MarvelEndpoint {
    /// A prefix filter (refused when blank, as the API would), an ordering and the page.
    static func named(_ filter: String, _ prefix: String?, orderBy: String, _ page: PageQuery) throws(MarvelAPIError) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let prefix {
            let trimmed = prefix.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed != "0" else {
                throw .invalidArgument("\(filter) cannot be blank")
            }
            items.append(URLQueryItem(name: filter, value: trimmed))
        }
        items.append(URLQueryItem(name: "orderBy", value: orderBy))
        return items + (try page.items())
    }
}

// MARK: Any type by id, and the cross routes

extension MarvelEndpoint {
    /// `/{type}/{id}` of any resource type (a one-element list).
    public static func byID(_ id: Int) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/\(Entity.resource.rawValue)/\(try Validate.id(id))")
    }

    /// `/{parent}/{id}/{type}`: the entities of this type related to one of `parent`, in this
    /// type's natural order. Refused for a route the contract does not have.
    public static func related(to parent: MarvelResource, id: Int, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        guard parent.subCollections.contains(Entity.resource) else {
            throw .invalidArgument("there is no /\(parent.rawValue)/{id}/\(Entity.resource.rawValue) route")
        }
        let order = URLQueryItem(name: "orderBy", value: Entity.resource.naturalOrder)
        return Self(path: "/v1/public/\(parent.rawValue)/\(try Validate.id(id))/\(Entity.resource.rawValue)",
                    query: [order] + (try page.items()))
    }
}
