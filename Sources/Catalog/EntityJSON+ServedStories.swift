import Foundation
import GRDB

/// A stored character's or comic's `stories.items` as served: only stories the catalog serves.
/// A recorded character lists stories nothing else names (no comic links them, no original issue
/// recorded); the catalog cannot serve those (every client requires a story's `originalIssue`,
/// esak as a URL), so a link to one would answer 404. They are left out and the list is filled
/// from the stories the catalog does serve, first by id, as the other kinds' lists are; the
/// list's `available` stays what the record said (the collection's `total`).
extension EntityJSON {
    /// `stored` (id → stored text of `kind`) with every unserved story dropped from its list.
    /// One query for the whole page; a second, for the entities that lost an item, to fill.
    static func servedStories(_ kind: EntityKind, _ stored: [Int: String], _ db: Database) throws -> [Int: String] {
        guard kind.listFields.contains(.stories), !stored.isEmpty else { return stored }
        var lists: [Int: (members: JSONMembers, list: [String: Any], items: [[String: Any]])] = [:]
        for (id, json) in stored {
            guard let members = JSONMembers(json), let raw = members.value(EntityKind.stories.rawValue),
                  let list = try? JSONSerialization.jsonObject(with: Data(raw)) as? [String: Any],
                  let items = list["items"] as? [[String: Any]], !items.isEmpty else { continue }
            lists[id] = (members, list, items)
        }
        let listed = Set(lists.values.flatMap { $0.items.compactMap { MarvelJSON.id(fromURI: $0["resourceURI"] as? String) } })
        guard !listed.isEmpty else { return stored }
        let served = Set(try Int.fetchAll(db, sql: "SELECT id FROM story WHERE id IN (\(listed.map(String.init).joined(separator: ","))) "
            + "AND \(EntityKind.stories.servedCondition)"))
        let losing = lists.filter { _, entry in
            entry.items.contains { MarvelJSON.id(fromURI: $0["resourceURI"] as? String).map { !served.contains($0) } ?? true }
        }
        guard !losing.isEmpty else { return stored }
        let held = try items(of: .stories, relatedTo: kind, Array(losing.keys), db)
        var out = stored
        for (id, entry) in losing {
            var kept = entry.items.filter { MarvelJSON.id(fromURI: $0["resourceURI"] as? String).map(served.contains) ?? false }
            var ids = Set(kept.compactMap { MarvelJSON.id(fromURI: $0["resourceURI"] as? String) })
            for item in held[id]?.items ?? [] where kept.count < listCap && !ids.contains(item.id) {
                kept.append(["name": item.name, "resourceURI": "\(gateway)/stories/\(item.id)", "type": item.extra])
                ids.insert(item.id)
            }
            var list = entry.list
            list["items"] = kept
            list["returned"] = kept.count
            var members = entry.members
            members.set(EntityKind.stories.rawValue, raw: Array(try MarvelJSON.serialize(list).utf8))
            out[id] = members.canonicalText()
        }
        return out
    }
}
