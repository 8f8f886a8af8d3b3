import Catalog
import Foundation
import MetronSource

/// The Marvel contract answered from Metron (`serve --source metron`): characters ->
/// characters, issues -> comics, series -> series, arcs -> events, creators -> creators;
/// stories are always empty (Metron has none). A Marvel window (`offset`, `limit` <= 100) is
/// cut from the one or two Metron pages of 100 that hold it, fetched only then; the client's
/// cache makes a second visit free.
struct MetronBackend: Sendable {
    let client: MetronClient
    /// `nameStartsWith` reads at most this many pages of its run of names in Metron's
    /// "name contains" list (after the binary search that finds the run).
    static let startsWithPages = 5

    static let characterParams: Set<String> = ["name", "nameStartsWith", "nameContains", "orderBy", "limit", "offset", "modifiedSince"]
    static let comicParams: Set<String> = ["title", "titleStartsWith", "titleContains", "orderBy", "limit", "offset",
                                           "noVariants", "format", "formatType", "modifiedSince"]
    static let entityParams: Set<String> = ["name", "nameStartsWith", "title", "titleStartsWith", "orderBy", "limit", "offset",
                                            "modifiedSince"]

    func answer(_ components: [Substring], _ params: QueryParameters, pathAndQuery: String,
                base: String) async throws(APIFailure) -> MarvelRoutes.Result {
        let translate = MetronToMarvel(imageBase: base)
        guard let first = components.first, let kind = EntityKind(rawValue: String(first)), components.count <= 3 else {
            throw .noRoute(pathAndQuery)
        }
        let limit = try params.limit(), offset = try params.offset()
        func window(_ objects: [[String: Any]], total: Int) throws(APIFailure) -> MarvelRoutes.Result {
            MarvelRoutes.Result(page: CatalogPage(total: total, results: try objects.map(Self.serialize)), limit: limit, offset: offset)
        }
        if components.count == 1 {
            try params.rejectUnknown(allowed: kind == .comics ? Self.comicParams : kind == .characters ? Self.characterParams : Self.entityParams)
            return try await list(kind, params, limit: limit, offset: offset, translate)
        }
        guard let id = Int(components[1]), id > 0 else { throw .noRoute(pathAndQuery) }
        if components.count == 2 {
            try params.rejectUnknown(allowed: [])
            return try window([try await one(kind, id, translate)], total: 1)
        }
        guard let sub = EntityKind(rawValue: String(components[2])), kind.subCollections.contains(sub) else {
            throw .noRoute(pathAndQuery)
        }
        try params.rejectUnknown(allowed: sub == .comics ? Self.comicParams : sub == .characters ? Self.characterParams : Self.entityParams)
        switch (kind, sub) {
        case (.characters, .comics), (.series, .comics), (.events, .comics):
            let path = "\(Self.metronPath(kind))/\(id)/issue_list"
            let (items, total) = try await pages(MetronIssueSummary.self, path, [:], limit: limit, offset: offset)
            return try window(items.map(translate.comic), total: total)
        case (.comics, .characters):
            let issue = try await call { try await client.detail(MetronIssue.self, "issue", id: id) }
            let all = issue.characters.map { character -> [String: Any] in
                var summary = MetronFields(["id": character.id, "name": character.name], place: "issue \(id)")
                return translate.character(try! MetronSummary(fields: &summary))
            }
            return try window(Array(all.dropFirst(offset).prefix(limit)), total: all.count)
        default:
            // Metron keeps no such list (a character's series or events, any story): empty, as
            // the Marvel API answers for an entity without them.
            _ = try await one(kind, id, translate)
            return try window([], total: 0)
        }
    }

    private func list(_ kind: EntityKind, _ params: QueryParameters, limit: Int, offset: Int,
                      _ translate: MetronToMarvel) async throws(APIFailure) -> MarvelRoutes.Result {
        var objects: [[String: Any]] = []
        var total = 0
        /// One kind's page: its Metron list filtered by name (by title for comics and series),
        /// each record translated.
        func page<Item: MetronRecord>(_ type: Item.Type, _ path: String, titled: Bool = false,
                                      query: ([String: String]) -> [String: String] = { $0 },
                                      _ make: (Item) -> [String: Any]) async throws(APIFailure) -> ([[String: Any]], Int) {
            let (filter, startsWith) = try Self.nameFilter(params, contains: titled ? "titleContains" : "nameContains",
                                                           startsWith: titled ? "titleStartsWith" : "nameStartsWith",
                                                           exact: titled ? "title" : "name")
            let (items, count) = try await pages(Item.self, path, query(filter), limit: limit, offset: offset, startsWith: startsWith)
            return (items.map(make), count)
        }
        switch kind {
        case .characters: (objects, total) = try await page(MetronSummary.self, "character", translate.character)
        case .comics:
            (objects, total) = try await page(MetronIssueSummary.self, "issue", titled: true,
                                              query: { $0["name"].map { ["series_name": $0] } ?? [:] }, translate.comic)
        case .series: (objects, total) = try await page(MetronSeriesSummary.self, "series", titled: true, translate.series)
        case .events: (objects, total) = try await page(MetronSummary.self, "arc", translate.event)
        case .creators: (objects, total) = try await page(MetronSummary.self, "creator", translate.creator)
        case .stories: break
        }
        return MarvelRoutes.Result(page: CatalogPage(total: total, results: try objects.map(Self.serialize)), limit: limit, offset: offset)
    }

    private func one(_ kind: EntityKind, _ id: Int, _ translate: MetronToMarvel) async throws(APIFailure) -> [String: Any] {
        switch kind {
        case .characters: return translate.character(try await call { try await client.detail(MetronCharacter.self, "character", id: id) })
        case .comics: return translate.comic(try await call { try await client.detail(MetronIssue.self, "issue", id: id) })
        case .series: return translate.series(try await call { try await client.detail(MetronSeries.self, "series", id: id) })
        case .events: return translate.event(try await call { try await client.detail(MetronArc.self, "arc", id: id) })
        case .creators: return translate.creator(try await call { try await client.detail(MetronCreator.self, "creator", id: id) })
        case .stories: throw .notFound(kind.notFoundNoun)
        }
    }

    /// Metron's name filter (`name` is "contains") from the Marvel parameter given, and the
    /// prefix to keep when the Marvel one was a starts-with.
    static func nameFilter(_ params: QueryParameters, contains: String, startsWith: String,
                           exact: String) throws(APIFailure) -> ([String: String], String?) {
        if let text = try params.text(contains) { return (["name": text], nil) }
        if let text = try params.text(startsWith) { return (["name": text], text) }
        if let text = try params.text(exact) { return (["name": text], nil) }
        return ([:], nil)
    }

    /// Items `offset..<offset+limit` of a Metron list and its total. With `startsWith`, the
    /// names with that prefix: Metron's "name contains" list is sorted by name, so they are one
    /// run, found by a binary search over its pages and read to its end (at most
    /// `startsWithPages` pages of it; a longer run is cut there).
    private func pages<Item: MetronRecord>(_ type: Item.Type, _ path: String, _ query: [String: String], limit: Int,
                                           offset: Int, startsWith: String? = nil) async throws(APIFailure) -> ([Item], Int) {
        if let prefix = startsWith?.lowercased(), !prefix.isEmpty {
            let kept = try await run(Item.self, path, query, prefix: prefix)
            return (Array(kept.dropFirst(offset).prefix(limit)), kept.count)
        }
        guard limit > 0 else {
            return ([], try await call { try await client.page(Item.self, path, query: query, page: 1) }.count)
        }
        let firstPage = offset / 100 + 1, lastPage = (offset + limit - 1) / 100 + 1
        var items: [Item] = []
        var total = 0
        for page in firstPage...lastPage {
            let answer: MetronPage<Item>
            do {
                answer = try await client.page(Item.self, path, query: query, page: page)
            } catch .notFound where page > 1 {
                break  // past the end: DRF answers 404 for a page beyond the last
            } catch {
                throw Self.failure(error)
            }
            total = answer.count
            let skip = page == firstPage ? offset % 100 : 0
            items += answer.results.dropFirst(skip)
            if answer.next == nil { break }
        }
        return (Array(items.prefix(limit)), total)
    }

    /// The run of items whose names start with `prefix` in a name-sorted Metron list.
    private func run<Item: MetronRecord>(_ type: Item.Type, _ path: String, _ query: [String: String],
                                         prefix: String) async throws(APIFailure) -> [Item] {
        func key(_ item: Item) -> String { String(Self.name(of: item).lowercased().prefix(prefix.count)) }
        var fetched: [Int: MetronPage<Item>] = [:]
        func page(_ n: Int) async throws(APIFailure) -> MetronPage<Item> {
            if let known = fetched[n] { return known }
            let answer = try await call { try await client.page(Item.self, path, query: query, page: n) }
            fetched[n] = answer
            return answer
        }
        let first = try await page(1)
        let pageCount = max(1, (first.count + 99) / 100)
        // The first page whose last name is not before the prefix.
        var low = 1, high = pageCount
        while low < high {
            let mid = (low + high) / 2
            if let last = try await page(mid).results.last, key(last) < prefix { low = mid + 1 } else { high = mid }
        }
        var kept: [Item] = []
        var n = low
        while n <= min(pageCount, low + Self.startsWithPages - 1) {
            let items = try await page(n).results
            kept += items.filter { key($0) == prefix }
            if let last = items.last, key(last) > prefix { break }
            n += 1
        }
        return kept
    }

    static func name(of item: some MetronRecord) -> String {
        switch item {
        case let s as MetronSummary: return s.name
        case let s as MetronSeriesSummary: return s.name
        case let s as MetronIssueSummary: return s.displayName
        default: return ""
        }
    }

    static func metronPath(_ kind: EntityKind) -> String {
        switch kind {
        case .characters: "character"
        case .comics: "issue"
        case .series: "series"
        case .events: "arc"
        case .creators: "creator"
        case .stories: "story"
        }
    }

    private func call<T>(_ body: () async throws -> T) async throws(APIFailure) -> T {
        do { return try await body() } catch let error as MetronError {
            throw Self.failure(error)
        } catch {
            throw Self.failure(.transport("\(error)"))
        }
    }

    /// Metron's trouble as the Marvel gateway would say it: 404 stays 404, a refused account is
    /// a 401 naming Metron, everything else a 503 with the reason (never the password).
    static func failure(_ error: MetronError) -> APIFailure {
        switch error {
        case .notFound: return .status(404, "We couldn't find that record on Metron")
        case .unauthorized, .missingCredentials: return .gateway(401, "InvalidCredentials", error.description)
        case .rateLimited: return .gateway(429, "RequestThrottled", error.description)
        default: return .gateway(503, "ServiceUnavailable", error.description)
        }
    }

    static func serialize(_ object: [String: Any]) throws(APIFailure) -> String {
        do { return try CanonicalJSON.string(object) } catch { throw .gateway(500, "InternalError", "cannot encode a translated record") }
    }
}
