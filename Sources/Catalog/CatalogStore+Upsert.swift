import Foundation
import GRDB

extension CatalogStore {
    /// Upserts one entity (any kind) with its summaries and relations. Idempotent by id.
    /// Returns the kind and id, or nil when the object is not an entity we keep.
    func upsert(_ object: MarvelJSON.Object, in db: Database) throws -> (MarvelJSON.Kind, Int)? {
        guard let kind = MarvelJSON.kind(of: object), let id = MarvelJSON.int(object["id"]) else { return nil }
        switch kind {
        case .character: try upsertCharacter(id, object, db)
        case .comic: try upsertComic(id, object, db)
        case .series:
            try upsertSeries(id, MarvelJSON.string(object["title"]) ?? "", db)
            for c in MarvelJSON.items(object, "characters") {
                try db.execute(sql: "INSERT OR IGNORE INTO character_series VALUES (?, ?)", arguments: [c.id, id])
            }
        case .story:
            try db.execute(sql: "INSERT OR REPLACE INTO story (id, title, type) VALUES (?, ?, ?)",
                           arguments: [id, MarvelJSON.string(object["title"]) ?? "", MarvelJSON.string(object["type"]) ?? ""])
            for c in MarvelJSON.items(object, "characters") {
                try db.execute(sql: "INSERT OR IGNORE INTO character_story VALUES (?, ?)", arguments: [c.id, id])
            }
        case .event:
            try db.execute(sql: "INSERT OR REPLACE INTO event (id, title) VALUES (?, ?)",
                           arguments: [id, MarvelJSON.string(object["title"]) ?? ""])
            for c in MarvelJSON.items(object, "characters") {
                try db.execute(sql: "INSERT OR IGNORE INTO character_event VALUES (?, ?)", arguments: [c.id, id])
            }
        }
        return (kind, id)
    }

    private func upsertCharacter(_ id: Int, _ object: MarvelJSON.Object, _ db: Database) throws {
        let name = MarvelJSON.string(object["name"]) ?? ""
        let modified = MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds)
        try db.execute(sql: """
            INSERT INTO character (id, name, name_key, modified, json) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
                modified = excluded.modified, json = excluded.json
            """, arguments: [id, name, TextFold.fold(name), modified, try MarvelJSON.serialize(object)])
        for comic in MarvelJSON.items(object, "comics") {
            try db.execute(sql: "INSERT OR IGNORE INTO character_comic VALUES (?, ?)", arguments: [id, comic.id])
        }
        for s in MarvelJSON.items(object, "series") {
            try upsertSeries(s.id, s.name, db, keepExisting: true)
            try db.execute(sql: "INSERT OR IGNORE INTO character_series VALUES (?, ?)", arguments: [id, s.id])
        }
        for s in MarvelJSON.items(object, "stories") {
            try db.execute(sql: "INSERT OR IGNORE INTO story (id, title, type) VALUES (?, ?, ?)", arguments: [s.id, s.name, s.type])
            try db.execute(sql: "INSERT OR IGNORE INTO character_story VALUES (?, ?)", arguments: [id, s.id])
        }
        for e in MarvelJSON.items(object, "events") {
            try db.execute(sql: "INSERT OR IGNORE INTO event (id, title) VALUES (?, ?)", arguments: [e.id, e.name])
            try db.execute(sql: "INSERT OR IGNORE INTO character_event VALUES (?, ?)", arguments: [id, e.id])
        }
    }

    private func upsertComic(_ id: Int, _ object: MarvelJSON.Object, _ db: Database) throws {
        let title = MarvelJSON.string(object["title"]) ?? ""
        let variant = !(MarvelJSON.string(object["variantDescription"]) ?? "").isEmpty
            || title.localizedCaseInsensitiveContains("variant")
        let series = object["series"] as? MarvelJSON.Object
        let seriesID = MarvelJSON.id(fromURI: MarvelJSON.string(series?["resourceURI"]))
        if let seriesID { try upsertSeries(seriesID, MarvelJSON.string(series?["name"]) ?? "", db, keepExisting: true) }
        var dates: [String: Int64] = [:]
        for entry in object["dates"] as? [MarvelJSON.Object] ?? [] {
            if let type = MarvelJSON.string(entry["type"]), let date = MarvelJSON.string(entry["date"]).flatMap(CatalogDate.epochSeconds) {
                dates[type] = date
            }
        }
        try db.execute(sql: """
            INSERT INTO comic (id, title, title_key, format, issue_number, is_variant, series_id, digital_id,
                               modified, onsale, foc, json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, title_key = excluded.title_key,
                format = excluded.format, issue_number = excluded.issue_number, is_variant = excluded.is_variant,
                series_id = excluded.series_id, digital_id = excluded.digital_id, modified = excluded.modified,
                onsale = excluded.onsale, foc = excluded.foc, json = excluded.json
            """, arguments: [id, title, TextFold.fold(title), MarvelJSON.string(object["format"]) ?? "",
                             MarvelJSON.double(object["issueNumber"]) ?? 0, variant, seriesID,
                             MarvelJSON.int(object["digitalId"]) ?? 0,
                             MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds),
                             dates["onsaleDate"], dates["focDate"], try MarvelJSON.serialize(object)])
        let characters = MarvelJSON.items(object, "characters")
        let stories = MarvelJSON.items(object, "stories")
        let events = MarvelJSON.items(object, "events")
        for s in stories {
            try db.execute(sql: "INSERT OR IGNORE INTO story (id, title, type) VALUES (?, ?, ?)", arguments: [s.id, s.name, s.type])
            try db.execute(sql: "INSERT OR IGNORE INTO comic_story VALUES (?, ?)", arguments: [id, s.id])
        }
        for e in events {
            try db.execute(sql: "INSERT OR IGNORE INTO event (id, title) VALUES (?, ?)", arguments: [e.id, e.name])
            try db.execute(sql: "INSERT OR IGNORE INTO comic_event VALUES (?, ?)", arguments: [id, e.id])
        }
        // A character in a comic is in its series, stories and events too.
        for c in characters {
            try db.execute(sql: "INSERT OR IGNORE INTO character_comic VALUES (?, ?)", arguments: [c.id, id])
            if let seriesID {
                try db.execute(sql: "INSERT OR IGNORE INTO character_series VALUES (?, ?)", arguments: [c.id, seriesID])
            }
            for s in stories where s.type != "cover" {
                try db.execute(sql: "INSERT OR IGNORE INTO character_story VALUES (?, ?)", arguments: [c.id, s.id])
            }
            for e in events {
                try db.execute(sql: "INSERT OR IGNORE INTO character_event VALUES (?, ?)", arguments: [c.id, e.id])
            }
        }
    }

    private func upsertSeries(_ id: Int, _ title: String, _ db: Database, keepExisting: Bool = false) throws {
        let (start, end) = MarvelJSON.years(ofSeriesTitle: title)
        try db.execute(sql: keepExisting
            ? "INSERT OR IGNORE INTO series (id, title, start_year, end_year) VALUES (?, ?, ?, ?)"
            : "INSERT OR REPLACE INTO series (id, title, start_year, end_year) VALUES (?, ?, ?, ?)",
            arguments: [id, title, start, end])
    }

    /// Stores an image original once by content hash and points `token` at it.
    func upsertImage(token: String, extension ext: String, bytes: Data, in db: Database) throws {
        let hash = Digest.sha1Hex(bytes)
        try db.execute(sql: "INSERT OR IGNORE INTO image_blob (hash, bytes) VALUES (?, ?)", arguments: [hash, bytes])
        try db.execute(sql: "INSERT OR REPLACE INTO image (token, extension, hash) VALUES (?, ?, ?)",
                       arguments: [token, ext.lowercased(), hash])
    }
}
