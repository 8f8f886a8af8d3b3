import Catalog
import Foundation
import MarvelAPI

/// List items in their detail form as far as Metron has told us: Metron's lists carry a few
/// fields (a character's name, an issue's cover and dates), its details the rest, and an
/// entity's issue list its comics count. A list item is built from the stored detail and
/// issue list when there are some; those missing are fetched first within the spare budget
/// (`MetronClient.warm`: the one limiter, no wait, the answer held `fillWait` at most).
/// What is still unknown is the contract's empty value, never a number made up.
extension MetronBackend {
    /// The longest a list answer waits for its items' details (the fetches go on after it).
    static let fillWait: Duration = .milliseconds(1500)

    /// Kinds whose `comics` come from Metron's issue list of them.
    static func hasIssueList(_ kind: EntityKind) -> Bool { [.characters, .events, .series].contains(kind) }

    /// Fetches, within the spare budget, the details of the listed `ids` that are not stored,
    /// then their issue lists (a detail also gives a character's picture, so it comes first).
    func warm(_ kind: EntityKind, _ ids: [Int]) async {
        guard fills else { return }
        await client.warm(Self.fillPaths(kind, ids), within: Self.fillWait)
    }

    /// What fills the listed `ids`: their details, then their issue lists.
    static func fillPaths(_ kind: EntityKind, _ ids: [Int]) -> [String] {
        let path = metronPath(kind)
        return ids.map { "\(path)/\($0)" } + (hasIssueList(kind) ? ids.map { "\(path)/\($0)/issue_list" } : [])
    }

    /// Whether every listed item is whole (nothing left to fill): else the answer is
    /// `partial`, not kept, so the next ask says more.
    func knowsAll(_ kind: EntityKind, _ ids: [Int]) -> Bool {
        client.unstored(Self.fillPaths(kind, ids)).isEmpty
    }

    /// The fields of listed item `id` Metron has not told yet, each the contract's empty value
    /// in the answer (`X-Unknown-Fields`): its description until its detail is stored, its
    /// comics count until its issue list is (`countKnown`: a series' list item states it);
    /// an issue's description and the lists its detail names. A creator's comics and a
    /// character's series are not unknown in this sense: their routes answer empty too.
    func unknownFields(_ kind: EntityKind, _ id: Int, countKnown: Bool = false) -> [String] {
        let path = Self.metronPath(kind)
        let detailMissing = !client.unstored(["\(path)/\(id)"]).isEmpty
        switch kind {
        case .comics:
            return detailMissing ? ["characters.available", "creators.available", "description", "events.available"] : []
        case .characters, .events, .series:
            var fields = detailMissing ? ["description"] : []
            if !countKnown, !client.unstored(["\(path)/\(id)/issue_list"]).isEmpty { fields.append("comics.available") }
            return fields
        case .creators, .stories:
            return []
        }
    }

    /// The unknown fields of the items of a page of `kind` (`unknownFields`).
    func unknown(_ kind: EntityKind, _ items: [(id: Int, countKnown: Bool)]) -> UnknownFields {
        var unknown = UnknownFields()
        for item in items { unknown.mark(unknownFields(kind, item.id, countKnown: item.countKnown), of: item.id) }
        return unknown
    }

    /// Whether a series' comics count is known without its issue list (its detail or list
    /// item states `issue_count`).
    func seriesCountKnown(_ item: MetronSeriesSummary) -> Bool {
        item.issueCount != nil || client.stored(MetronSeries.self, "series", id: item.id)?.issueCount != nil
    }

    /// The `comics` of a character, arc or series: from its stored issue list, or (`fetch`, a
    /// detail asked for) Metron's; a page that cannot be had leaves the count unknown.
    func comics(of kind: EntityKind, _ id: Int, count: Int? = nil, fetch: Bool) async -> [String: Any] {
        let path = "\(Self.metronPath(kind))/\(id)/issue_list"
        var page = client.storedPage(MetronIssueSummary.self, path)
        if fetch { page = (try? await client.page(MetronIssueSummary.self, path)) ?? page }
        return MetronToMarvel.comics(of: kind.rawValue, id, issues: page, count: count)
    }

    /// A listed character, arc, creator or series: its whole detail form when its detail (and
    /// issue list) are stored, else the list item's fields and the contract's empty values.
    func filled(_ kind: EntityKind, _ item: some MetronRecord, _ translate: MetronToMarvel) async -> [String: Any] {
        var object: [String: Any]
        var count: Int?
        let id: Int
        switch (kind, item) {
        case (.characters, let s as MetronSummary):
            id = s.id
            object = client.stored(MetronCharacter.self, "character", id: id).map(translate.character) ?? translate.character(s)
        case (.events, let s as MetronSummary):
            id = s.id
            object = client.stored(MetronArc.self, "arc", id: id).map(translate.event) ?? translate.event(s)
        case (.creators, let s as MetronSummary):
            id = s.id
            return client.stored(MetronCreator.self, "creator", id: id).map(translate.creator) ?? translate.creator(s)
        case (.series, let s as MetronSeriesSummary):
            id = s.id
            let detail = client.stored(MetronSeries.self, "series", id: id)
            object = detail.map(translate.series) ?? translate.series(s)
            count = detail?.issueCount ?? s.issueCount
        default:
            return [:]
        }
        object["comics"] = await comics(of: kind, id, count: count, fetch: false)
        return object
    }
}
