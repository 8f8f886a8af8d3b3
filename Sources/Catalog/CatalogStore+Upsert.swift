import Digests
import Foundation
import GRDB

extension CatalogStore {
    /// Why a record cannot be imported, or nil when it can.
    static func skipReason(_ object: MarvelJSON.Object) -> String? {
        guard MarvelJSON.int(object["id"]) != nil else { return "no numeric id" }
        guard MarvelJSON.kind(of: object) != nil else { return "not a Marvel entity (no resourceURI or known fields)" }
        return nil
    }

    /// Upserts one entity (any kind) with its summaries and relations. Idempotent by id.
    /// Returns the kind and id, or nil when the object is not an entity we keep.
    func upsert(_ entity: ParsedEntity, in db: Database) throws -> (EntityKind, Int)? {
        let object = entity.object
        guard let kind = MarvelJSON.kind(of: object), let id = MarvelJSON.int(object["id"]) else { return nil }
        let json = try entity.json ?? Self.canonicalText(object, kind)
        switch kind {
        case .characters: try upsertCharacter(id, object, json, db)
        case .comics: try upsertComic(id, object, json, db)
        case .creators, .events, .series, .stories: try upsertEntity(kind, id, object, json, db)
        }
        return (kind, id)
    }

    private func upsertCharacter(_ id: Int, _ object: MarvelJSON.Object, _ json: String, _ db: Database) throws {
        let name = MarvelJSON.string(object["name"]) ?? ""
        let modified = MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds)
        try db.run(sql: """
            INSERT INTO character (id, name, name_key, modified, json) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
                modified = excluded.modified, json = excluded.json
            """, arguments: [id, name, TextFold.fold(name), modified, json])
        for comic in MarvelJSON.items(object, "comics") {
            try db.run(sql: "INSERT OR IGNORE INTO character_comic VALUES (?, ?)", arguments: [id, comic.id])
        }
        for s in MarvelJSON.items(object, "series") {
            try upsertSeries(s.id, s.name, db, keepExisting: true)
            try db.run(sql: "INSERT OR IGNORE INTO character_series VALUES (?, ?)", arguments: [id, s.id])
        }
        for s in MarvelJSON.items(object, "stories") {
            try insertSummary(.stories, s, db)
            try db.run(sql: "INSERT OR IGNORE INTO character_story VALUES (?, ?)", arguments: [id, s.id])
        }
        for e in MarvelJSON.items(object, "events") {
            try insertSummary(.events, e, db)
            try db.run(sql: "INSERT OR IGNORE INTO character_event VALUES (?, ?)", arguments: [id, e.id])
        }
    }

    private func upsertComic(_ id: Int, _ object: MarvelJSON.Object, _ json: String, _ db: Database) throws {
        let title = MarvelJSON.string(object["title"]) ?? ""
        let variant = !(MarvelJSON.string(object["variantDescription"]) ?? "").isEmpty
            || title.localizedCaseInsensitiveContains("variant")
        let series = MarvelJSON.summary(object, "series")
        if let series { try upsertSeries(series.id, series.name, db, keepExisting: true) }
        var dates: [String: Int64] = [:]
        for entry in object["dates"] as? [MarvelJSON.Object] ?? [] {
            if let type = MarvelJSON.string(entry["type"]), let date = MarvelJSON.string(entry["date"]).flatMap(CatalogDate.epochSeconds) {
                dates[type] = date
            }
        }
        try db.run(sql: """
            INSERT INTO comic (id, title, title_key, format, issue_number, is_variant, series_id, digital_id,
                               modified, onsale, foc, json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, title_key = excluded.title_key,
                format = excluded.format, issue_number = excluded.issue_number, is_variant = excluded.is_variant,
                series_id = excluded.series_id, digital_id = excluded.digital_id, modified = excluded.modified,
                onsale = excluded.onsale, foc = excluded.foc, json = excluded.json
            """, arguments: [id, title, TextFold.fold(title), MarvelJSON.string(object["format"]) ?? "",
                             MarvelJSON.double(object["issueNumber"]) ?? 0, variant, series?.id,
                             MarvelJSON.int(object["digitalId"]) ?? 0,
                             MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds),
                             dates["onsaleDate"], dates["focDate"], json])
        let characters = MarvelJSON.items(object, "characters")
        let stories = MarvelJSON.items(object, "stories")
        let events = MarvelJSON.items(object, "events")
        for s in stories {
            try insertSummary(.stories, s, db)
            try db.run(sql: "INSERT OR IGNORE INTO comic_story VALUES (?, ?)", arguments: [id, s.id])
        }
        for e in events {
            try insertSummary(.events, e, db)
            try db.run(sql: "INSERT OR IGNORE INTO comic_event VALUES (?, ?)", arguments: [id, e.id])
        }
        for c in MarvelJSON.items(object, "creators") {
            try insertSummary(.creators, c, db)
            try db.run(sql: "INSERT OR REPLACE INTO comic_creator VALUES (?, ?, ?)", arguments: [id, c.id, c.role])
        }
        // A character in a comic is in its series, stories and events too.
        for c in characters {
            try db.run(sql: "INSERT OR IGNORE INTO character_comic VALUES (?, ?)", arguments: [c.id, id])
            if let series {
                try db.run(sql: "INSERT OR IGNORE INTO character_series VALUES (?, ?)", arguments: [c.id, series.id])
            }
            for s in stories where s.type != "cover" {
                try db.run(sql: "INSERT OR IGNORE INTO character_story VALUES (?, ?)", arguments: [c.id, s.id])
            }
            for e in events {
                try db.run(sql: "INSERT OR IGNORE INTO character_event VALUES (?, ?)", arguments: [c.id, e.id])
            }
        }
    }

    private func upsertSeries(_ id: Int, _ title: String, _ db: Database, keepExisting: Bool = false) throws {
        let (start, end) = MarvelJSON.years(ofSeriesTitle: title)
        try db.run(sql: keepExisting
            ? "INSERT OR IGNORE INTO series (id, title, start_year, end_year) VALUES (?, ?, ?, ?)"
            : "INSERT OR REPLACE INTO series (id, title, start_year, end_year) VALUES (?, ?, ?, ?)",
            arguments: [id, title, start, end])
    }

    /// A creator, event or story known only by a summary: its row with the name, kept if it exists.
    func insertSummary(_ kind: EntityKind, _ item: MarvelJSON.Item, _ db: Database) throws {
        switch kind {
        case .stories:
            try db.run(sql: "INSERT OR IGNORE INTO story (id, title, type) VALUES (?, ?, ?)", arguments: [item.id, item.name, item.type])
        case .events:
            try db.run(sql: "INSERT OR IGNORE INTO event (id, title) VALUES (?, ?)", arguments: [item.id, item.name])
        case .creators:
            let parts = item.name.split(separator: " ").map(String.init)
            try db.run(sql: """
                INSERT OR IGNORE INTO creator (id, full_name, name_key, first_name, last_name) VALUES (?, ?, ?, ?, ?)
                """, arguments: [item.id, item.name, TextFold.fold(item.name), parts.dropLast().joined(separator: " "),
                                 parts.last ?? ""])
        case .series: try upsertSeries(item.id, item.name, db, keepExisting: true)
        case .characters, .comics: break
        }
    }

    /// Stores an image original once by content hash (`Digest.sha1Hex(bytes)`) and points `token` at it.
    func upsertImage(token: String, extension ext: String, bytes: Data, hash: String, in db: Database) throws {
        try db.run(sql: "INSERT OR IGNORE INTO image_blob (hash, bytes) VALUES (?, ?)", arguments: [hash, bytes])
        try db.run(sql: "INSERT OR REPLACE INTO image (token, extension, hash) VALUES (?, ?, ?)",
                       arguments: [token, ext.lowercased(), hash])
    }
}
