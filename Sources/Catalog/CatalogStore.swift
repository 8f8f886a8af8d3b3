import Foundation
import GRDB
import Synchronization

/// The catalog: Marvel characters, comics, their summaries and relations, and image originals,
/// in one SQLite file (GRDB). Entities are kept as the Marvel JSON they came in (so the server
/// answers byte-compatible objects) next to the columns that filters and orderings need.
public final class CatalogStore: Sendable {
    /// The database file, or nil for an in-memory store.
    public let path: String?
    let writer: any DatabaseWriter
    /// Creators, events, series and stories as served, by kind and id, built at first request
    /// (CatalogStore+Entities); cleared by every write through this store.
    let renderedEntities = Mutex(RenderedEntities())

    /// Opens (creating and migrating if needed) the catalog at `path`.
    public convenience init(path: String) throws {
        try self.init(file: path) { path in
            var config = Self.configuration
            config.label = "catalog"
            return try DatabasePool(path: path, configuration: config)
        }
    }

    /// A new catalog file that only this process writes, once, before renaming it into place
    /// (the embedded catalog's first launch): one connection, the rollback journal in memory and
    /// no fsync. A crash mid-build leaves a `*.building-PID` file that is swept, never read.
    public convenience init(buildingAt path: String) throws {
        try self.init(file: path) { path in
            var config = Self.configuration
            config.label = "catalog-build"
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE")
            }
            return try DatabaseQueue(path: path, configuration: config)
        }
    }

    /// Ends a build (`init(buildingAt:)`): the file is switched to WAL here, where nothing is
    /// synced, so the pool that opens it after the rename finds it in WAL already instead of
    /// switching (and syncing) on the first launch's critical path.
    func finishBuild() throws {
        do { _ = try writer.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") } } catch {
            throw CatalogError.database("finishing the build: \(error)")
        }
    }

    private init(file path: String, open: (String) throws -> any DatabaseWriter) throws {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            self.writer = try open(path)
            self.path = path
            try Self.migrator.migrate(writer)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError.database("\(path): \(error)")
        }
    }

    /// An empty in-memory catalog (tests, synthetic data).
    public init() throws {
        do {
            self.writer = try DatabaseQueue(configuration: Self.configuration)
            self.path = nil
            try Self.migrator.migrate(writer)
        } catch {
            throw CatalogError.database("in-memory: \(error)")
        }
    }

    /// Every connection's setup: `fold(text)`, `TextFold.fold` in SQL, for the search keys of
    /// the rows that have no key column (a character or comic known only by name, `named`).
    /// Several processes open one cached catalog (the gallery, `serve`, a second window); the
    /// last connection to close takes the file's lock to checkpoint, and a process opening it
    /// then waits for that, rather than failing with "database is locked".
    private static var configuration: Configuration {
        var config = Configuration()
        config.busyMode = .timeout(Self.lockWait)
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("fold", argumentCount: 1, pure: true) { values in
                String.fromDatabaseValue(values[0]).map(TextFold.fold)
            })
        }
        return config
    }

    /// How long a connection waits for another process's lock on the file, in seconds.
    static let lockWait: TimeInterval = 10

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.read(body) } catch let error as CatalogError { throw error } catch {
            throw CatalogError.database("\(error)")
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        defer { renderedEntities.withLock { $0 = RenderedEntities(generation: $0.generation + 1) } }
        do { return try writer.write(body) } catch let error as CatalogError { throw error } catch {
            throw CatalogError.database("\(error)")
        }
    }

    /// Row counts and file size, for `catalog info`.
    public struct Summary: Sendable, Equatable {
        public var characters = 0, comics = 0, series = 0, stories = 0, events = 0, creators = 0
        public var images = 0, imageBytes: Int64 = 0, fileBytes: Int64 = 0
    }

    public func summary() throws -> Summary {
        var s = try read { db -> Summary in
            var s = Summary()
            s.characters = try Int.fetchOne(db, sql: "SELECT count(*) FROM character") ?? 0
            s.comics = try Int.fetchOne(db, sql: "SELECT count(*) FROM comic") ?? 0
            s.series = try Int.fetchOne(db, sql: "SELECT count(*) FROM series") ?? 0
            s.stories = try Int.fetchOne(db, sql: "SELECT count(*) FROM story") ?? 0
            s.events = try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? 0
            s.creators = try Int.fetchOne(db, sql: "SELECT count(*) FROM creator") ?? 0
            s.images = try Int.fetchOne(db, sql: "SELECT count(*) FROM image") ?? 0
            s.imageBytes = try Int64.fetchOne(db, sql: "SELECT coalesce(sum(length(bytes)), 0) FROM image_blob") ?? 0
            return s
        }
        if let path {
            for suffix in ["", "-wal"] {
                let attributes = try? FileManager.default.attributesOfItem(atPath: path + suffix)
                s.fileBytes += (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            }
        }
        return s
    }

    /// Copies a WAL database into one self-contained file (used before renaming a built catalog).
    public func checkpoint() throws {
        do { _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) } } catch {
            throw CatalogError.database("checkpoint: \(error)")
        }
    }
}

extension Database {
    /// Runs one statement compiled once per connection: an import runs the same few inserts
    /// tens of thousands of times, and compiling each one again would be a large part of its cost.
    func run(sql: String, arguments: StatementArguments) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
