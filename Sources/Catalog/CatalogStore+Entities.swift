import Foundation
import GRDB

/// Lists and single entities of creators, events, series and stories: a WHERE from the filter,
/// one page of rows, and their JSON with its lists built from Relations (EntityJSON).
extension CatalogStore {
    public func entities(_ kind: EntityKind, _ q: EntityFilter) throws -> CatalogPage {
        switch kind {
        case .characters, .comics:
            throw CatalogError.database("entities(\(kind.rawValue)) is served by characters(_:) and comics(_:)")
        default: break
        }
        var clauses = [kind.servedCondition]
        var args: [any DatabaseValueConvertible] = []
        for (param, value) in q.equals.sorted(by: { $0.key < $1.key }) {
            guard let column = EntityFilter.textParameters(kind)[param] else { continue }
            clauses.append("\(column) = ? COLLATE NOCASE"); args.append(value)
        }
        for (param, value) in q.startsWith.sorted(by: { $0.key < $1.key }) {
            guard let column = EntityFilter.prefixParameters(kind)[param] else { continue }
            clauses.append("substr(\(column), 1, ?) = ? COLLATE NOCASE"); args += [value.count, value]
        }
        if let year = q.startYear { clauses.append("start_year = ?"); args.append(year) }
        if let type = q.seriesType { clauses.append("type = ? COLLATE NOCASE"); args.append(type) }
        if !q.containsFormats.isEmpty {
            clauses.append("id IN (SELECT series_id FROM comic WHERE format COLLATE NOCASE IN (\(q.containsFormats.map { _ in "?" }.joined(separator: ","))))")
            args += q.containsFormats
        }
        if let since = q.modifiedSince { clauses.append("modified >= ?"); args.append(since) }
        for (other, ids) in q.related.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !ids.isEmpty {
            clauses.append("id IN (\(Relations.sql(from: other, ids, to: kind)))")
        }
        let whereSQL = "WHERE " + clauses.joined(separator: " AND ")
        let columns = EntityFilter.orderColumns(kind)
        let order = (q.orderBy.compactMap { o in columns[o.field].map { "\($0)\(o.descending ? " DESC" : "")" } } + ["id"])
            .joined(separator: ", ")
        if clauses.count == 1, let kept = keptPage(kind, where: whereSQL, order: order, limit: q.limit, offset: q.offset) {
            return kept
        }
        return try read { db in
            let (total, ids) = try window(kind, where: whereSQL, arguments: args, filtered: clauses.count > 1, order: order,
                                          limit: q.limit, offset: q.offset, db)
            let found = try rendered(kind, ids, db)
            return CatalogPage(total: total, results: found.map(\.json), ids: found.map(\.id))
        }
    }

    /// The JSON of `ids` (in that order), each built once per store: an entity's lists do not
    /// change until the catalog is written (`write` forgets them all). Characters and comics are
    /// served as stored; kept too, so a page reads 100 ids instead of 250 KB of text from SQLite,
    /// and the server sees the same strings again (`ServedEntities` compares them by storage).
    func rendered(_ kind: EntityKind, _ ids: [Int], _ db: Database) throws -> [(id: Int, json: String)] {
        let (generation, found) = renderedEntities.withLock { memo in (memo.generation, ids.map { memo.json[kind]?[$0] }) }
        var known = found
        let missing = ids.indices.filter { known[$0] == nil }
        func pairs() -> [(id: Int, json: String)] { zip(ids, known).compactMap { id, json in json.map { (id, $0) } } }
        guard !missing.isEmpty else { return pairs() }
        let list = missing.map { String(ids[$0]) }.joined(separator: ",")
        let built: [Int: String]
        switch kind {
        case .characters, .comics:
            let rows = try Row.fetchAll(db, sql: "SELECT id, json FROM \(kind.table) WHERE id IN (\(list))")
            var stored = try EntityJSON.servedStories(kind, EntityJSON.countingAll(
                kind, Dictionary(rows.map { ($0[0] as Int, $0[1] as String) }, uniquingKeysWith: { first, _ in first }), db), db)
            // Known only by the name a list gave it: served by id (the list's link answers),
            // with the contract's empty values for what is not known; never listed as held.
            let named = try Row.fetchAll(db, sql: "SELECT id, name, name AS title, NULL AS json FROM named WHERE kind = ? AND id IN (\(list))",
                                         arguments: [kind.rawValue]).filter { stored[$0["id"]] == nil }
            if !named.isEmpty {
                stored.merge(zip(named.map { $0["id"] as Int }, try EntityJSON.build(kind, named, db))) { held, _ in held }
            }
            built = stored
        default:
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(kind.table) WHERE id IN (\(list))")
            built = Dictionary(uniqueKeysWithValues: zip(rows.map { $0["id"] as Int }, try EntityJSON.build(kind, rows, db)))
        }
        renderedEntities.withLock { memo in
            // Built from what was read before a write finished: not kept.
            guard memo.generation == generation else { return }
            let bytes = built.values.reduce(0) { $0 + $1.utf8.count }
            if memo.bytes + bytes > RenderedEntities.budget { memo = RenderedEntities(generation: generation) }
            memo.json[kind, default: [:]].merge(built) { _, new in new }
            memo.bytes += bytes
        }
        for n in missing { known[n] = built[ids[n]] }
        return pairs()
    }

    public func listAvailable(_ kind: EntityKind, id: Int, _ field: EntityKind) throws -> Int? {
        guard let json = try entity(kind, id: id), let list = JSONMembers(json)?.value(field.rawValue),
              let available = JSONMembers(String(decoding: list, as: UTF8.self))?.value("available") else { return nil }
        return Int(String(decoding: available, as: UTF8.self))
    }

    public func entity(_ kind: EntityKind, id: Int) throws -> String? {
        switch kind {
        case .characters: return try character(id: id)
        case .comics: return try comic(id: id)
        default:
            return try read { db in
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM \(kind.table) WHERE id = ? AND \(kind.servedCondition)", arguments: [id]) != nil
                else { return nil }
                return try rendered(kind, [id], db).first?.json
            }
        }
    }
}

/// Entities as served, kept per store until it is written (`generation` counts the writes).
/// Bounded: a large imported catalog starts again from empty at 64 MB of JSON (the embedded
/// catalog's are under 2 MB), rather than keeping every entity it ever served.
struct RenderedEntities {
    static let budget = 64 << 20
    var generation = 0
    var json: [EntityKind: [Int: String]] = [:]
    /// Whole lists' ids by their SQL (`CatalogStore.window`).
    var lists: [String: [Int]] = [:]
    var bytes = 0
}
