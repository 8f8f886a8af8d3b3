import Foundation
import GRDB

/// The rows one entity writes (its own row, the summaries it names and the links between
/// them), worked out away from the database: the import does this for every file in parallel,
/// so the one writer only binds and steps prepared statements (`RowWriter`). Upserting is
/// idempotent by id.
struct EntityRows {
    let kind: EntityKind
    let id: Int
    /// In order: a later row may rely on an earlier one (a summary before its links).
    var writes: [RowWrite] = []
    /// The `INSERT OR IGNORE` rows already made for this file's earlier entities.
    private let seen: SeenKeys

    /// nil when the object is not an entity we keep. `json` is its stored text when already
    /// made, else it is made here from the tape (`CatalogStore.canonicalText`).
    init?(_ object: MarvelJSON.Object, json: String? = nil, seen: SeenKeys = SeenKeys()) throws {
        guard let kind = MarvelJSON.kind(of: object), let id = MarvelJSON.int(object["id"]) else { return nil }
        self.kind = kind
        self.id = id
        self.seen = seen
        var json = try json ?? CatalogStore.canonicalText(object, kind)
        if MarvelJSON.string(object[kind.nameField]) == nil { json = Self.named(json, kind) }
        for field in kind.listFields {
            if let available = MarvelJSON.int(object[field.rawValue]?["available"]) {
                add(.recordedCount, [kind.rawValue, id, field.rawValue, available])
            }
        }
        switch kind {
        case .characters: character(object, json)
        case .comics: comic(object, json)
        case .creators, .events, .series, .stories: entity(object, json)
        }
    }

    /// A record whose name is null or missing keeps the contract's empty name (`""`): the key
    /// is always there and always a string, as every client's model requires (esak fails a whole
    /// page on one `"name": null`).
    private static func named(_ json: String, _ kind: EntityKind) -> String {
        guard var members = JSONMembers(json) else { return json }
        members.set(kind.nameField, raw: Array("\"\"".utf8))
        return members.canonicalText()
    }

    private mutating func add(_ sql: ImportSQL, _ arguments: [any ImportBindable]) {
        writes.append(RowWrite(sql, arguments))
    }

    /// A link row `(a, b)` of a two-column link table.
    private mutating func link(_ sql: ImportSQL, _ a: Int, _ b: Int) {
        once(sql, key: a, b) { [a, b] }
    }

    /// An `INSERT OR IGNORE` row keyed by `a`, `b` (and `tag`), unless an earlier entity of the
    /// file made it: only the first is ever written, so the later ones (over half of a catalog's
    /// summaries and links) are not even made.
    mutating func once(_ sql: ImportSQL, key a: Int, _ b: Int = 0, tag: Int = 0, _ values: () -> [any ImportBindable]) {
        guard seen.keys.insert(RowWrite.Key(sql: sql, a: a, b: b, tag: tag)).inserted else { return }
        writes.append(RowWrite(ignoring: sql, values(), key: a, b, tag: tag))
    }

    private mutating func character(_ object: MarvelJSON.Object, _ json: String) {
        let name = MarvelJSON.string(object["name"]) ?? ""
        let modified = MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds)
        add(.character, [id, name, TextFold.fold(name), modified, json])
        summaries(.comics, MarvelJSON.items(object, "comics"), linkedBy: .characterComic)
        summaries(.series, MarvelJSON.items(object, "series"), linkedBy: .characterSeries)
        summaries(.stories, MarvelJSON.items(object, "stories"), linkedBy: .characterStory)
        summaries(.events, MarvelJSON.items(object, "events"), linkedBy: .characterEvent)
    }

    /// Each item's summary row, then its link from this entity, item by item (a summary
    /// before its link).
    private mutating func summaries(_ kind: EntityKind, _ items: [MarvelJSON.Item], linkedBy sql: ImportSQL) {
        for item in items {
            summary(kind, item)
            link(sql, id, item.id)
        }
    }

    private mutating func comic(_ object: MarvelJSON.Object, _ json: String) {
        let title = MarvelJSON.string(object["title"]) ?? ""
        // Not localized (ICU per comic is a build hot spot); "variant" is ASCII.
        let variant = !(MarvelJSON.string(object["variantDescription"]) ?? "").isEmpty
            || title.lowercased().contains("variant")
        let series = MarvelJSON.summary(object, "series")
        if let series { seriesSummary(series.id, series.name) }
        var dates: [String: Int64] = [:]
        for entry in MarvelJSON.objects(object["dates"]) ?? [] {
            if let type = MarvelJSON.string(entry["type"]), let date = MarvelJSON.string(entry["date"]).flatMap(CatalogDate.epochSeconds) {
                dates[type] = date
            }
        }
        add(.comic, [id, title, TextFold.fold(title), MarvelJSON.string(object["format"]) ?? "",
                     MarvelJSON.double(object["issueNumber"]) ?? 0, variant, series?.id,
                     MarvelJSON.int(object["digitalId"]) ?? 0,
                     MarvelJSON.string(object["modified"]).flatMap(CatalogDate.epochSeconds),
                     dates["onsaleDate"], dates["focDate"], json])
        let characters = MarvelJSON.items(object, "characters")
        let stories = MarvelJSON.items(object, "stories")
        let events = MarvelJSON.items(object, "events")
        summaries(.stories, stories, linkedBy: .comicStory)
        summaries(.events, events, linkedBy: .comicEvent)
        for c in MarvelJSON.items(object, "creators") {
            summary(.creators, c)
            add(.comicCreatorRole, [id, c.id, c.role])
        }
        // A character in a comic is in its series, stories and events too.
        for c in characters {
            summary(.characters, c)
            link(.characterComic, c.id, id)
            if let series { link(.characterSeries, c.id, series.id) }
            for s in stories where s.type != "cover" { link(.characterStory, c.id, s.id) }
            for e in events { link(.characterEvent, c.id, e.id) }
        }
    }

    private mutating func seriesSummary(_ id: Int, _ title: String) {
        once(.seriesSummary, key: id) {
            let (start, end) = MarvelJSON.years(ofSeriesTitle: title)
            return [id, title, start, end]
        }
    }

    /// A creator, event, series or story known only by a summary: its row with the name, kept if it exists.
    mutating func summary(_ kind: EntityKind, _ item: MarvelJSON.Item) {
        switch kind {
        case .stories:
            once(.storySummary, key: item.id) { [item.id, item.name, item.type] }
        case .events:
            once(.eventSummary, key: item.id) { [item.id, item.name] }
        case .creators:
            once(.creatorSummary, key: item.id) {
                let parts = item.name.split(separator: " ").map(String.init)
                return [item.id, item.name, TextFold.fold(item.name), parts.dropLast().joined(separator: " "), parts.last ?? ""]
            }
        case .series: seriesSummary(item.id, item.name)
        case .characters, .comics:
            // Kept apart from the full records (their tables hold only those): a character or
            // comic known by this name alone is served as one (`CatalogStore.named`).
            let tag = kind == .characters ? 1 : 2
            once(.named, key: item.id, tag: tag) { [kind.rawValue, item.id, item.name] }
        }
    }
}

extension CatalogStore {
    /// Stores an image original once by content hash (`Digest.sha1Hex(bytes)`) and points `token` at it.
    func upsertImage(token: String, extension ext: String, bytes: Data, hash: String, in db: Database) throws {
        try db.run(sql: "INSERT OR IGNORE INTO image_blob (hash, bytes) VALUES (?, ?)", arguments: [hash, bytes])
        try db.run(sql: "INSERT OR REPLACE INTO image (token, extension, hash) VALUES (?, ?, ?)",
                       arguments: [token, ext.lowercased(), hash])
    }
}

/// The keys of the `INSERT OR IGNORE` rows one file's entities have made so far (shared by
/// the `EntityRows` of a file, which are made one after another on one thread).
final class SeenKeys {
    var keys: Set<RowWrite.Key> = []
}
