import Foundation

/// Turning one file into the rows to write (the part of an import that runs on the other
/// threads): its records read through a `JSONTape`, or JSONSerialization when the tape cannot
/// copy the text exactly, each record's stored text and rows, or why it is skipped.
extension CatalogStore {
    /// A record of a file: its rows, or why it is skipped.
    enum PreparedEntity {
        case rows(EntityRows)
        case skipped(String)
    }

    /// A file's records: read through a tape (`JSONTape`) when it is a plain Marvel envelope or
    /// array of records, else as JSONSerialization reads it (which also says what is wrong).
    enum FileRecords {
        case tape([JSONValue])
        case foundation([[String: Any]])
    }

    static func records(_ file: String) -> Result<FileRecords, Error> {
        Result {
            let data = try contents(of: file)
            if let values = tapeRecords(Array(data)) { return .tape(values) }
            return .foundation(try entities(in: data, file: file))
        }
    }

    /// The records of an envelope (`data.results`), an array of records or one bare record,
    /// when the text takes the fast path; nil sends it to JSONSerialization.
    static func tapeRecords(_ bytes: [UInt8]) -> [JSONValue]? {
        guard let root = try? JSONTape(bytes).root else { return nil }
        if let records = MarvelJSON.objects(root) { return records }
        guard root.isObject, !root.hasDuplicateKeys else { return nil }
        if let data = root["data"], data.isObject {
            guard !data.hasDuplicateKeys else { return nil }
            return MarvelJSON.objects(data["results"])
        }
        if root["id"] != nil, MarvelJSON.kind(of: root) != nil { return [root] }
        return nil
    }

    /// A file's records as rows to write, or why the file cannot be used.
    static func prepareFile(_ file: String) -> Result<[PreparedEntity], Error> {
        records(file).flatMap { records in Result { try prepare(records, file: file) } }
    }

    static func prepare(_ records: FileRecords, file: String) throws -> [PreparedEntity] {
        switch records {
        case .tape(let values):
            do {
                let seen = SeenKeys()
                return try values.map { try prepare($0, seen: seen) }
            } catch is JSONTape.Unsupported {
                // A text the tape cannot copy as CanonicalJSON would write it: the Foundation path.
                return try prepare(entities(in: contents(of: file), file: file))
            }
        case .foundation(let objects):
            return try prepare(objects)
        }
    }

    /// A record as read from a tape; `json` is its stored text when already made; `seen`, the
    /// rows its file's earlier records made.
    static func prepare(_ object: JSONValue, json: String? = nil, seen: SeenKeys = SeenKeys()) throws -> PreparedEntity {
        if let reason = skipReason(object) { return .skipped(reason) }
        guard let rows = try EntityRows(object, json: json, seen: seen) else { return .skipped("not a Marvel entity") }
        return .rows(rows)
    }

    /// Records as JSONSerialization reads them, or as built in memory (a live source's translations).
    static func prepare(_ objects: [[String: Any]]) throws -> [PreparedEntity] {
        let seen = SeenKeys()
        return try objects.map { try prepare($0, seen: seen) }
    }

    /// A record as JSONSerialization reads it: its fields read back from its canonical text,
    /// its stored text made by `CanonicalJSON`.
    static func prepare(_ object: [String: Any], seen: SeenKeys = SeenKeys()) throws -> PreparedEntity {
        let value = try JSONTape(Array(CanonicalJSON.string(object).utf8)).root
        if let reason = skipReason(value) { return .skipped(reason) }
        guard let kind = MarvelJSON.kind(of: value) else { return .skipped("not a Marvel entity") }
        return try prepare(value, json: canonicalText(object, kind), seen: seen)
    }

    /// Why a record cannot be imported, or nil when it can.
    static func skipReason(_ object: JSONValue) -> String? {
        guard MarvelJSON.int(object["id"]) != nil else { return "no numeric id" }
        guard MarvelJSON.kind(of: object) != nil else { return "not a Marvel entity (no resourceURI or known fields)" }
        return nil
    }

    /// The text stored for an entity: characters and comics whole; the other kinds without
    /// their lists (Relations rebuilds those). From the tape, as `canonicalText(_:_:)` of the
    /// Foundation objects would write it (`CatalogImportTests` compares the two).
    static func canonicalText(_ object: JSONValue, _ kind: EntityKind) throws -> String {
        switch kind {
        case .characters, .comics: try object.canonicalText()
        case .creators, .events, .series, .stories: try object.canonicalText(omitting: kind.listFields.map(\.rawValue))
        }
    }

    /// The text stored for an entity, from JSONSerialization's objects.
    static func canonicalText(_ object: [String: Any], _ kind: EntityKind) throws -> String {
        switch kind {
        case .characters, .comics: return try MarvelJSON.serialize(object)
        case .creators, .events, .series, .stories:
            var own = object
            for field in kind.listFields { own[field.rawValue] = nil }
            return try MarvelJSON.serialize(own)
        }
    }

    static func contents(of file: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CatalogError.unreadable(path: file, reason: (error as NSError).localizedDescription)
        }
    }

    /// The entity objects of an envelope (`data.results`) or a bare entity or array of them.
    static func entities(in data: Data, file: String) throws -> [[String: Any]] {
        let top: Any
        do { top = try JSONSerialization.jsonObject(with: data) } catch {
            throw CatalogError.notMarvelJSON(path: file, reason: "invalid JSON")
        }
        if let array = top as? [[String: Any]] { return array }
        guard let object = top as? [String: Any] else {
            throw CatalogError.notMarvelJSON(path: file, reason: "top level is not an object")
        }
        if let container = object["data"] as? [String: Any] {
            guard let results = container["results"] as? [[String: Any]] else {
                throw CatalogError.notMarvelJSON(path: file, reason: "data.results is missing")
            }
            return results
        }
        if object["id"] != nil, (try? JSONTape(Array(CanonicalJSON.string(object).utf8)).root).flatMap(MarvelJSON.kind) != nil {
            return [object]
        }
        if let code = object["code"] {
            let text = (object["status"] ?? object["message"]).map { "\($0)" } ?? ""
            throw CatalogError.notMarvelJSON(path: file, reason: "an error body: \(code) \(text)")
        }
        throw CatalogError.notMarvelJSON(path: file, reason: "no data.results")
    }
}
