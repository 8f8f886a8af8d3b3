import Foundation
import GRDB

/// Creators, events, series and stories as full entities: their own fields are kept as JSON
/// (the lists are dropped, Relations rebuilds them), sortable fields as columns, and the links
/// their lists name are stored so they are served from both sides.
extension CatalogStore {
    /// `json` is the entity's own text (`canonicalText`: the object without its lists).
    func upsertEntity(_ kind: EntityKind, _ id: Int, _ object: MarvelJSON.Object, _ json: String, _ db: Database) throws {
        let modified = MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds)
        let title = MarvelJSON.string(object["title"]) ?? ""
        switch kind {
        case .series:
            let (start, end) = MarvelJSON.years(ofSeriesTitle: title)
            try db.run(sql: """
                INSERT OR REPLACE INTO series (id, title, start_year, end_year, modified, type, json)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, title, MarvelJSON.int(object["startYear"]) ?? start,
                                 MarvelJSON.int(object["endYear"]) ?? end, modified,
                                 MarvelJSON.string(object["type"]) ?? "", json])
        case .events:
            let start = MarvelJSON.string(object["start"]).flatMap(CatalogDate.epochSeconds)
            try db.run(sql: "INSERT OR REPLACE INTO event (id, title, modified, start_date, json) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, title, modified, start, json])
        case .stories:
            try db.run(sql: "INSERT OR REPLACE INTO story (id, title, type, modified, json) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, title, MarvelJSON.string(object["type"]) ?? "", modified, json])
            if let issue = MarvelJSON.summary(object, "originalIssue") {
                try db.run(sql: "INSERT OR IGNORE INTO comic_story VALUES (?, ?)", arguments: [issue.id, id])
            }
        case .creators:
            let full = MarvelJSON.string(object["fullName"]) ?? ""
            func part(_ key: String) -> String { MarvelJSON.string(object[key]) ?? "" }
            try db.run(sql: """
                INSERT OR REPLACE INTO creator (id, full_name, name_key, first_name, middle_name, last_name, suffix, modified, json)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, full, TextFold.fold(full), part("firstName"), part("middleName"), part("lastName"),
                                 part("suffix"), modified, json])
        case .characters, .comics:
            return
        }
        try storeListedLinks(kind, id, object, db)
    }

    /// Links named by an entity's lists. Character links have their own tables; a story's or an
    /// event's comics are comic links; everything else goes to `entity_link`.
    private func storeListedLinks(_ kind: EntityKind, _ id: Int, _ object: MarvelJSON.Object, _ db: Database) throws {
        for field in kind.listFields {
            for item in MarvelJSON.items(object, field.rawValue) {
                if field != .characters, field != .comics { try insertSummary(field, item, db) }
                switch (kind, field) {
                case (.series, .characters):
                    try db.run(sql: "INSERT OR IGNORE INTO character_series VALUES (?, ?)", arguments: [item.id, id])
                case (.stories, .characters):
                    try db.run(sql: "INSERT OR IGNORE INTO character_story VALUES (?, ?)", arguments: [item.id, id])
                case (.events, .characters):
                    try db.run(sql: "INSERT OR IGNORE INTO character_event VALUES (?, ?)", arguments: [item.id, id])
                case (.stories, .comics):
                    try db.run(sql: "INSERT OR IGNORE INTO comic_story VALUES (?, ?)", arguments: [item.id, id])
                case (.events, .comics):
                    try db.run(sql: "INSERT OR IGNORE INTO comic_event VALUES (?, ?)", arguments: [item.id, id])
                case (.creators, .comics):
                    try db.run(sql: "INSERT OR IGNORE INTO comic_creator (comic_id, creator_id) VALUES (?, ?)",
                                   arguments: [item.id, id])
                default:
                    try db.run(sql: "INSERT OR IGNORE INTO entity_link VALUES (?, ?, ?, ?)",
                                   arguments: [kind.rawValue, id, field.rawValue, item.id])
                }
            }
        }
    }
}
