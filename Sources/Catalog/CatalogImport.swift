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
    /// originals from files and folders (recursively). Each JSON file is one transaction; a file
    /// that fails adds one line to `failures` and the import goes on.
    public func importPaths(_ paths: [String]) -> ImportReport {
        var report = ImportReport()
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                report.failures.append(CatalogError.unreadable(path: path, reason: "no such file or directory").description)
                continue
            }
            let files = isDir.boolValue ? Self.filesBelow(path) : [path]
            var images: [String] = []
            for file in files {
                let ext = (file as NSString).pathExtension.lowercased()
                if ext == "json" {
                    importJSONFile(file, into: &report)
                } else if Self.imageExtensions.contains(ext) {
                    images.append(file)
                } else if !isDir.boolValue {
                    report.failures.append(CatalogError.notMarvelJSON(path: file, reason: "not .json or an image").description)
                }
            }
            importImages(images, into: &report)
        }
        return report
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

    private func importJSONFile(_ file: String, into report: inout ImportReport) {
        do {
            importObjects(try Self.entities(inFile: file), from: file, into: &report)
        } catch {
            report.failures.append("\(error)")
        }
    }

    /// Imports entities already in Marvel's shape (a recorded envelope's results, or records
    /// translated from another source such as Metron) in one transaction, counted as one file.
    public func importObjects(_ entities: [[String: Any]], from file: String, into report: inout ImportReport) {
        do {
            // A record that is not an entity is skipped with one line saying why; the rest import.
            for (index, entity) in entities.enumerated() {
                if let reason = Self.skipReason(entity) { report.failures.append("\(file): record \(index + 1) skipped: \(reason)") }
            }
            let imported = try write { db in try entities.compactMap { try upsert($0, in: db) } }
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
        } catch {
            report.failures.append("\(error)")
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

    private func importImages(_ files: [String], into report: inout ImportReport) {
        guard !files.isEmpty else { return }
        var loaded: [(String, String, Data)] = []
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: file) else {
                report.failures.append(CatalogError.unreadable(path: file, reason: "cannot read image").description)
                continue
            }
            let name = (file as NSString).lastPathComponent as NSString
            loaded.append((name.deletingPathExtension, name.pathExtension, bytes))
        }
        do {
            try write { db in
                for (token, ext, bytes) in loaded { try upsertImage(token: token, extension: ext, bytes: bytes, in: db) }
            }
            report.images += loaded.count
        } catch {
            report.failures.append("images: \(error)")
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
