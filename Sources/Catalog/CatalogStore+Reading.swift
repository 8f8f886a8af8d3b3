import Foundation
import GRDB

/// SQL for the list endpoints: a WHERE built from the query, a count, one page of JSON.
extension CatalogStore: CatalogReading {
    private struct Filter {
        var clauses: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        /// Related to other entities: read from `EntityKind.relatedRows`.
        var related = false

        mutating func add(_ clause: String, _ args: [any DatabaseValueConvertible] = []) {
            clauses.append(clause); arguments += args
        }

        mutating func ids(_ column: String, in subquery: String, _ ids: [Int]) {
            guard !ids.isEmpty else { return }
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            add("\(column) IN (\(subquery.replacingOccurrences(of: "$IDS", with: marks)))", ids)
        }

        mutating func prefix(_ column: String, _ text: String) {
            let key = TextFold.fold(text)
            add("\(column) >= ? AND \(column) < ?", [key, TextFold.prefixUpperBound(key)])
        }

        /// `column` contains `text` (folded); returns the ORDER BY term that ranks a whole-key
        /// prefix first (0), then a word start (1), then any substring (2).
        mutating func contains(_ column: String, _ text: String) -> String {
            let key = TextFold.fold(text)
            add("instr(\(column), ?) > 0", [key])
            let words = "' ' || replace(replace(replace(replace(\(column), '-', ' '), '(', ' '), '/', ' '), '.', ' ')"
            // A literal (quotes doubled: SQLite has no backslash escapes) because ORDER BY sits
            // after the WHERE arguments and before LIMIT's in the one argument list.
            let quoted = key.replacingOccurrences(of: "'", with: "''")
            return "CASE WHEN instr(\(column), '\(quoted)') = 1 THEN 0 "
                + "WHEN instr(\(words), ' \(quoted)') > 0 THEN 1 ELSE 2 END"
        }

        /// `id IN (...)` for each non-empty id list: entities related to any of those ids (Relations).
        mutating func related(_ kind: EntityKind, _ lists: KeyValuePairs<EntityKind, [Int]>) {
            for (other, ids) in lists where !ids.isEmpty {
                add("id IN (\(Relations.sql(from: other, ids, to: kind)))")
                related = true
            }
        }

        var sql: String { clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ") }
    }

    private func page(_ kind: EntityKind, _ filter: Filter, order: String, limit: Int, offset: Int) throws -> CatalogPage {
        if filter.clauses.isEmpty, let kept = keptPage(kind, where: filter.sql, order: order, limit: limit, offset: offset) {
            return kept
        }
        return try read { db in
            let (total, ids) = try window(kind, from: filter.related ? kind.relatedRows : nil, where: filter.sql,
                                          arguments: filter.arguments, filtered: !filter.clauses.isEmpty,
                                          order: order, limit: limit, offset: offset, db)
            let found = try rendered(kind, ids, db)
            return CatalogPage(total: total, results: found.map(\.json), ids: found.map(\.id))
        }
    }

    private static func orderSQL(_ orderings: [Ordering], columns: [String: String], fallback: String) -> String {
        var parts = orderings.compactMap { o in columns[o.field].map { "\($0)\(o.descending ? " DESC" : "")" } }
        parts.append(fallback)
        return parts.joined(separator: ", ")
    }

    public func characters(_ q: CharacterFilter) throws -> CatalogPage {
        var f = Filter()
        if let name = q.name { f.add("name_key = ?", [TextFold.fold(name)]) }
        if let prefix = q.nameStartsWith { f.prefix("name_key", prefix) }
        let rank = q.nameContains.map { f.contains("name_key", $0) }
        if let since = q.modifiedSince { f.add("modified >= ?", [since]) }
        f.related(.characters, [.comics: q.comics, .series: q.series, .events: q.events, .stories: q.stories])
        // Byte order of the name (BINARY collation), as the real API's default.
        // `comics` counts what the served `comics.available` counts (`EntityJSON.items`): the
        // character's comics through every relation, recorded links included; ties by name.
        let comicsCount = "(SELECT count(*) FROM (\(Relations.pairs(fromSQL: "character.id", .characters, to: .comics))) p "
            + "JOIN \(EntityKind.comics.listedRows) comic ON comic.id = p.b)"
        let orderings = (q.orderBy.isEmpty ? [Ordering(field: "name")] : q.orderBy).flatMap {
            $0.field == "comics" ? [$0, Ordering(field: "name")] : [$0]
        }
        let order = Self.orderSQL(orderings, columns: ["name": "name", "modified": "modified", "comics": comicsCount],
                                  fallback: "id")
        return try page(.characters, f, order: rank.map { "\($0), \(order)" } ?? order, limit: q.limit, offset: q.offset)
    }

    public func character(id: Int) throws -> String? {
        try read { db in try rendered(.characters, [id], db).first?.json }
    }

    public func comics(_ q: ComicFilter) throws -> CatalogPage {
        var f = Filter()
        if let format = q.format { f.add("format = ? COLLATE NOCASE", [format]) }
        if let type = q.formatType {
            let list = type.lowercased() == "collection" ? ComicFilter.collectionFormats : ComicFilter.comicFormats
            f.add("format IN (\(list.map { _ in "?" }.joined(separator: ",")))", list)
        }
        if q.noVariants { f.add("is_variant = 0") }
        if let title = q.title { f.add("title_key = ?", [TextFold.fold(title)]) }
        if let prefix = q.titleStartsWith { f.prefix("title_key", prefix) }
        let rank = q.titleContains.map { f.contains("title_key", $0) }
        if let issue = q.issueNumber { f.add("issue_number = ?", [issue]) }
        if let year = q.startYear { f.add("series_id IN (SELECT id FROM series WHERE start_year = ?)", [year]) }
        if let digital = q.digitalId { f.add("digital_id = ?", [digital]) }
        if q.hasDigitalIssue { f.add("digital_id != 0") }
        if let since = q.modifiedSince { f.add("modified >= ?", [since]) }
        if let range = q.onsaleRange { f.add("onsale BETWEEN ? AND ?", [range.lowerBound, range.upperBound]) }
        f.related(.comics, [.characters: q.characters, .creators: q.creators, .series: q.series,
                            .events: q.events, .stories: q.stories])
        if !q.sharedAppearances.isEmpty {
            f.ids("id", in: "SELECT comic_id FROM character_comic WHERE character_id IN ($IDS) GROUP BY comic_id HAVING count(*) = \(Set(q.sharedAppearances).count)",
                  q.sharedAppearances)
        }
        for creator in q.collaborators { f.add("id IN (SELECT comic_id FROM comic_creator WHERE creator_id = ?)", [creator]) }
        // Identifiers live only in the JSON (sorted keys, no spaces): match text.
        for (field, value) in q.fieldEquals.sorted(by: { $0.key < $1.key }) {
            f.add("instr(json, ?) > 0", ["\"\(field)\":\"\(value)\""])
        }
        // With no orderBy the real API leads with far-future placeholder rows; so do we.
        // A title orders by the series part, then by the number: #1, #2, #10 rather than the
        // byte order of the whole title (#1, #10, #2).
        let orderings = (q.orderBy.isEmpty ? [Ordering(field: "onsaleDate", descending: true)] : q.orderBy).flatMap {
            $0.field == "title" ? [Ordering(field: "titleBase", descending: $0.descending),
                                   Ordering(field: "issueNumber", descending: $0.descending),
                                   Ordering(field: "title", descending: $0.descending)] : [$0]
        }
        let titleBase = "CASE WHEN instr(title, ' #') > 0 THEN substr(title, 1, instr(title, ' #') - 1) ELSE title END"
        let order = Self.orderSQL(orderings,
                                  columns: ["focDate": "foc", "onsaleDate": "onsale", "title": "title", "titleBase": titleBase,
                                            "issueNumber": "issue_number", "modified": "modified"], fallback: "id")
        return try page(.comics, f, order: rank.map { "\($0), \(order)" } ?? order, limit: q.limit, offset: q.offset)
    }

    public func comic(id: Int) throws -> String? {
        try read { db in try rendered(.comics, [id], db).first?.json }
    }

    public func image(token: String) throws -> StoredImage? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT image.extension, image.hash, image_blob.bytes FROM image
                JOIN image_blob ON image_blob.hash = image.hash WHERE image.token = ?
                """, arguments: [token]) else { return nil }
            return StoredImage(bytes: row[2], fileExtension: row[0], hash: row[1])
        }
    }

    public func summaries(_ kind: SummaryKind, ofCharacter id: Int, orderBy: [Ordering], limit: Int, offset: Int) throws -> CatalogPage {
        var filter = EntityFilter()
        filter.related = [.characters: [id]]
        filter.orderBy = orderBy
        filter.limit = limit
        filter.offset = offset
        return try entities(EntityKind(rawValue: kind.rawValue)!, filter)
    }
}
