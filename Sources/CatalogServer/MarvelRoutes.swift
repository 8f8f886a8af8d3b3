import Catalog
import ContractServing
import Foundation

/// The `/v1/public/...` endpoints: parameters in, one page out (or an APIFailure).
struct MarvelRoutes: Sendable {
    let catalog: any CatalogReading

    typealias Result = RouteAnswer

    /// The parameters that choose a window of a list without filtering it.
    static let windowNames: Set<String> = ["limit", "offset", "orderBy"]

    /// `nameContains` and `titleContains` are ours (search anywhere in a name); the real API
    /// would answer 409 to them, so only our client sends them, and only to this server.
    static let characterListParams: Set<String> = ["name", "nameStartsWith", "nameContains", "modifiedSince", "comics", "series",
                                                   "events", "stories", "orderBy", "limit", "offset"]
    static let comicListParams: Set<String> = [
        "format", "formatType", "noVariants", "dateDescriptor", "dateRange", "title", "titleStartsWith", "titleContains", "startYear",
        "issueNumber", "diamondCode", "digitalId", "upc", "isbn", "ean", "issn", "hasDigitalIssue", "modifiedSince",
        "creators", "characters", "series", "events", "stories", "sharedAppearances", "collaborators", "orderBy",
        "limit", "offset"]

    /// Answers one route: a list, one entity by id, or a cross route (`/series/{id}/comics`)
    /// for the six resource types.
    func answer(_ route: ContractRoute, _ params: QueryParameters) throws(APIFailure) -> Result {
        switch route {
        case .list(let kind):
            return try list(kind, params, scope: nil).of(kind)
        case .entity(let kind, let id):
            try params.rejectUnknown(allowed: [])
            return try one(catalogCall { try catalog.entity(kind, id: id) }, id: id, missing: kind.notFoundNoun).of(kind)
        case .related(let kind, let id, let sub):
            guard try catalogCall({ try catalog.entity(kind, id: id) }) != nil else { throw .notFound(kind.notFoundNoun) }
            var answer = try list(sub, params, scope: (kind, id)).of(sub)
            // Unfiltered, a collection is the entity's list: its total is the list's `available`
            // when the collection holds fewer (the count its record gave; comics known only by name).
            if params.pairs.allSatisfy({ Self.windowNames.contains($0.name) || QueryParameters.authNames.contains($0.name) }),
               let available = try catalogCall({ try catalog.listAvailable(kind, id: id, sub) }), available > answer.page.total {
                answer.page.total = available
            }
            return answer
        }
    }

    /// A list of `kind`, optionally scoped to the entities related to one `scope` entity; the scope's
    /// own filter is not a parameter there (no `characters=` on `/characters/{id}/comics`).
    private func list(_ kind: EntityKind, _ params: QueryParameters, scope: (EntityKind, Int)?) throws(APIFailure) -> Result {
        let excluded: Set<String> = scope.map { [$0.0.rawValue] } ?? []
        switch kind {
        case .characters:
            try params.rejectUnknown(allowed: Self.characterListParams.subtracting(excluded))
            return try characters(params, scope: scope)
        case .comics:
            try params.rejectUnknown(allowed: Self.comicListParams.subtracting(excluded))
            return try comics(params, scope: scope)
        case .creators, .events, .series, .stories:
            try params.rejectUnknown(allowed: EntityParameters.allowed(kind).subtracting(excluded))
            var q = try EntityParameters.filter(kind, params)
            if let (owner, id) = scope { q.related[owner] = [id] }
            let query = q
            return Result(page: try catalogCall { try catalog.entities(kind, query) }, limit: q.limit, offset: q.offset)
        }
    }

    private func one(_ json: String?, id: Int, missing: String) throws(APIFailure) -> Result {
        guard let json else { throw .notFound(missing) }
        return Result(page: CatalogPage(total: 1, results: [json], ids: [id]), limit: 20, offset: 0)
    }

    func catalogCall<T>(_ body: () throws -> T) throws(APIFailure) -> T {
        do { return try body() } catch {
            throw .gateway(500, "InternalError", "The catalog could not answer: \(error)")
        }
    }

    private func characters(_ p: QueryParameters, scope: (EntityKind, Int)?) throws(APIFailure) -> Result {
        var q = CharacterFilter()
        q.name = try p.text("name")
        q.nameStartsWith = try p.text("nameStartsWith")
        q.nameContains = try p.text("nameContains")
        q.modifiedSince = try p.date("modifiedSince")
        return try window(q, p, scope: scope, fetch: catalog.characters)
    }

    private func comics(_ p: QueryParameters, scope: (EntityKind, Int)?) throws(APIFailure) -> Result {
        var q = ComicFilter()
        if let format = try p.text("format") {
            guard ComicFilter.formats.contains(format.lowercased()) else {
                throw .validation("You must pass a valid format if you set the format filter.")
            }
            q.format = format
        }
        if let type = try p.text("formatType") {
            guard ["comic", "collection"].contains(type.lowercased()) else {
                throw .validation("You must pass a valid format type if you set the format type filter.")
            }
            q.formatType = type
        }
        q.noVariants = try p.bool("noVariants")
        q.title = try p.text("title")
        q.titleStartsWith = try p.text("titleStartsWith")
        q.titleContains = try p.text("titleContains")
        if let year = try p.text("startYear", zeroIsBlank: false) {
            guard let y = Int(year) else { throw .validation("You must pass a valid start year.") }
            q.startYear = y
        }
        if let issue = try p.text("issueNumber", zeroIsBlank: false) {
            guard let n = Double(issue) else { throw .validation("You must pass a valid issue number.") }
            q.issueNumber = n
        }
        if let digital = try p.text("digitalId", zeroIsBlank: false) {
            guard let n = Int(digital) else { throw .validation("You must pass a valid digital id.") }
            q.digitalId = n
        }
        q.hasDigitalIssue = try p.bool("hasDigitalIssue")
        q.modifiedSince = try p.date("modifiedSince")
        for field in ["diamondCode", "upc", "isbn", "ean", "issn"] {
            if let value = try p.text(field, zeroIsBlank: false) { q.fieldEquals[field] = value }
        }
        q.onsaleRange = try onsaleRange(p)
        return try window(q, p, scope: scope, fetch: catalog.comics)
    }

    /// The tail every list route shares: its id lists, orderBy, limit and offset (checked in that
    /// order, after the route's own filters), then the route's scope (e.g. `/characters/{id}/comics`,
    /// which replaces the `characters` list), then the query.
    private func window<Filter: ListFilter>(_ filter: Filter, _ p: QueryParameters, scope: (EntityKind, Int)?,
                                            fetch: (Filter) throws -> CatalogPage) throws(APIFailure) -> Result {
        var q = filter
        for list in Filter.idLists { q[keyPath: list.field] = try p.ids(list.name) }
        q.window.orderBy = try p.orderBy(Filter.orderFields)
        q.window.limit = try p.limit()
        q.window.offset = try p.offset()
        if let (owner, id) = scope, let list = Filter.idLists.first(where: { $0.name == owner.rawValue }) {
            q[keyPath: list.field] = [id]
        }
        let query = q
        return Result(page: try catalogCall { try fetch(query) }, limit: q.window.limit, offset: q.window.offset)
    }

    private func onsaleRange(_ p: QueryParameters) throws(APIFailure) -> ClosedRange<Int64>? {
        if let range = try p.text("dateRange", zeroIsBlank: false) {
            let dates = range.split(separator: ",").compactMap { CatalogDate.epochSeconds(String($0).trimmingCharacters(in: .whitespaces)) }
            guard dates.count == 2, dates[0] <= dates[1] else {
                throw .validation("You must pass a valid date range (two dates, separated by a comma).")
            }
            return dates[0]...(dates[1] + 86_399)
        }
        guard let descriptor = try p.text("dateDescriptor", zeroIsBlank: false) else { return nil }
        let now = Int64(Date().timeIntervalSince1970), day: Int64 = 86_400
        switch descriptor {
        case "lastWeek": return (now - 14 * day)...(now - 7 * day)
        case "thisWeek": return (now - 7 * day)...now
        case "nextWeek": return now...(now + 7 * day)
        case "thisMonth": return (now - 30 * day)...now
        default: throw .validation("You must pass a valid date descriptor.")
        }
    }
}

/// A list filter as `MarvelRoutes.window` fills it in: the order fields it takes, and its id-list
/// parameters in the order they are checked; a cross route (`/comics/{id}/characters`) scopes the
/// filter by the list named as its owner kind.
protocol ListFilter: WindowedQuery {
    static var orderFields: Set<String> { get }
    static var idLists: [(name: String, field: WritableKeyPath<Self, [Int]>)] { get }
}

extension MarvelRoutes {
    /// Everything the contract lists, the catalog honours.
    static var capabilities: LiveSourceCapabilities {
        var parameters: [EntityKind: Set<String>] = [.characters: characterListParams, .comics: comicListParams]
        var orders: [EntityKind: Set<String>] = [.characters: CharacterFilter.orderFields, .comics: ComicFilter.orderFields]
        for kind in [EntityKind.creators, .events, .series, .stories] {
            parameters[kind] = EntityParameters.allowed(kind)
            orders[kind] = Set(EntityFilter.orderColumns(kind).keys)
        }
        return LiveSourceCapabilities(listParameters: parameters, orders: orders)
    }
}

extension CharacterFilter: ListFilter {
    static var idLists: [(name: String, field: WritableKeyPath<Self, [Int]>)] {
        [("comics", \.comics), ("series", \.series), ("events", \.events), ("stories", \.stories)]
    }
}

extension ComicFilter: ListFilter {
    static var idLists: [(name: String, field: WritableKeyPath<Self, [Int]>)] {
        [("characters", \.characters), ("sharedAppearances", \.sharedAppearances), ("creators", \.creators),
         ("collaborators", \.collaborators), ("series", \.series), ("events", \.events), ("stories", \.stories)]
    }
}
