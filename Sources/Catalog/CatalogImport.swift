import Digests
import Foundation
import GRDB

/// What an import did: distinct ids per kind, images stored, files read, and one line per
/// file that could not be used.
public struct ImportReport: Sendable, Equatable {
    public var files = 0
    public var characters: Set<Int> = []
    public var comics: Set<Int> = []
    public var series: Set<Int> = []
    public var stories: Set<Int> = []
    public var events: Set<Int> = []
    public var creators: Set<Int> = []
    public var images = 0
    public var failures: [String] = []

    public init() {}

    /// `12 files: 21 characters, 40 comics, ...` for the command line.
    public var summaryLine: String {
        "\(files) files: \(characters.count) characters, \(comics.count) comics, \(series.count) series, "
            + "\(stories.count) stories, \(events.count) events, \(creators.count) creators, \(images) images"
            + (failures.isEmpty ? "" : ", \(failures.count) skipped")
    }
}

extension CatalogStore {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif"]

    /// Imports recorded Marvel responses (list or detail envelopes, or bare entities) and image
    /// originals from files and folders (recursively). The whole import is one transaction and
    /// each JSON file a savepoint in it: a file that fails adds one line to `failures`, its rows
    /// are rolled back, and the import goes on (one commit instead of one per file is most of
    /// what makes a first launch fast).
    public func importPaths(_ paths: [String]) -> ImportReport {
        var report = ImportReport()
        do {
            try write { db in
                for path in paths { importPath(path, db, into: &report) }
            }
        } catch {
            report.failures.append("\(error)")
        }
        return report
    }

    private func importPath(_ path: String, _ db: Database, into report: inout ImportReport) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            report.failures.append(CatalogError.unreadable(path: path, reason: "no such file or directory").description)
            return
        }
        let files = isDir.boolValue ? Self.filesBelow(path) : [path]
        var jsonFiles: [String] = [], images: [String] = []
        for file in files {
            let ext = (file as NSString).pathExtension.lowercased()
            if ext == "json" {
                jsonFiles.append(file)
            } else if Self.imageExtensions.contains(ext) {
                images.append(file)
            } else if !isDir.boolValue {
                report.failures.append(CatalogError.notMarvelJSON(path: file, reason: "not .json or an image").description)
            }
        }
        // Reading, parsing and the canonical texts run on every core; SQLite writes on this one.
        for (file, parsed) in zip(jsonFiles, Self.parse(jsonFiles)) { importJSONFile(file, parsed, db, into: &report) }
        importImages(Self.readImages(images), db, into: &report)
    }

    /// An entity read from a file with its canonical text (nil: not an entity we keep).
    struct ParsedEntity {
        let object: MarvelJSON.Object
        let json: String?
    }

    /// Each file's entities, or why the file cannot be used, computed in parallel (JSON decoding
    /// and canonical serialization are most of an import's CPU time; files are independent).
    static func parse(_ files: [String]) -> [Result<[ParsedEntity], Error>] {
        parallelMap(files) { file in
            Result {
                try entities(inFile: file).map { object in
                    ParsedEntity(object: object, json: try MarvelJSON.kind(of: object).map { try canonicalText(object, $0) })
                }
            }
        }
    }

    /// The text stored for an entity: characters and comics whole; the other kinds without
    /// their lists (Relations rebuilds those).
    static func canonicalText(_ object: MarvelJSON.Object, _ kind: EntityKind) throws -> String {
        switch kind {
        case .characters, .comics: return try MarvelJSON.serialize(object)
        case .creators, .events, .series, .stories:
            var own = object
            for field in kind.listFields { own[field.rawValue] = nil }
            return try MarvelJSON.serialize(own)
        }
    }

    /// Image files read and hashed in parallel: (file, bytes and content hash) or nil when unreadable.
    static func readImages(_ files: [String]) -> [(file: String, image: (bytes: Data, hash: String)?)] {
        let loaded = parallelMap(files) { file in
            FileManager.default.contents(atPath: file).map { (bytes: $0, hash: Digest.sha1Hex($0)) }
        }
        return Array(zip(files, loaded)).map { (file: $0.0, image: $0.1) }
    }

    /// `transform` over `items` on every core, results in order.
    static func parallelMap<T: Sendable, R>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            DispatchQueue.concurrentPerform(iterations: items.count) { i in out[i] = transform(items[i]) }
        }
        return results.map { $0! }
    }

    static func filesBelow(_ folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let full = (folder as NSString).appendingPathComponent(relative)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
               !(relative as NSString).lastPathComponent.hasPrefix(".") {
                files.append(full)
            }
        }
        return files.sorted()
    }

    private func importJSONFile(_ file: String, _ parsed: Result<[ParsedEntity], Error>, _ db: Database,
                                into report: inout ImportReport) {
        switch parsed {
        case .success(let entities): importEntities(entities, from: file, db, into: &report)
        case .failure(let error as CatalogError): report.failures.append(error.description)
        case .failure(let error): report.failures.append("\(error)")
        }
    }

    /// Imports entities already in Marvel's shape (a recorded envelope's results, or records
    /// translated from another source such as Metron) in one transaction, counted as one file.
    public func importObjects(_ entities: [[String: Any]], from file: String, into report: inout ImportReport) {
        do {
            try write { db in
                importEntities(entities.map { ParsedEntity(object: $0, json: nil) }, from: file, db, into: &report)
            }
        } catch {
            report.failures.append("\(error)")
        }
    }

    /// One file's entities in a savepoint: a record that is not an entity is skipped with one
    /// line saying why; a file that fails is rolled back whole and named once.
    private func importEntities(_ entities: [ParsedEntity], from file: String, _ db: Database, into report: inout ImportReport) {
        do {
            for (index, entity) in entities.enumerated() {
                if let reason = Self.skipReason(entity.object) { report.failures.append("\(file): record \(index + 1) skipped: \(reason)") }
            }
            var imported: [(EntityKind, Int)] = []
            try db.inSavepoint {
                imported = try entities.compactMap { try upsert($0, in: db) }
                return .commit
            }
            report.files += 1
            for (kind, id) in imported {
                switch kind {
                case .characters: report.characters.insert(id)
                case .comics: report.comics.insert(id)
                case .series: report.series.insert(id)
                case .stories: report.stories.insert(id)
                case .events: report.events.insert(id)
                case .creators: report.creators.insert(id)
                }
            }
        } catch let error as CatalogError {
            report.failures.append(error.description)
        } catch {
            report.failures.append(CatalogError.database("\(file): \(error)").description)
        }
    }

    /// The entity objects of an envelope (`data.results`) or a bare entity or array of them.
    static func entities(inFile file: String) throws -> [MarvelJSON.Object] {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CatalogError.unreadable(path: file, reason: (error as NSError).localizedDescription)
        }
        let top: Any
        do { top = try JSONSerialization.jsonObject(with: data) } catch {
            throw CatalogError.notMarvelJSON(path: file, reason: "invalid JSON")
        }
        if let array = top as? [MarvelJSON.Object] { return array }
        guard let object = top as? MarvelJSON.Object else {
            throw CatalogError.notMarvelJSON(path: file, reason: "top level is not an object")
        }
        if let container = object["data"] as? MarvelJSON.Object {
            guard let results = container["results"] as? [MarvelJSON.Object] else {
                throw CatalogError.notMarvelJSON(path: file, reason: "data.results is missing")
            }
            return results
        }
        if object["id"] != nil, MarvelJSON.kind(of: object) != nil { return [object] }
        if let code = object["code"] {
            let text = (object["status"] ?? object["message"]).map { "\($0)" } ?? ""
            throw CatalogError.notMarvelJSON(path: file, reason: "an error body: \(code) \(text)")
        }
        throw CatalogError.notMarvelJSON(path: file, reason: "no data.results")
    }

    private func importImages(_ files: [(file: String, image: (bytes: Data, hash: String)?)], _ db: Database,
                              into report: inout ImportReport) {
        guard !files.isEmpty else { return }
        var loaded: [(String, String, Data, String)] = []
        for (file, image) in files {
            guard let image else {
                report.failures.append(CatalogError.unreadable(path: file, reason: "cannot read image").description)
                continue
            }
            let name = (file as NSString).lastPathComponent as NSString
            loaded.append((name.deletingPathExtension, name.pathExtension, image.bytes, image.hash))
        }
        do {
            try db.inSavepoint {
                for (token, ext, bytes, hash) in loaded {
                    try upsertImage(token: token, extension: ext, bytes: bytes, hash: hash, in: db)
                }
                return .commit
            }
            report.images += loaded.count
        } catch {
            report.failures.append(CatalogError.database("images: \(error)").description)
        }
    }

    /// A stored key/value (e.g. the fixtures VERSION the catalog was built from).
    public func meta(_ key: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    public func setMeta(_ key: String, _ value: String) throws {
        try write { db in try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES (?, ?)", arguments: [key, value]) }
    }
}
