import Foundation
import GRDB

/// The JSON of a creator, event, series or story as the real API sends it: the recorded object's
/// own fields (or, for an entity known only from summaries, the fields the API always sends, with
/// nulls where it sent nulls), plus every list built from Relations, so both sides agree.
enum EntityJSON {
    static let gateway = "http://gateway.marvel.com/v1/public"
    /// The real API caps embedded lists at 20 items.
    static let listCap = 20

    static func build(_ kind: EntityKind, _ row: Row, _ db: Database) throws -> String {
        let id: Int = row["id"]
        let uri = "\(gateway)/\(kind.rawValue)/\(id)"
        var object: [String: Any]
        if let stored: String = row["json"],
           let parsed = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any] {
            object = parsed
        } else {
            object = defaults(kind, row)
        }
        object["id"] = id
        object["resourceURI"] = uri
        for field in kind.listFields {
            object[field.rawValue] = try list(of: field, relatedTo: kind, id, uri: uri, db)
        }
        if kind == .stories, object["originalIssue"] == nil || object["originalIssue"] is NSNull {
            object["originalIssue"] = try firstComic(ofStory: id, db) ?? NSNull()
        }
        return try MarvelJSON.serialize(object)
    }

    /// The fields of an entity we only know by name, as the API sends them when it knows no more.
    private static func defaults(_ kind: EntityKind, _ row: Row) -> [String: Any] {
        var object: [String: Any] = ["modified": "-0001-11-30T00:00:00-0500", "thumbnail": NSNull()]
        switch kind {
        case .creators:
            for (key, column) in [("fullName", "full_name"), ("firstName", "first_name"), ("middleName", "middle_name"),
                                  ("lastName", "last_name"), ("suffix", "suffix")] {
                object[key] = (row[column] as String?) ?? ""
            }
            object["urls"] = [Any]()
        case .events:
            object["title"] = (row["title"] as String?) ?? ""
            object["description"] = ""
            object["urls"] = [Any]()
            object["start"] = NSNull(); object["end"] = NSNull()
            object["next"] = NSNull(); object["previous"] = NSNull()
        case .series:
            object["title"] = (row["title"] as String?) ?? ""
            object["description"] = NSNull()
            object["urls"] = [Any]()
            object["startYear"] = (row["start_year"] as Int?) ?? 0
            object["endYear"] = (row["end_year"] as Int?) ?? 2099
            object["rating"] = ""; object["type"] = (row["type"] as String?) ?? ""
            object["next"] = NSNull(); object["previous"] = NSNull()
        case .stories:
            object["title"] = (row["title"] as String?) ?? ""
            object["description"] = ""
            object["type"] = (row["type"] as String?) ?? ""
        case .characters, .comics:
            break
        }
        return object
    }

    /// `{available, collectionURI, items, returned}` of `field` for the entity `kind`/`id`.
    static func list(of field: EntityKind, relatedTo kind: EntityKind, _ id: Int, uri: String, _ db: Database) throws -> [String: Any] {
        let scope = "FROM \(field.table) WHERE id IN (\(Relations.sql(from: kind, [id], to: field))) AND \(field.servedCondition)"
        let available = try Int.fetchOne(db, sql: "SELECT count(*) \(scope)") ?? 0
        let extra = switch field {
        case .stories: ", type"
        case .creators: ", (SELECT role FROM comic_creator WHERE creator_id = creator.id ORDER BY role DESC LIMIT 1) AS role"
        default: ""
        }
        let rows = try Row.fetchAll(db, sql: "SELECT id, \(field.nameColumn) AS name\(extra) \(scope) ORDER BY id LIMIT \(listCap)")
        let items: [[String: Any]] = rows.map { row in
            var item: [String: Any] = ["resourceURI": "\(gateway)/\(field.rawValue)/\(row["id"] as Int)",
                                       "name": (row["name"] as String?) ?? ""]
            if field == .stories { item["type"] = (row["type"] as String?) ?? "" }
            if field == .creators { item["role"] = (row["role"] as String?) ?? "" }
            return item
        }
        return ["available": available, "collectionURI": "\(uri)/\(field.rawValue)", "items": items, "returned": items.count]
    }

    /// The earliest comic a story appears in, as a summary (stories always name their original issue).
    private static func firstComic(ofStory id: Int, _ db: Database) throws -> [String: Any]? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT comic.id, comic.title FROM comic_story JOIN comic ON comic.id = comic_story.comic_id
            WHERE comic_story.story_id = ? ORDER BY comic.onsale, comic.id LIMIT 1
            """, arguments: [id]) else { return nil }
        return ["resourceURI": "\(gateway)/comics/\(row[0] as Int)", "name": row[1] as String]
    }
}
