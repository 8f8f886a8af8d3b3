import GRDB

/// The total and one page of ids of a list. A whole list (no filter, only an order) is read once
/// per store and sliced after that, as an index would be: comics in title order sort all their
/// rows by an expression on every page otherwise (0.75 ms of SQL for 440 comics), and stories
/// count their served rows through a subquery. Filtered lists are asked of SQL each time.
extension CatalogStore {
    /// `from` is the table a filtered list reads (`kind.table` unless given).
    func window(_ kind: EntityKind, from: String? = nil, where whereSQL: String, arguments: [any DatabaseValueConvertible],
                filtered: Bool, order: String, limit: Int, offset: Int, _ db: Database) throws -> (total: Int, ids: [Int]) {
        guard filtered else {
            let all = try wholeList(kind, where: whereSQL, order: order, db)
            return (all.count, Self.slice(all, limit: limit, offset: offset))
        }
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(from ?? kind.table) \(whereSQL)",
                                     arguments: StatementArguments(arguments)) ?? 0
        guard offset < total else { return (total, []) }
        let ids = try Int.fetchAll(db, sql: "SELECT id FROM \(from ?? kind.table) \(whereSQL) ORDER BY \(order) LIMIT ? OFFSET ?",
                                   arguments: StatementArguments(arguments + [limit, offset]))
        return (total, ids)
    }

    /// Every id of the unfiltered list in `order`, kept beside the rendered entities (and
    /// forgotten with them on a write).
    private func wholeList(_ kind: EntityKind, where whereSQL: String, order: String, _ db: Database) throws -> [Int] {
        let sql = Self.wholeListSQL(kind, where: whereSQL, order: order)
        let (generation, kept) = renderedEntities.withLock { memo in (memo.generation, memo.lists[sql]) }
        if let kept { return kept }
        let ids = try Int.fetchAll(db, sql: sql)
        renderedEntities.withLock { memo in
            // Read before a write finished: not kept.
            guard memo.generation == generation else { return }
            let bytes = ids.count * MemoryLayout<Int>.stride + sql.utf8.count
            if memo.bytes + bytes > RenderedEntities.budget { memo = RenderedEntities(generation: generation) }
            memo.lists[sql] = ids
            memo.bytes += bytes
        }
        return ids
    }

    private static func slice(_ all: [Int], limit: Int, offset: Int) -> [Int] {
        offset < all.count ? Array(all[offset..<min(all.count, offset + limit)]) : []
    }

    private static func wholeListSQL(_ kind: EntityKind, where whereSQL: String, order: String) -> String {
        "SELECT id FROM \(kind.table) \(whereSQL) ORDER BY \(order)"
    }

    /// A page of a whole list answered from what this store keeps (the list's ids and every
    /// entity on the page), without opening a read: nil when anything is missing.
    func keptPage(_ kind: EntityKind, where whereSQL: String, order: String, limit: Int, offset: Int) -> CatalogPage? {
        let sql = Self.wholeListSQL(kind, where: whereSQL, order: order)
        return renderedEntities.withLock { memo -> CatalogPage? in
            guard let all = memo.lists[sql] else { return nil }
            let ids = Self.slice(all, limit: limit, offset: offset)
            let kept = memo.json[kind] ?? [:]
            var results: [String] = []
            results.reserveCapacity(ids.count)
            for id in ids {
                guard let json = kept[id] else { return nil }
                results.append(json)
            }
            return CatalogPage(total: all.count, results: results, ids: ids)
        }
    }
}
