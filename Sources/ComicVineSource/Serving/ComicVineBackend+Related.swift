import Catalog
import ContractServing
import Foundation

/// The related lists Comic Vine can give: a volume's issues (its issue list filtered by volume),
/// the issues a character, story arc or person is credited in (the detail's credit ids, then
/// those issues), an issue's characters, creators and story arcs (its credits), and the other
/// credit lists details carry (a character's or person's volumes and story arcs, a volume's
/// characters and people). Any other is the contract's 409: Comic Vine keeps no such list,
/// and an empty one would not be true.
extension ComicVineBackend {
    /// The credit list of issues on each owner's detail.
    static let issueCredits: [EntityKind: String] = [.characters: "issue_credits", .events: "issues", .creators: "issues"]
    /// An issue's credit list of each kind.
    static let issueNames: [EntityKind: String] = [.characters: "character_credits", .creators: "person_credits",
                                                   .events: "story_arc_credits"]
    /// The other credit lists of a detail, by owner and listed kind.
    static let detailCredits: [EntityKind: [EntityKind: String]] = [
        .characters: [.series: "volume_credits", .events: "story_arc_credits"],
        .creators: [.series: "volume_credits", .events: "story_arc_credits"],
        .series: [.characters: "characters", .creators: "people"],
    ]
    /// "a character's", "a series'".
    static func owners(_ kind: EntityKind) -> String {
        switch kind {
        case .series: "a series'"
        case .events: "an event's"
        case .stories: "a story's"
        default: "a \(kind.rawValue.dropLast())'s"
        }
    }

    func related(_ owner: EntityKind, _ id: Int, _ listed: EntityKind, _ params: QueryParameters, limit: Int, offset: Int,
                 _ translate: ComicVineToMarvel) async throws(APIFailure) -> ([[String: Any]], Int) {
        switch (owner, listed) {
        case (.series, .comics):
            try params.rejectUnknown(allowed: ComicVineQuery.listParams(.comics).subtracting(["series"]))
            var query = try ComicVineQuery(.comics, params)
            query.filter["volume"] = String(id)
            let (objects, total) = try await listPage(.comics, query, limit: limit, offset: offset, translate)
            if total == 0 { _ = try await one(.series, id, translate) }
            return (objects, total)
        case (.characters, .comics), (.events, .comics), (.creators, .comics):
            try params.rejectUnknown(allowed: ["limit", "offset", "noVariants"])
            _ = try params.bool("noVariants")
            let field = Self.issueCredits[owner]!
            let ids = try await credits(owner, id, field).compactMap { $0.cvInt("id") }
            let page = Array(ids.dropFirst(offset).prefix(limit))
            return (try await records(.comics, ids: page, translate), ids.count)
        case (.comics, .characters), (.comics, .creators), (.comics, .events):
            try params.rejectUnknown(allowed: ["limit", "offset"])
            let entries = try await credits(.comics, id, Self.issueNames[listed]!)
            let page = Array(entries.dropFirst(offset).prefix(limit))
            if listed == .characters {
                return (try await records(.characters, ids: page.compactMap { $0.cvInt("id") }, translate), entries.count)
            }
            // A credit entry names an entity only: its counts are not known.
            noteUnknown(listed, page.map { entry in entry.filter { $0.key == "id" } })
            return (page.map { translate.credited(listed.rawValue, $0) }, entries.count)
        case let (owner, listed) where Self.detailCredits[owner]?[listed] != nil:
            try params.rejectUnknown(allowed: ["limit", "offset"])
            let ids = try await credits(owner, id, Self.detailCredits[owner]![listed]!).compactMap { $0.cvInt("id") }
            let page = Array(ids.dropFirst(offset).prefix(limit))
            return (try await records(listed, ids: page, translate), ids.count)
        default:
            throw .validation("Comic Vine keeps no list of \(Self.owners(owner)) \(listed.rawValue).")
        }
    }

    /// One list page of a kind (as `list`, for a query made here).
    func listPage(_ kind: EntityKind, _ query: ComicVineQuery, limit: Int, offset: Int,
                  _ translate: ComicVineToMarvel) async throws(APIFailure) -> ([[String: Any]], Int) {
        guard let resource = ComicVineResource.of(kind) else { return ([], 0) }
        let envelope = try await call {
            try await client.get(resource.listPath, query.items(fields: Self.fields[kind] ?? "id,name", limit: limit, offset: offset))
        }
        return (try await translated(kind, envelope.records, translate), envelope.total)
    }

    /// A detail's credit list (`field` only, so a list of thousands stays under the cap).
    func credits(_ owner: EntityKind, _ id: Int, _ field: String) async throws(APIFailure) -> [[String: Any]] {
        guard let resource = ComicVineResource.of(owner) else { throw .notFound(owner.notFoundNoun) }
        let envelope = try await call(notFound: owner) { try await client.get(resource.detailPath(id), ["field_list": "id,\(field)"]) }
        return envelope.record?.cvList(field) ?? []
    }

    /// The records of `ids` (at most 100), in that order: one list request filtered by id.
    func records(_ kind: EntityKind, ids: [Int], _ translate: ComicVineToMarvel) async throws(APIFailure) -> [[String: Any]] {
        guard !ids.isEmpty, let resource = ComicVineResource.of(kind) else { return [] }
        let query = ["filter": "id:" + ids.map(String.init).joined(separator: "|"), "field_list": Self.fields[kind] ?? "id,name",
                     "limit": "100", "offset": "0"]
        let envelope = try await call { try await client.get(resource.listPath, query) }
        var byID: [Int: [String: Any]] = [:]
        for record in envelope.records { if let id = record.cvInt("id") { byID[id] = record } }
        return try await translated(kind, ids.compactMap { byID[$0] }, translate)
    }
}
