import Catalog
import ContractServing
import Foundation
import MarvelAPI
import MarvelContract
import Synchronization

/// The Marvel contract answered from Comic Vine (`--source comicvine`). A Marvel window
/// (`offset`, `limit` <= 100) is one Comic Vine list request (its windows are the same), with
/// `field_list` so answers stay small; the client's cache makes a second visit free.
struct ComicVineBackend: Sendable {
    let client: ComicVineClient
    /// What this answer's entities leave unknown (`unknownFields`), gathered as they are translated.
    let unknown = Marks()

    final class Marks: Sendable {
        private let fields = Mutex(UnknownFields())
        func withLock<T>(_ body: (inout UnknownFields) -> T) -> T { fields.withLock { body(&$0) } }
    }

    init(client: ComicVineClient) { self.client = client }

    /// `field_list` of each resource's list items and details (never the credit lists: a
    /// character's `issue_credits` runs to thousands).
    static let fields: [EntityKind: String] = [
        .characters: "id,name,deck,image,count_of_issue_appearances,date_last_updated,site_detail_url",
        .comics: "id,name,issue_number,volume,image,cover_date,store_date,date_last_updated,deck,site_detail_url",
        .series: "id,name,start_year,count_of_issues,image,date_last_updated,deck,site_detail_url",
        .events: "id,name,deck,image,count_of_isssue_appearances,date_last_updated,site_detail_url",
        .creators: "id,name,deck,image,count_of_isssue_appearances,date_last_updated,site_detail_url",
    ]
    /// A detail adds its HTML description.
    static func detailFields(_ kind: EntityKind) -> String { (fields[kind] ?? "id,name") + ",description" }

    /// A name filter matches anywhere in a name: at most this many pages of matches are read
    /// for the names that start so.
    static let startsWithPages = 5

    static var capabilities: LiveSourceCapabilities {
        var parameters: [EntityKind: Set<String>] = [:], orders: [EntityKind: Set<String>] = [:]
        for kind in EntityKind.allCases {
            parameters[kind] = ComicVineQuery.listParams(kind)
            orders[kind] = ComicVineQuery.orderFields(kind)
        }
        return LiveSourceCapabilities(listParameters: parameters, orders: orders)
    }

    func answer(_ route: ContractRoute, _ params: QueryParameters, base: String) async throws(APIFailure) -> RouteAnswer {
        let translate = ComicVineToMarvel(imageBase: base)
        let limit = try params.limit(), offset = try params.offset()
        func window(_ objects: [[String: Any]], total: Int) throws(APIFailure) -> RouteAnswer {
            var answer = RouteAnswer(page: CatalogPage(total: total, results: try objects.map(Self.serialize)), limit: limit, offset: offset)
            answer.unknown = unknown.withLock { $0 }
            return answer
        }
        switch route {
        case .list(let kind):
            try params.rejectUnknown(allowed: ComicVineQuery.listParams(kind))
            let query = try ComicVineQuery(kind, params)
            guard kind != .stories else { return try window([], total: 0) }
            let (objects, total) = try await list(kind, query, limit: limit, offset: offset, translate)
            return try window(objects, total: total)
        case .entity(let kind, let id):
            try params.rejectUnknown(allowed: [])
            return try window([try await one(kind, id, translate)], total: 1)
        case .related(let owner, let id, let listed):
            if listed == .stories {
                // Comic Vine has no stories: the contract's empty list, for an owner that exists.
                try params.rejectUnknown(allowed: ComicVineQuery.listParams(.stories))
                _ = try ComicVineQuery(.stories, params)
                _ = try await one(owner, id, translate)
                return try window([], total: 0)
            }
            let (objects, total) = try await related(owner, id, listed, params, limit: limit, offset: offset, translate)
            return try window(objects, total: total)
        }
    }

    /// One list page, as Comic Vine's list of the kind filtered and sorted as the query says.
    /// A name that must start with a text reads the pages of names containing it (at most
    /// `startsWithPages`) and keeps those that start so.
    private func list(_ kind: EntityKind, _ query: ComicVineQuery, limit: Int, offset: Int,
                      _ translate: ComicVineToMarvel) async throws(APIFailure) -> ([[String: Any]], Int) {
        guard let resource = ComicVineResource.of(kind) else { return ([], 0) }
        let fields = Self.fields[kind] ?? "id,name"
        if !query.filtersLocally { return try await listPage(kind, query, limit: limit, offset: offset, translate) }
        var kept: [[String: Any]] = []
        var read = 0
        for _ in 0..<Self.startsWithPages {
            let envelope = try await call { try await client.get(resource.listPath, query.items(fields: fields, limit: 100, offset: read)) }
            kept += envelope.records.filter { query.keeps(ComicVineToMarvel.name($0)) }
            read += envelope.records.count
            if envelope.records.isEmpty || read >= envelope.total { break }
        }
        let page = Array(kept.dropFirst(offset).prefix(limit))
        return (try await translated(kind, page, translate), kept.count)
    }

    /// The related lists Comic Vine's records of each kind give no count of: their credit lists
    /// are never asked for with a record (a character's run to thousands of entries), so the
    /// count is only known from the related route. Stories are not among them: Comic Vine has
    /// none, and the contract's empty list is the truth.
    static let uncounted: [EntityKind: [String]] = [
        .characters: ["series", "events"], .comics: ["characters", "creators", "events"],
        .series: ["characters", "creators", "events"], .events: ["characters", "creators", "series"],
        .creators: ["series", "events"],
    ]
    /// The record field each kind's `comics.available` is read from.
    static let comicsCount: [EntityKind: String] = [
        .characters: "count_of_issue_appearances", .series: "count_of_issues",
        .events: "count_of_isssue_appearances", .creators: "count_of_isssue_appearances",
    ]

    /// The fields of `record`'s translation that hold the contract's empty value for want of
    /// Comic Vine saying it (`X-Unknown-Fields`: shown as "…", never as a true 0): the uncounted
    /// lists, and `comics.available` when the record carries no count.
    static func unknownFields(_ kind: EntityKind, _ record: [String: Any]) -> [String] {
        var fields = (uncounted[kind] ?? []).map { $0 + ".available" }
        if let count = comicsCount[kind], record.cvInt(count) == nil { fields.append("comics.available") }
        return fields
    }

    /// Marks what `records` of `kind` leave unknown (`unknownFields`).
    func noteUnknown(_ kind: EntityKind, _ records: [[String: Any]]) {
        unknown.withLock { marks in
            for record in records { if let id = record.cvInt("id") { marks.mark(Self.unknownFields(kind, record), of: id) } }
        }
    }

    /// Records of a kind as Marvel entities (issues with their volumes' start years).
    func translated(_ kind: EntityKind, _ records: [[String: Any]], _ translate: ComicVineToMarvel) async throws(APIFailure) -> [[String: Any]] {
        noteUnknown(kind, records)
        switch kind {
        case .characters: return records.map(translate.character)
        case .comics:
            let years = try await volumeYears(records)
            return records.map { translate.comic($0, volumeYears: years) }
        case .series: return records.map(translate.series)
        case .events: return records.map(translate.event)
        case .creators: return records.map(translate.creator)
        case .stories: return []
        }
    }

    /// The start years of the volumes issues name: one volume list request for a page.
    func volumeYears(_ issues: [[String: Any]]) async throws(APIFailure) -> [Int: Int] {
        let ids = Array(Set(issues.compactMap { $0.cvObject("volume")?.cvInt("id") })).sorted()
        guard !ids.isEmpty else { return [:] }
        let query = ["filter": "id:" + ids.map(String.init).joined(separator: "|"), "field_list": "id,start_year",
                     "limit": "100", "offset": "0"]
        let envelope = try await call { try await client.get(ComicVineResource.volumes.listPath, query) }
        var years: [Int: Int] = [:]
        for record in envelope.records {
            if let id = record.cvInt("id"), let year = record.cvInt("start_year") { years[id] = year }
        }
        return years
    }

    /// One entity in its detail form.
    func one(_ kind: EntityKind, _ id: Int, _ translate: ComicVineToMarvel) async throws(APIFailure) -> [String: Any] {
        guard let resource = ComicVineResource.of(kind) else { throw .notFound(kind.notFoundNoun) }
        let envelope = try await call(notFound: kind) {
            try await client.get(resource.detailPath(id), ["field_list": Self.detailFields(kind)])
        }
        guard let record = envelope.record else { throw .notFound(kind.notFoundNoun) }
        return try await translated(kind, [record], translate).first ?? [:]
    }

    static func serialize(_ object: [String: Any]) throws(APIFailure) -> String {
        do { return try CanonicalJSON.string(object) } catch { throw .gateway(500, "InternalError", "cannot encode a translated record") }
    }

    /// Runs a client call, its failures as the contract's: a refused key is 401 naming the
    /// variable, not found 404, a rate limit 429 (with Retry-After), others 503.
    func call<T>(notFound kind: EntityKind? = nil, _ body: () async throws -> T) async throws(APIFailure) -> T {
        do { return try await body() } catch {
            guard let error = error as? ComicVineError else { throw .gateway(503, "ServiceUnavailable", "cannot reach Comic Vine: \(error)") }
            switch error {
            case .unauthorized, .missingKey: throw .gateway(401, MarvelAPIError.sourceRefusedCode, error.description)
            case .notFound: throw .status(404, "We couldn't find that record on Comic Vine")
            case .rateLimited, .mustWait:
                var failure = APIFailure.gateway(429, "RequestThrottled", error.description)
                if let seconds = client.retryAfter(for: error) { failure.headers = [("Retry-After", String(seconds))] }
                throw failure
            default: throw .gateway(503, "ServiceUnavailable", error.description)
            }
        }
    }
}
