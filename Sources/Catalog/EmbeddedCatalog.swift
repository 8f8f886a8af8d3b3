import Digests
import Foundation
import Synchronization
import UserDirectories

/// The catalog that ships in `Fixtures/catalog/` and where catalogs live on disk.
///
/// The embedded catalog is imported into SQLite when the package is built (the ready file of
/// `EmbeddedCatalogFile`), installed into the cache folder at first launch (or imported there
/// when no ready file matches) and reused: the file is named after `Fixtures/catalog/VERSION`
/// (a content hash written by `scripts/generate_fixtures.py`), so a warm start only opens a
/// file. Locations:
/// - fixtures: `$MARVEL_GALLERY_FIXTURES`, else `catalog` in an installed program's
///   `PREFIX/share/marvel-gallery` (`scripts/install.sh`), `Fixtures/catalog` of the source tree
///   (from `#filePath`), beside the executable's build folder, or under the working directory;
/// - built embedded catalog: `$XDG_CACHE_HOME/marvel-gallery/` (default `~/.cache/marvel-gallery/`);
/// - the user's own catalog (`catalog import`): `$MARVEL_GALLERY_CATALOG`, else
///   `$XDG_DATA_HOME/marvel-gallery/catalog.sqlite` (default `~/.local/share/marvel-gallery/`).
public enum EmbeddedCatalog {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the embedded catalog (envelopes, images, VERSION).
    public static func fixturesFolder() throws -> URL {
        let env = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let path = env["MARVEL_GALLERY_FIXTURES"], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            candidates.append(url.lastPathComponent == "catalog" ? url : url.appendingPathComponent("catalog"))
            candidates.append(url)
        }
        // An installed program's own copy first: it is the one its ready file was made from.
        if let installed = UserDirectories.installedData { candidates.append(installed.appendingPathComponent("catalog")) }
        candidates.append(sourceRoot.appendingPathComponent("Fixtures/catalog"))
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../../../Fixtures/catalog").standardized)
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures/catalog"))
        for url in candidates where FileManager.default.fileExists(atPath: url.appendingPathComponent("VERSION").path) {
            return url
        }
        throw CatalogError.fixturesNotFound(searched: candidates.map(\.path))
    }

    /// `$XDG_CACHE_HOME/marvel-gallery` or `~/.cache/marvel-gallery`.
    public static var cacheDirectory: URL { cacheDirectory(environment: ProcessInfo.processInfo.environment) }

    public static func cacheDirectory(environment env: [String: String]) -> URL {
        UserDirectories.appCache(env)
    }

    /// The user's catalog for `catalog import` / `catalog info` / `serve --catalog`.
    public static var userCatalogPath: String { userCatalogPath(environment: ProcessInfo.processInfo.environment) }

    public static func userCatalogPath(environment env: [String: String]) -> String {
        if let path = env["MARVEL_GALLERY_CATALOG"], !path.isEmpty { return path }
        return UserDirectories.appData(env).appendingPathComponent("catalog.sqlite").path
    }

    /// Opens the SQLite catalog built from a fixtures folder. When this version is not in the
    /// cache folder yet, `ready` (the file the package build made, `EmbeddedCatalogFile`) is
    /// installed if it holds this fixtures version; otherwise the catalog is built here. Either
    /// way the file is made under a temporary name and renamed when complete, so concurrent
    /// first starts never see half a catalog.
    public static func open(fixtures: URL? = nil, cacheDirectory: URL? = nil, ready: URL? = nil) throws -> CatalogStore {
        let folder = try fixtures ?? fixturesFolder()
        let version = try version(of: folder)
        var directory = cacheDirectory ?? Self.cacheDirectory
        if cacheDirectory == nil, (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) == nil {
            // An unwritable home (some CI sandboxes): build beside the other temporary files.
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(UserDirectories.appFolder)-\(getuid())")
        }
        let path = directory.appendingPathComponent(fileName(version: version)).path
        if FileManager.default.fileExists(atPath: path) {
            let store = try CatalogStore(path: path)
            if try store.meta("fixtures-version") == version {
                lastOpen.withLock { $0 = .opened }
                return store
            }
        }
        let temporary = path + ".building-\(ProcessInfo.processInfo.processIdentifier)"
        sweepAbandonedBuilds(in: directory)
        removeBuildFiles(temporary)
        if let ready, installReadyFile(ready, version: version, at: temporary) {
            lastOpen.withLock { $0 = .installed }
            return try moveIntoPlace(temporary, at: path)
        }
        do {
            let phases = try build(from: folder, version: version, at: temporary)
            lastBuild.withLock { $0 = phases }
        } catch {
            // A full or read-only cache disk (SQLite 13 / 14): nothing half-built stays behind,
            // and the catalog is built in memory instead (slower start, same data).
            removeBuildFiles(temporary)
            let store = try CatalogStore()
            let report = store.importPaths([folder.path])
            if let failure = report.failures.first { throw CatalogError.database("embedded catalog: \(failure)") }
            try store.setMeta("fixtures-version", version)
            fallbackNotice.withLock { $0 = "in-memory catalog (cache folder full or read-only)" }
            lastOpen.withLock { $0 = .builtInMemory }
            return store
        }
        let start = ContinuousClock.now
        let store = try moveIntoPlace(temporary, at: path)
        lastBuild.withLock { $0.append(ImportPhase(name: "rename and reopen", since: start)) }
        lastOpen.withLock { $0 = .built }
        return store
    }

    /// Builds the catalog of a fixtures folder into a new file at `path`, stamped with its
    /// fixtures version and left in WAL mode: the runtime build and the package build's
    /// `EmbeddedCatalogBuilder` both make the file here. Returns the timed steps.
    public static func build(from folder: URL, version: String, at path: String) throws -> [ImportPhase] {
        var phases: [ImportPhase] = []
        let builder = try ImportPhase.timed("create file and schema", &phases) { try CatalogStore(buildingAt: path) }
        let report = builder.importPaths([folder.path])
        if let failure = report.failures.first { throw CatalogError.database("embedded catalog: \(failure)") }
        phases += report.phases
        try builder.setMeta("fixtures-version", version)
        try ImportPhase.timed("switch to WAL", &phases) { try builder.finishBuild() }
        return phases  // the builder's connection closes here, before any rename
    }

    /// Renames a complete file at `temporary` to `path` and opens it.
    static func moveIntoPlace(_ temporary: String, at path: String) throws -> CatalogStore {
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        _ = try? FileManager.default.removeItem(atPath: path)
        do {
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        } catch {
            // Another process won the race: its file is complete, use it.
            try? FileManager.default.removeItem(atPath: temporary)
        }
        return try CatalogStore(path: path)
    }

    /// The steps of the last embedded catalog build in this process, timed (empty when `open`
    /// only opened a built file): `marvel-bench catalog` prints them.
    public static var lastBuildPhases: [ImportPhase] { lastBuild.withLock { $0 } }
    static let lastBuild = Mutex<[ImportPhase]>([])

    /// How `open` got its catalog.
    public enum Opening: Sendable, Equatable {
        /// The cache folder had this version's file.
        case opened
        /// The package build's ready file was copied into the cache folder (nothing imported).
        case installed
        /// Imported here, into the cache folder.
        case built
        /// Imported here, in memory (the cache folder is full or read-only).
        case builtInMemory
    }

    /// How the last `open` in this process got its catalog (nil before any).
    public static var lastOpening: Opening? { lastOpen.withLock { $0 } }
    static let lastOpen = Mutex<Opening?>(nil)

    /// Set when `open` had to build the catalog in memory (the cache folder is full or
    /// read-only): one sentence for the status line. nil when the disk catalog is used.
    public static var inMemoryFallbackNotice: String? { fallbackNotice.withLock { $0 } }
    static let fallbackNotice = Mutex<String?>(nil)

    static func removeBuildFiles(_ temporary: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
    }

    /// Removes `*.building-PID` files (and their -wal/-shm) of processes that no longer run:
    /// a build killed mid-way (or on a full disk before this fix) left them behind.
    static func sweepAbandonedBuilds(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            guard let range = name.range(of: ".building-") else { continue }
            let pidText = name[range.upperBound...].prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != ProcessInfo.processInfo.processIdentifier else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }  // still running (maybe as someone else)
            try? FileManager.default.removeItem(atPath: directory.appendingPathComponent(name).path)
        }
    }

    /// The cached file of a version: named by the whole version (fixtures and import format),
    /// so programs of two import formats sharing a cache folder (a user's two builds, tests of
    /// two checkouts) keep a file each instead of rebuilding one under the other's reader.
    public static func fileName(version: String) -> String {
        "embedded-\(version.prefix(16))-\(Digest.sha1Hex(version).prefix(8)).sqlite"
    }

    /// What the catalog is built from and how: the content hash recorded in `VERSION` (or, for
    /// a folder without one, a hash of file names and sizes), then `CatalogStore.importFormat`,
    /// so a cached file made by an import that kept less (no creator roles of its own) is built
    /// again rather than opened.
    public static func version(of folder: URL) throws -> String {
        try contentVersion(of: folder) + "+import\(CatalogStore.importFormat)"
    }

    private static func contentVersion(of folder: URL) throws -> String {
        if let text = try? String(contentsOf: folder.appendingPathComponent("VERSION"), encoding: .utf8) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return trimmed }
        }
        var listing = ""
        for file in CatalogStore.filesBelow(folder.path) {
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)??.intValue ?? 0
            listing += "\(file)\u{0}\(size)\n"
        }
        return Digest.sha1Hex(listing)
    }
}
