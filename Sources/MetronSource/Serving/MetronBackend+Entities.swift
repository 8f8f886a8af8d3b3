import Catalog
import ContractServing
import Foundation

/// One Metron record in its detail form, and the entities an issue names in their list form.
extension MetronBackend {
    /// An issue's characters, creators or arcs as Marvel entities, each as a list item is.
    func named(_ kind: EntityKind, of issue: MetronIssue, _ translate: MetronToMarvel) async -> [[String: Any]] {
        func summary(_ id: Int, _ name: String) -> MetronSummary {
            var fields = MetronFields(["id": id, "name": name], place: "issue \(issue.id)")
            return try! MetronSummary(fields: &fields)
        }
        let named: [MetronSummary]
        switch kind {
        case .characters: named = issue.characters.map { summary($0.id, $0.name) }
        case .creators: named = issue.credits.map { summary($0.creator.id, $0.creator.name) }
        default: named = issue.arcs.map { summary($0.id, $0.name) }
        }
        await warm(kind, named.map(\.id))
        var objects: [[String: Any]] = []
        for item in named { objects.append(await filled(kind, item, translate)) }
        return objects
    }

    /// One entity in its detail form; `comics: false` (only asking whether it exists) spares
    /// the request for its comics count.
    func one(_ kind: EntityKind, _ id: Int, _ translate: MetronToMarvel,
             comics full: Bool = true) async throws(APIFailure) -> [String: Any] {
        switch kind {
        // A detail's comics count is its issue list's (one more request, the same first page
        // its comics screen reads); when that cannot be had, the detail still answers.
        case .characters:
            var object = translate.character(try await call { try await client.detail(MetronCharacter.self, "character", id: id) })
            object["comics"] = await comics(of: kind, id, fetch: full)
            return object
        case .comics: return translate.comic(try await call { try await client.detail(MetronIssue.self, "issue", id: id) })
        case .series:
            let series = try await call { try await client.detail(MetronSeries.self, "series", id: id) }
            var object = translate.series(series)
            object["comics"] = await comics(of: kind, id, count: series.issueCount, fetch: full)
            return object
        case .events:
            var object = translate.event(try await call { try await client.detail(MetronArc.self, "arc", id: id) })
            object["comics"] = await comics(of: kind, id, fetch: full)
            return object
        case .creators: return translate.creator(try await call { try await client.detail(MetronCreator.self, "creator", id: id) })
        case .stories: throw .notFound(kind.notFoundNoun)
        }
    }
}
