import Catalog
import ContractServing
import Foundation
import MarvelAPI

/// The Marvel contract answered from Metron (`serve --source metron`): characters ->
/// characters, issues -> comics, series -> series, arcs -> events, creators -> creators;
/// stories are always empty (Metron has none). A Marvel window (`offset`, `limit` <= 100) is
/// cut from the one or two Metron pages of 100 that hold it, fetched only then; the client's
/// cache makes a second visit free.
struct MetronBackend: Sendable {
    let client: MetronClient
    /// Whether list items' missing details are fetched within the spare budget (else only
    /// what is stored fills them).
    var fills = true
    /// `nameStartsWith` reads at most this many pages of its run of names in Metron's
    /// "name contains" list (after the binary search that finds the run).
    static let startsWithPages = 5

    /// The parameters a translated list honours; any other is the contract's 409 for an
    /// unknown parameter (Metron has no format, creator or character filter on its issue list).
    static func listParams(_ kind: EntityKind) -> Set<String> {
        switch kind {
        case .comics: MetronListQuery.comicParams
        case .series: ["title", "titleStartsWith", "titleContains", "startYear", "orderBy", "limit", "offset", "modifiedSince"]
        default: ["name", "nameStartsWith", "nameContains", "orderBy", "limit", "offset", "modifiedSince"]
        }
    }
    /// An entity's issue list takes no filter on Metron: only its order and the window.
    static let issueListParams: Set<String> = ["orderBy", "limit", "offset", "noVariants"]

    /// What the translation honours: the parameters above and each list's one order.
    static var capabilities: LiveSourceCapabilities {
        var parameters: [EntityKind: Set<String>] = [:], orders: [EntityKind: Set<String>] = [:]
        for kind in EntityKind.allCases where kind != .stories {
            parameters[kind] = listParams(kind)
            orders[kind] = MetronListQuery.naturalField(kind, issueList: false).map { [$0] } ?? []
        }
        return LiveSourceCapabilities(listParameters: parameters, orders: orders)
    }

    func answer(_ route: ContractRoute, _ params: QueryParameters, base: String) async throws(APIFailure) -> RouteAnswer {
        let translate = MetronToMarvel(imageBase: base)
        let limit = try params.limit(), offset = try params.offset()
        func window(_ objects: [[String: Any]], total: Int) throws(APIFailure) -> RouteAnswer {
            RouteAnswer(page: CatalogPage(total: total, results: try objects.map(Self.serialize)), limit: limit, offset: offset)
        }
        let kind: EntityKind, id: Int, sub: EntityKind
        switch route {
        case .list(let listed):
            try params.rejectUnknown(allowed: Self.listParams(listed))
            return try await list(listed, params, limit: limit, offset: offset, translate)
        case .entity(let one, let oneID):
            try params.rejectUnknown(allowed: [])
            let object = try await self.one(one, oneID, translate)
            var answer = try window([object], total: 1)
            // A count that could not be had this time (the budget) is asked again next time.
            answer.partial = Self.hasIssueList(one) && !client.unstored(["\(Self.metronPath(one))/\(oneID)/issue_list"]).isEmpty
            let counted = one == .series && client.stored(MetronSeries.self, "series", id: oneID)?.issueCount != nil
            if answer.partial, !counted { answer.unknown.mark(["comics.available"], of: oneID) }
            return answer
        case .related(let owner, let ownerID, let listed):
            (kind, id, sub) = (owner, ownerID, listed)
        }
        switch (kind, sub) {
        case (.characters, .comics), (.series, .comics), (.events, .comics):
            try params.rejectUnknown(allowed: Self.issueListParams)
            _ = try params.bool("noVariants")
            let query = MetronListQuery(descending: try MetronListQuery.direction(params, .comics, issueList: true))
            let path = "\(Self.metronPath(kind))/\(id)/issue_list"
            let (items, total) = try await pages(MetronIssueSummary.self, path, query, limit: limit, offset: offset)
            var answer = try window(try await comics(items, series: kind == .series ? id : nil, translate), total: total)
            answer.partial = !knowsAll(.comics, items.map(\.id))
            answer.unknown = unknown(.comics, items.map { ($0.id, false) })
            return answer
        case (.comics, .characters), (.comics, .creators), (.comics, .events):
            // The issue names them all: filtered and ordered here, at no further cost.
            try params.rejectUnknown(allowed: ["orderBy", "limit", "offset"])
            let issue = try await call { try await client.detail(MetronIssue.self, "issue", id: id) }
            let all = try MetronListQuery.sortLocally(await named(sub, of: issue, translate), params, sub)
            var answer = try window(Array(all.dropFirst(offset).prefix(limit)), total: all.count)
            answer.partial = !knowsAll(sub, all.compactMap { $0["id"] as? Int })
            answer.unknown = unknown(sub, all.dropFirst(offset).prefix(limit).compactMap { ($0["id"] as? Int).map { ($0, false) } })
            return answer
        default:
            // Metron keeps no such list (a character's series or events, any story): empty, as
            // the Marvel API answers for an entity without them.
            try params.rejectUnknown(allowed: Self.listParams(sub))
            _ = try params.orderBy(MetronListQuery.orderFields(sub))
            _ = try await one(kind, id, translate, comics: false)
            return try window([], total: 0)
        }
    }

    private func list(_ kind: EntityKind, _ params: QueryParameters, limit: Int, offset: Int,
                      _ translate: MetronToMarvel) async throws(APIFailure) -> RouteAnswer {
        var objects: [[String: Any]] = []
        var total = 0
        var ids: [Int] = []
        /// Series whose list item states its comics count.
        var counted: Set<Int> = []
        /// One kind's page: its Metron list as the query maps it, each item in its detail form
        /// as far as it is known (`MetronBackend+Fill`).
        func page<Item: MetronRecord>(_ type: Item.Type, _ path: String, _ query: MetronListQuery,
                                      id: (Item) -> Int) async throws(APIFailure) -> ([[String: Any]], Int) {
            let (items, count) = try await pages(Item.self, path, query, limit: limit, offset: offset)
            ids = items.map(id)
            await warm(kind, ids)
            var objects: [[String: Any]] = []
            for item in items { objects.append(await filled(kind, item, translate)) }
            counted = Set(items.compactMap { ($0 as? MetronSeriesSummary).flatMap { seriesCountKnown($0) ? $0.id : nil } })
            return (objects, count)
        }
        switch kind {
        case .characters: (objects, total) = try await page(MetronSummary.self, "character", try .named(params, kind), id: \.id)
        case .comics:
            let query = try MetronListQuery.comics(params)
            let (items, count) = try await pages(MetronIssueSummary.self, "issue", query, limit: limit, offset: offset)
            (objects, total) = (try await comics(items, series: query.filter["series_id"].flatMap { Int($0) }, translate), count)
            ids = items.map(\.id)
        case .series: (objects, total) = try await page(MetronSeriesSummary.self, "series", try .named(params, kind), id: \.id)
        case .events: (objects, total) = try await page(MetronSummary.self, "arc", try .named(params, kind), id: \.id)
        case .creators: (objects, total) = try await page(MetronSummary.self, "creator", try .named(params, kind), id: \.id)
        case .stories: _ = try MetronListQuery.direction(params, kind)
        }
        var answer = RouteAnswer(page: CatalogPage(total: total, results: try objects.map(Self.serialize)), limit: limit, offset: offset)
        answer.partial = !knowsAll(kind, ids)
        answer.unknown = unknown(kind, ids.map { ($0, counted.contains($0)) })
        return answer
    }

    /// Issue list items as comics: an issue whose detail is stored is that detail; the others
    /// get their series id (Metron's list names the series without it) from `series` (the list
    /// was asked by series), a stored detail of the same series, or Metron's series list asked
    /// by name and start year, once per series on the page (cached like every list).
    private func comics(_ items: [MetronIssueSummary], series: Int?, _ translate: MetronToMarvel) async throws(APIFailure) -> [[String: Any]] {
        await warm(.comics, items.map(\.id))
        let details = items.map { client.stored(MetronIssue.self, "issue", id: $0.id) }
        var known: [String: Int] = [:]
        func key(_ name: String, _ year: Int?) -> String { "\(name.lowercased())|\(year.map(String.init) ?? "")" }
        for detail in details.compactMap({ $0 }) {
            if let id = detail.series.id { known[key(detail.series.name, detail.series.yearBegan)] = id }
        }
        var objects: [[String: Any]] = []
        for (item, detail) in zip(items, details) {
            if let detail { objects.append(translate.comic(detail)); continue }
            let seriesKey = key(item.series.name, item.series.yearBegan)
            if let series { known[seriesKey] = series }
            if known[seriesKey] == nil, !item.series.name.isEmpty {
                known[seriesKey] = await seriesID(named: item.series.name, began: item.series.yearBegan, volume: item.series.volume)
            }
            if known[seriesKey] == nil, let detail = try? await client.detail(MetronIssue.self, "issue", id: item.id) {
                // Not in Metron's series list as named: this issue's own detail names its series
                // by id (one request, kept; the item is then its whole detail).
                if let id = detail.series.id { known[seriesKey] = id }
                objects.append(translate.comic(detail))
                continue
            }
            objects.append(translate.comic(item, seriesID: known[seriesKey]))
        }
        return objects
    }

    /// The id of the series of that name, start year and volume in Metron's series list (its
    /// `name` filter is "contains": the whole name is compared here); nil when none is.
    private func seriesID(named name: String, began: Int?, volume: Int?) async -> Int? {
        var query = ["name": name]
        if let began { query["year_began"] = String(began) }
        // A lookup that fails leaves the id unknown; the page it completes is not lost for it.
        guard let page = try? await client.page(MetronSeriesSummary.self, "series", query: query) else { return nil }
        let title = MetronToMarvel.seriesTitle(name, began, nil).lowercased()
        let matches = page.results.filter {
            ($0.name.lowercased() == title || $0.name.lowercased() == name.lowercased())
                && (began == nil || $0.yearBegan == nil || $0.yearBegan == began)
                && (volume == nil || $0.volume == nil || $0.volume == volume)
        }
        return matches.first?.id
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

    /// Items `offset..<offset+limit` of a Metron list and its total (counted from the end when
    /// the query reads it backwards). With `startsWith`, the names with that prefix: Metron's
    /// "name contains" list is sorted by name, so they are one run, found by a binary search
    /// over its pages and read to its end (at most `startsWithPages` pages of it; a longer run
    /// is cut there). Page 1 gives the total and the page size, so a window past the end asks
    /// for no page that does not exist (DRF's 404 for those would be asked again every time).
    private func pages<Item: MetronRecord>(_ type: Item.Type, _ path: String, _ query: MetronListQuery, limit: Int,
                                           offset: Int) async throws(APIFailure) -> ([Item], Int) {
        if let title = query.exactTitle?.lowercased() {
            var kept = try await exact(Item.self, path, query.filter, title: title)
            if query.descending { kept.reverse() }
            return (Array(kept.dropFirst(offset).prefix(limit)), kept.count)
        }
        if let prefix = query.startsWith?.lowercased(), !prefix.isEmpty {
            var kept = try await run(Item.self, path, query.filter, prefix: prefix)
            if query.descending { kept.reverse() }
            return (Array(kept.dropFirst(offset).prefix(limit)), kept.count)
        }
        let first = try await call { try await client.page(Item.self, path, query: query.filter, page: 1) }
        let total = first.count
        let count = min(limit, max(0, total - offset))
        guard count > 0 else { return ([], total) }
        let start = query.descending ? total - offset - count : offset
        let size = first.next == nil ? max(100, first.results.count) : max(1, first.results.count)
        var items: [Item] = []
        for page in (start / size + 1)...((start + count - 1) / size + 1) {
            var answer = first
            if page > 1 { answer = try await call { try await client.page(Item.self, path, query: query.filter, page: page) } }
            items += answer.results.dropFirst(page == start / size + 1 ? start % size : 0)
            if answer.next == nil { break }
        }
        items = Array(items.prefix(count))
        return (query.descending ? items.reversed() : items, total)
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

    /// The items of a filtered Metron list whose whole name is `title` (lowercased), read
    /// from its first `startsWithPages` pages (the filters leave few).
    private func exact<Item: MetronRecord>(_ type: Item.Type, _ path: String, _ query: [String: String],
                                           title: String) async throws(APIFailure) -> [Item] {
        var kept: [Item] = []
        for n in 1...Self.startsWithPages {
            let answer = try await call { try await client.page(Item.self, path, query: query, page: n) }
            kept += answer.results.filter { Self.name(of: $0).lowercased() == title }
            if answer.next == nil { break }
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

    func call<T>(_ body: () async throws -> T) async throws(APIFailure) -> T {
        do { return try await body() } catch let error as MetronError {
            var failure = Self.failure(error)
            // How long to wait, so no client has to guess (and the gallery can count it down).
            if let seconds = client.retryAfter(for: error) { failure.headers = [("Retry-After", String(seconds))] }
            throw failure
        } catch {
            throw Self.failure(.transport("\(error)"))
        }
    }

    /// Metron's trouble as the Marvel gateway would say it: 404 stays 404, a refused account is
    /// a 401 naming Metron, everything else a 503 with the reason (never the password).
    static func failure(_ error: MetronError) -> APIFailure {
        switch error {
        case .notFound: return .status(404, "We couldn't find that record on Metron")
        case .unauthorized, .missingCredentials: return .gateway(401, MarvelAPIError.sourceRefusedCode, error.description)
        case .rateLimited, .asksTooLongWait, .mustWait: return .gateway(429, "RequestThrottled", error.description)
        default: return .gateway(503, "ServiceUnavailable", error.description)
        }
    }

    static func serialize(_ object: [String: Any]) throws(APIFailure) -> String {
        do { return try CanonicalJSON.string(object) } catch { throw .gateway(500, "InternalError", "cannot encode a translated record") }
    }
}
