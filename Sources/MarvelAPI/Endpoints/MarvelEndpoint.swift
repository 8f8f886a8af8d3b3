import Foundation
import MarvelContract

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

// MARK: Characters and comics (their own filters), a character's series, stories and events

extension MarvelEndpoint where Entity == MarvelCharacter {
    /// `/characters`; `/comics/{id}/characters`. One character is `byID`.
    public static func characters(_ query: CharacterQuery = .init()) throws(MarvelAPIError) -> Self { .all(try query.items()) }
    public static func comicCharacters(comicID: Int, _ query: CharacterQuery = .init()) throws(MarvelAPIError) -> Self {
        try .under(.comics, comicID, query.items())
    }
}

extension MarvelEndpoint where Entity == MarvelComic {
    /// `/comics`; `/characters/{id}/comics`. One comic is `byID`.
    public static func comics(_ query: ComicQuery = .init()) throws(MarvelAPIError) -> Self { .all(try query.items()) }
    public static func characterComics(characterID: Int, _ query: ComicQuery = .init()) throws(MarvelAPIError) -> Self {
        try .under(.characters, characterID, query.items())
    }
}

extension MarvelEndpoint {
    /// `/characters/{id}/series`, `/stories` or `/events` (the entity type says which), in the
    /// server's order.
    public static func ofCharacter(_ characterID: Int, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        try .under(.characters, characterID, page.items())
    }

    /// `/{type}` with these query items.
    static func all(_ query: [URLQueryItem]) -> Self {
        Self(path: "/v1/public/\(Entity.resource.rawValue)", query: query)
    }

    /// `/{parent}/{id}/{type}` with these query items.
    static func under(_ parent: MarvelResource, _ id: Int, _ query: [URLQueryItem]) throws(MarvelAPIError) -> Self {
        Self(path: "/v1/public/\(parent.rawValue)/\(try Validate.id(id))/\(Entity.resource.rawValue)", query: query)
    }
}

// MARK: Series, events and creators lists

extension MarvelEndpoint where Entity == MarvelSeries {
    /// `/series`, by title (or by title start).
    public static func seriesList(titleStartsWith: String? = nil, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        .all(try Self.named("titleStartsWith", titleStartsWith, orderBy: "title", page))
    }
}

extension MarvelEndpoint where Entity == MarvelEvent {
    /// `/events`, by name (or by name start).
    public static func eventList(nameStartsWith: String? = nil, _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        .all(try Self.named("nameStartsWith", nameStartsWith, orderBy: "name", page))
    }
}

extension MarvelEndpoint where Entity == MarvelCreator {
    /// `/creators`, by last name then first name (or `orderBy` when the server cannot: a live source
    /// may keep creators by full name), or by full-name start.
    public static func creatorList(nameStartsWith: String? = nil, orderBy: String = "lastName,firstName",
                                   _ page: PageQuery = .init()) throws(MarvelAPIError) -> Self {
        .all(try Self.named("nameStartsWith", nameStartsWith, orderBy: orderBy, page))
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
    /// type's natural order (`ordered: false`: in the server's own, for a source that can
    /// honour no Marvel order of them). Refused for a route the contract does not have.
    public static func related(to parent: MarvelResource, id: Int, _ page: PageQuery = .init(),
                               ordered: Bool = true) throws(MarvelAPIError) -> Self {
        guard parent.subCollections.contains(Entity.resource) else {
            throw .invalidArgument("there is no /\(parent.rawValue)/{id}/\(Entity.resource.rawValue) route")
        }
        let order = ordered ? [URLQueryItem(name: "orderBy", value: Entity.resource.naturalOrder)] : []
        return try .under(parent, id, order + (try page.items()))
    }
}
