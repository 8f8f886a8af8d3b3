import Digests
import Foundation
import GRDB

/// One timed step of an import (`parse`, `entities`, `images`, ...).
public struct ImportPhase: Sendable, Equatable {
    public var name: String
    public var milliseconds: Double

    init(name: String, since start: ContinuousClock.Instant) {
        self.init(name: name, duration: ContinuousClock.now - start)
    }

    init(name: String, duration: Duration) {
        self.name = name
        self.milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// Runs `body`, appending its wall time as `name` to `phases`.
    static func timed<T>(_ name: String, _ phases: inout [ImportPhase], _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { phases.append(ImportPhase(name: name, since: start)) }
        return try body()
    }
}

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
    /// Wall time of each step, in order (`marvel-bench catalog` prints them).
    public var phases: [ImportPhase] = []

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
        let start = ContinuousClock.now
        do {
            try write { db in
                let writer = RowWriter(db)
                for path in paths { importPath(path, writer, db, into: &report) }
            }
            report.phases.append(ImportPhase(name: "whole import (commit included)", since: start))
        } catch {
            report.failures.append("\(error)")
        }
        return report
    }

    private func importPath(_ path: String, _ writer: RowWriter, _ db: Database, into report: inout ImportReport) {
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
        // Each file is read, parsed and turned into rows on the other threads, in order, while
        // this one writes the files already done; the images are read and hashed after them.
        let start = ContinuousClock.now
        let parseFiles = jsonFiles
        let prepared = InOrderResults(count: parseFiles.count) { Self.prepareFile(parseFiles[$0]) }
        let pendingImages = Self.readImagesInBackground(images, after: prepared.finished)
        var waited = Duration.zero
        for (index, file) in jsonFiles.enumerated() {
            let asked = ContinuousClock.now
            let entities = prepared.take(index)
            waited += ContinuousClock.now - asked
            switch entities {
            case .success(let entities): importEntities(entities, from: file, writer, db, into: &report)
            case .failure(let error as CatalogError): report.failures.append(error.description)
            case .failure(let error): report.failures.append("\(error)")
            }
        }
        report.phases.append(ImportPhase(name: "write entity rows, files read+parsed meanwhile", since: start))
        report.phases.append(ImportPhase(name: "of which waiting for parsed files", duration: waited))
        let loaded = ImportPhase.timed("wait for images read+hashed", &report.phases) { pendingImages() }
        let imagesStart = ContinuousClock.now
        importImages(loaded, db, into: &report)
        report.phases.append(ImportPhase(name: "write images", since: imagesStart))
    }

    /// Image files read and hashed in parallel: (file, bytes and content hash) or nil when unreadable.
    static func readImages(_ files: [String]) -> [(file: String, image: (bytes: Data, hash: String)?)] {
        let loaded = parallelMap(files) { file in
            FileManager.default.contents(atPath: file).map { (bytes: $0, hash: Digest.sha1Hex($0)) }
        }
        return Array(zip(files, loaded)).map { (file: $0.0, image: $0.1) }
    }

    /// Starts `readImages(files)` on other threads once `earlier` is done; the closure returned
    /// waits for its result.
    static func readImagesInBackground(_ files: [String], after earlier: DispatchGroup)
        -> () -> [(file: String, image: (bytes: Data, hash: String)?)] {
        final class Box: @unchecked Sendable { var value: [(file: String, image: (bytes: Data, hash: String)?)] = [] }
        let box = Box(), done = DispatchGroup()
        done.enter()
        earlier.notify(queue: .global()) {
            box.value = readImages(files)
            done.leave()
        }
        return {
            done.wait()
            return box.value
        }
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

    /// The files below `folder` (recursively, symbolic links to files included, to folders not
    /// followed), without those whose name starts with a dot, sorted. Read with readdir: the
    /// FileManager walk (an NSString path and a stat per entry) costs a tenth of a catalog build.
    static func filesBelow(_ folder: String) -> [String] {
        var files: [String] = []
        func walk(_ directory: String) {
            guard let handle = opendir(directory) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? Int32(DT_LNK) : Int32(DT_REG)
                }
                if type == Int32(DT_DIR) {
                    walk(path)
                } else if !name.hasPrefix(".") {
                    if type == Int32(DT_LNK) {
                        var info = stat()
                        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
                    }
                    files.append(path)
                }
            }
        }
        walk(folder)
        return files.sorted()
    }

    /// Imports entities already in Marvel's shape (a recorded envelope's results, or records
    /// translated from a live source's recordings) in one transaction, counted as one file.
    public func importObjects(_ entities: [[String: Any]], from file: String, into report: inout ImportReport) {
        do {
            let prepared = try Self.prepare(entities)
            try write { db in importEntities(prepared, from: file, RowWriter(db), db, into: &report) }
        } catch let error as CatalogError {
            report.failures.append(error.description)
        } catch {
            report.failures.append(CatalogError.database("\(file): \(error)").description)
        }
    }

    /// One file's entities in a savepoint: a record that is not an entity is skipped with one
    /// line saying why; a file that fails is rolled back whole and named once.
    private func importEntities(_ entities: [PreparedEntity], from file: String, _ writer: RowWriter, _ db: Database,
                                into report: inout ImportReport) {
        var imported: [(EntityKind, Int)] = []
        for (index, entity) in entities.enumerated() {
            switch entity {
            case .skipped(let reason): report.failures.append("\(file): record \(index + 1) skipped: \(reason)")
            case .rows(let rows): imported.append((rows.kind, rows.id))
            }
        }
        writer.mark()
        do {
            try db.inSavepoint {
                for case .rows(let rows) in entities {
                    for row in rows.writes { try writer.write(row) }
                }
                return .commit
            }
        } catch {
            writer.rollBack()
            report.failures.append((error as? CatalogError)?.description ?? CatalogError.database("\(file): \(error)").description)
            return
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

    /// Marks the catalog as changed by `catalog import` now: `version` of a catalog built by
    /// imports (no fixtures version) is the time of its last one, so a health check tells two
    /// apart. Not part of an import itself: the embedded catalog's build is the same file
    /// whenever it is made.
    public func markImported(at date: Date = Date()) throws {
        try setMeta("import-version", "imported " + ISO8601DateFormatter.string(
            from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withInternetDateTime]))
    }

    /// The fixtures version the catalog was built from, else when it was last imported into.
    public var version: String? {
        (try? meta("fixtures-version")) ?? (try? meta("import-version")) ?? nil
    }

    /// A stored key/value (e.g. the fixtures VERSION the catalog was built from).
    public func meta(_ key: String) throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    public func setMeta(_ key: String, _ value: String) throws {
        try write { db in try db.execute(sql: "INSERT OR REPLACE INTO meta VALUES (?, ?)", arguments: [key, value]) }
    }
}
