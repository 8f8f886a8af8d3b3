@testable import Catalog
import EmbeddedCatalogFile
import Foundation
import GRDB
import XCTest

/// The embedded catalog built with the package (EmbeddedCatalogPlugin): a first launch installs
/// it instead of importing, and only a file of the same fixtures version is ever installed.
final class ReadyCatalogFileTests: XCTestCase {
    private func readyFile() throws -> URL {
        let url = try XCTUnwrap(ReadyCatalogFile.url, "the package build made no ready catalog beside the test bundle")
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), url.path)
        return url
    }

    /// Other fixtures: one page of 100 characters under its own VERSION.
    private func otherFixtures() throws -> URL {
        let folder = try freshFolder("mg-ready").appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestCatalogs.fixtures.appendingPathComponent("characters-1.json"),
                                         to: folder.appendingPathComponent("characters-1.json"))
        try Data("other-fixtures-\(UUID().uuidString)\n".utf8).write(to: folder.appendingPathComponent("VERSION"))
        return folder
    }

    func testAFreshCacheFolderGetsTheReadyFileInstalledNotBuilt() throws {
        let ready = try readyFile()
        let readyBytes = try Data(contentsOf: ready)
        // A true first launch: not even the cache folder exists yet.
        let dir = try freshFolder("mg-ready").appendingPathComponent("cache/marvel-gallery")
        let store = try EmbeddedCatalog.open(fixtures: TestCatalogs.fixtures, cacheDirectory: dir, ready: ready)
        XCTAssertEqual(EmbeddedCatalog.lastOpening, .installed)
        let version = try EmbeddedCatalog.version(of: TestCatalogs.fixtures)
        XCTAssertEqual(store.path, dir.appendingPathComponent(EmbeddedCatalog.fileName(version: version)).path)
        XCTAssertEqual(try store.meta("fixtures-version"), version)
        XCTAssertEqual(TestCatalogs.buildFiles(in: dir), [])

        // The same data as the runtime's own import of these fixtures.
        let imported = try CatalogStore()
        XCTAssertEqual(imported.importPaths([TestCatalogs.fixtures.path]).failures, [])
        var installedSummary = try store.summary(), importedSummary = try imported.summary()
        installedSummary.fileBytes = 0
        importedSummary.fileBytes = 0
        XCTAssertEqual(installedSummary, importedSummary)
        XCTAssertEqual(installedSummary.characters, 184)
        var everyone = CharacterFilter()
        everyone.limit = 100
        everyone.offset = 100
        XCTAssertEqual(try store.characters(everyone), try imported.characters(everyone))
        var comics = ComicFilter()
        comics.limit = 100
        XCTAssertEqual(try store.comics(comics), try imported.comics(comics))

        // Opened as it is from then on; the shipped file itself is never written.
        _ = try EmbeddedCatalog.open(fixtures: TestCatalogs.fixtures, cacheDirectory: dir, ready: ready)
        XCTAssertEqual(EmbeddedCatalog.lastOpening, .opened)
        XCTAssertEqual(try Data(contentsOf: ready), readyBytes)
    }

    /// `MARVEL_GALLERY_FIXTURES` at other fixtures: the ready file's version does not match, so
    /// the catalog is built from the fixtures in use.
    func testAReadyFileOfOtherFixturesIsIgnoredAndTheCatalogBuilt() throws {
        let ready = try readyFile()
        let fixtures = try otherFixtures()
        let dir = try freshFolder("mg-ready")
        let store = try EmbeddedCatalog.open(fixtures: fixtures, cacheDirectory: dir, ready: ready)
        XCTAssertEqual(EmbeddedCatalog.lastOpening, .built)
        XCTAssertEqual(try store.characters(CharacterFilter()).total, 100, "the other fixtures' 100, not the ready file's 184")
        XCTAssertEqual(try store.meta("fixtures-version"), try EmbeddedCatalog.version(of: fixtures))
        XCTAssertEqual(TestCatalogs.buildFiles(in: dir), [])
    }

    func testAReadyFileThatIsNotACatalogIsIgnoredAndTheCatalogBuilt() throws {
        let dir = try freshFolder("mg-ready")
        let garbage = dir.appendingPathComponent("not-a-catalog.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: garbage)
        let fixtures = try otherFixtures()
        let cache = dir.appendingPathComponent("cache")
        for ready in [garbage, dir.appendingPathComponent("missing.sqlite")] {
            let store = try EmbeddedCatalog.open(fixtures: fixtures, cacheDirectory: cache, ready: ready)
            XCTAssertEqual(EmbeddedCatalog.lastOpening, .built, ready.lastPathComponent)
            XCTAssertEqual(try store.characters(CharacterFilter()).total, 100)
            XCTAssertEqual(TestCatalogs.buildFiles(in: cache), [])
            try FileManager.default.removeItem(at: cache)
        }
    }

    /// The package build and the runtime build make the same file: the tool is the runtime's
    /// importer (EmbeddedCatalog.build), so the ready file's rows equal a build made here.
    func testTheReadyFileEqualsARuntimeBuild() throws {
        let ready = try CatalogStore(path: try copy(of: try readyFile()))
        let dir = try freshFolder("mg-ready")
        let built = try EmbeddedCatalog.open(fixtures: TestCatalogs.fixtures, cacheDirectory: dir)
        XCTAssertEqual(EmbeddedCatalog.lastOpening, .built)
        let tables = try ready.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
        XCTAssertGreaterThan(tables.count, 10)
        for table in tables {
            XCTAssertEqual(try rows(of: table, in: ready), try rows(of: table, in: built), table)
        }
    }

    /// Every row of a table as text, in a stable order (blobs compare by length here; their
    /// content hash is a column of image_blob).
    private func rows(of table: String, in store: CatalogStore) throws -> [String] {
        try store.read { db in try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map(\.description).sorted() }
    }

    private func copy(of file: URL) throws -> String {
        let copy = try freshFolder("mg-ready").appendingPathComponent("ready-copy.sqlite")
        try FileManager.default.copyItem(at: file, to: copy)
        return copy.path
    }
}
