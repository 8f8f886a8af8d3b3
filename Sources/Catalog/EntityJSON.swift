import Foundation
import GRDB
import MarvelContract

/// The JSON of a creator, event, series or story as the real API sends it: the recorded object's
/// own fields (or, for an entity known only from summaries, the fields the API always sends, with
/// nulls where it sent nulls), plus every list built from Relations, so both sides agree.
///
/// A page is built at once: one query per list field reads the links of all its entities
/// (`Relations.pairs`), and each entity's stored text gains its lists by splicing (`JSONMembers`).
/// Two queries per entity and field, and a parse and re-serialisation of every object, made a
/// page of 100 stories cost over a thousand queries.
enum EntityJSON {
    static let gateway = ContractValues.gatewayAPI
    /// The real API caps embedded lists at 20 items.
    static let listCap = 20

    /// The JSON of each row (rows of `kind`'s table, `SELECT *`), in row order.
    static func build(_ kind: EntityKind, _ rows: [Row], _ db: Database) throws -> [String] {
        let ids: [Int] = rows.map { $0["id"] }
        guard !ids.isEmpty else { return [] }
        var lists: [EntityKind: [Int: ListItems]] = [:]
        for field in kind.listFields {
            lists[field] = try items(of: field, relatedTo: kind, ids, db)
        }
        let originalIssues = kind == .stories ? try firstComics(ofStories: ids, db) : [:]
        return try rows.map { row in
            let id: Int = row["id"]
            let uri = "\(gateway)/\(kind.rawValue)/\(id)"
            var object = try members(kind, row)
            object.set("id", raw: Array(String(id).utf8))
            object.set("resourceURI", raw: quoted(uri))
            for field in kind.listFields {
                object.set(field.rawValue, raw: listText(lists[field]?[id] ?? ListItems(), field: field, uri: uri))
            }
            if kind == .stories, object.value("originalIssue").map({ $0.elementsEqual("null".utf8) }) ?? true {
                object.set("originalIssue", raw: originalIssues[id].map { summaryText(field: .comics, id: $0.id, name: $0.name) }
                    ?? Array("null".utf8))
            }
            return object.canonicalText()
        }
    }

    /// Characters and comics as stored, each list's `available` raised to what the catalog
    /// holds or names (`EntityKind.listedRows`) when that is more than the record said (a character recorded in 2014 with 23
    /// series, in comics imported from 2022 with 29): a list's `available` is its
    /// collection's `total`. One count query per list field for all of `stored`.
    static func countingAll(_ kind: EntityKind, _ stored: [Int: String], _ db: Database) throws -> [Int: String] {
        guard !stored.isEmpty else { return stored }
        let ids = Array(stored.keys)
        var out = stored
        for field in kind.listFields {
            let table = field.table
            let rows = try Row.fetchAll(db, sql: "SELECT p.a, count(*) FROM (\(Relations.pairs(from: kind, ids, to: field))) p "
                + "JOIN \(field.listedRows) \(table) ON \(table).id = p.b WHERE \(field.servedCondition) GROUP BY p.a")
            for row in rows {
                let (id, held): (Int, Int) = (row[0], row[1])
                guard let json = out[id], var members = JSONMembers(json), let list = members.value(field.rawValue),
                      var listMembers = JSONMembers(String(decoding: list, as: UTF8.self)) else { continue }
                let available = listMembers.value("available").flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
                guard held > available else { continue }
                listMembers.set("available", raw: Array(String(held).utf8))
                members.set(field.rawValue, raw: Array(listMembers.canonicalText().utf8))
                out[id] = members.canonicalText()
            }
        }
        return out
    }

    /// The stored object's members, or the defaults of an entity known only by name.
    private static func members(_ kind: EntityKind, _ row: Row) throws -> JSONMembers {
        if let stored: String = row["json"], let members = JSONMembers(stored) { return members }
        guard let members = JSONMembers(try MarvelJSON.serialize(defaults(kind, row))) else {
            throw CatalogError.database("\(kind.rawValue) \(row["id"] as Int? ?? 0): defaults are not an object")
        }
        return members
    }

    /// Marvel's own "no picture", which the server answers with the contract's placeholder.
    static var placeholder: [String: Any] { ["path": "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", "extension": "jpg"] }

    /// The fields of an entity we only know by name, as the API sends them when it knows no more.
    private static func defaults(_ kind: EntityKind, _ row: Row) -> [String: Any] {
        var object: [String: Any] = ["modified": ContractValues.emptyDate, "thumbnail": NSNull()]
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
        case .characters:
            object["name"] = (row["name"] as String?) ?? ""
            object["description"] = ""
            object["thumbnail"] = placeholder
            object["urls"] = [Any]()
        case .comics:
            object["title"] = (row["title"] as String?) ?? ""
            object["thumbnail"] = placeholder
            object["digitalId"] = 0; object["issueNumber"] = 0; object["pageCount"] = 0
            object["description"] = NSNull()
            for key in ["variantDescription", "isbn", "upc", "diamondCode", "ean", "issn", "format"] { object[key] = "" }
            for key in ["textObjects", "urls", "variants", "collections", "collectedIssues", "dates", "prices", "images"] {
                object[key] = [Any]()
            }
            // Its series is not known: the contract's empty link, never a guessed id.
            object["series"] = ["name": "", "resourceURI": ""]
        }
        return object
    }

    /// One entity's list of `field`: how many there are, and the first `listCap` by id.
    struct ListItems {
        var available = 0
        /// id, name, and a story's type or a creator's role.
        var items: [(id: Int, name: String, extra: String)] = []
    }

    /// The lists of `field` of every entity in `ids` (of `kind`), in one query (and one more for
    /// creators' roles).
    static func items(of field: EntityKind, relatedTo kind: EntityKind, _ ids: [Int], _ db: Database) throws -> [Int: ListItems] {
        let table = field.table
        let sql = "SELECT p.a, \(table).id, \(table).\(field.nameColumn), \(field == .stories ? "story.type" : "''") "
            + "FROM (\(Relations.pairs(from: kind, ids, to: field))) p JOIN \(field.listedRows) \(table) ON \(table).id = p.b "
            + "WHERE \(field.servedCondition) ORDER BY p.a, \(table).id"
        var lists: [Int: ListItems] = [:]
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            let owner: Int = row[0]
            lists[owner, default: ListItems()].available += 1
            if lists[owner]!.items.count < listCap {
                lists[owner]!.items.append((row[1], (row[2] as String?) ?? "", (row[3] as String?) ?? ""))
            }
        }
        for (owner, available) in try recordedCounts(kind, ids, field, db) where available > lists[owner, default: ListItems()].available {
            lists[owner, default: ListItems()].available = available
        }
        if field == .stories {
            // The type the entity's own recorded list gave a story, when it gave one.
            let types = try recordedDetails(of: kind, ids, field, db)
            for owner in lists.keys {
                for n in lists[owner]!.items.indices {
                    if let type = types[ItemKey(owner: owner, item: lists[owner]!.items[n].id)] { lists[owner]!.items[n].extra = type }
                }
            }
        }
        if field == .creators {
            let roles = try creatorRoles(of: kind, ids, db)
            for owner in lists.keys {
                for n in lists[owner]!.items.indices {
                    lists[owner]!.items[n].extra = roles[ItemKey(owner: owner, item: lists[owner]!.items[n].id)] ?? ""
                }
            }
        }
        return lists
    }

    /// The `available` each of `ids` recorded for `field`: an entity's list says how many it
    /// has even when the catalog holds fewer of them (event 29 has 56 characters; a catalog
    /// of recordings holds 11).
    static func recordedCounts(_ kind: EntityKind, _ ids: [Int], _ field: EntityKind, _ db: Database) throws -> [Int: Int] {
        let rows = try Row.fetchAll(db, sql: "SELECT id, available FROM recorded_count WHERE kind = ? AND field = ? AND id IN ("
            + ids.map(String.init).joined(separator: ",") + ")", arguments: [kind.rawValue, field.rawValue])
        return Dictionary(rows.map { ($0[0] as Int, $0[1] as Int) }, uniquingKeysWith: max)
    }

    /// An item (a creator or a story) of an owner's list.
    private struct ItemKey: Hashable {
        let owner: Int, item: Int
    }

    /// The role (creators) or type (stories) each of `ids`' own recorded `field` list gave an item.
    private static func recordedDetails(of kind: EntityKind, _ ids: [Int], _ field: EntityKind, _ db: Database) throws -> [ItemKey: String] {
        var details: [ItemKey: String] = [:]
        let recorded = try Row.fetchCursor(db, sql: "SELECT a_id, b_id, role FROM entity_link WHERE a_kind = ? AND b_kind = ? "
            + "AND role != '' AND a_id IN (\(ids.map(String.init).joined(separator: ",")))", arguments: [kind.rawValue, field.rawValue])
        while let row = try recorded.next() { details[ItemKey(owner: row[0], item: row[1])] = row[2] }
        return details
    }

    /// The role each creator has on each of `ids` (series, stories or events): the one the
    /// entity's own recorded list gives, else their role on the entity's earliest comic that
    /// names one. Never a role from another entity's comics: Ditko pencils story 103756 and
    /// writes others, and a list of the story says penciller. Two queries for a whole page.
    private static func creatorRoles(of kind: EntityKind, _ ids: [Int], _ db: Database) throws -> [ItemKey: String] {
        var roles = try recordedDetails(of: kind, ids, .creators, db)
        let list = ids.map(String.init).joined(separator: ",")
        guard kind != .creators, kind != .comics else { return roles }
        let onComics = try Row.fetchCursor(db, sql: """
            SELECT p.a, cc.creator_id, cc.role FROM (\(Relations.comics(of: kind, ids))) p
            JOIN comic_creator cc ON cc.comic_id = p.comic JOIN comic ON comic.id = p.comic
            WHERE cc.role != '' ORDER BY comic.onsale, comic.id
            """)
        while let row = try onComics.next() {
            let key = ItemKey(owner: row[0], item: row[1])
            if roles[key] == nil { roles[key] = row[2] }
        }
        return roles
    }

    /// `{available, collectionURI, items, returned}`, keys in byte order.
    private static func listText(_ list: ListItems, field: EntityKind, uri: String) -> [UInt8] {
        var out = Array("{\"available\":\(list.available),\"collectionURI\":".utf8)
        out += quoted("\(uri)/\(field.rawValue)")
        out += Array(",\"items\":[".utf8)
        for (n, item) in list.items.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out += summaryText(field: field, id: item.id, name: item.name, extra: item.extra)
        }
        out += Array("],\"returned\":\(list.items.count)}".utf8)
        return out
    }

    /// `{name, resourceURI}` and, for a story its `type`, for a creator its `role`.
    private static func summaryText(field: EntityKind, id: Int, name: String, extra: String = "") -> [UInt8] {
        var out = Array("{\"name\":".utf8)
        out += quoted(name)
        out += Array(",\"resourceURI\":".utf8)
        out += quoted("\(gateway)/\(field.rawValue)/\(id)")
        if field == .creators || field == .stories {
            out += Array(",\"\(field == .creators ? "role" : "type")\":".utf8)
            out += quoted(extra)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        CanonicalJSON.writeString(text, into: &out)
        return out
    }

    /// The earliest comic each story appears in (stories always name their original issue).
    private static func firstComics(ofStories ids: [Int], _ db: Database) throws -> [Int: (id: Int, name: String)] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT comic_story.story_id, comic.id, comic.title FROM comic_story JOIN comic ON comic.id = comic_story.comic_id
            WHERE comic_story.story_id IN (\(ids.map(String.init).joined(separator: ",")))
            ORDER BY comic_story.story_id, comic.onsale, comic.id
            """)
        var first: [Int: (id: Int, name: String)] = [:]
        for row in rows where first[row[0]] == nil { first[row[0]] = (row[1], row[2]) }
        return first
    }
}
