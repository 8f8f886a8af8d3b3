import Catalog
import EmbeddedCatalogFile
import Foundation
import TestSupport
import XCTest

/// The embedded catalog on a cache disk that cannot take it: it is built in memory instead,
/// says so once, and leaves no partial build file behind.
final class BadDiskCatalogTests: XCTestCase {
    /// A cache "folder" that cannot be created (its parent is a file): works for root too,
    /// where permission bits would not stop a write.
    func testAnUnwritableCacheFolderFallsBackToMemory() throws {
        let parentFile = try freshFolder("mg-baddisk").appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: parentFile)
        // Without and with the package build's ready file: neither can be put there.
        for ready in [nil, ReadyCatalogFile.url] {
            let store = try EmbeddedCatalog.open(fixtures: TestCatalogs.fixtures, cacheDirectory: parentFile.appendingPathComponent("cache"),
                                                 ready: ready)
            XCTAssertNil(store.path, "in memory")
            XCTAssertEqual(EmbeddedCatalog.lastOpening, .builtInMemory)
            var filter = CharacterFilter()
            filter.limit = 5
            XCTAssertEqual(try store.characters(filter).results.count, 5)
            let notice = try XCTUnwrap(EmbeddedCatalog.inMemoryFallbackNotice)
            XCTAssertTrue(notice.contains("in-memory catalog"), notice)
        }
    }

    /// A 2 MB tmpfs: the build runs out of space half-way (SQLite error 13). Needs root and
    /// mount(8); skipped elsewhere.
    func testAFullDiskLeavesNoPartialFileAndStillServes() throws {
        guard let disk = try SmallDisk.mount(megabytes: 2, under: try freshFolder("mg-baddisk")) else { throw XCTSkip("cannot mount a tmpfs here") }
        defer { withExtendedLifetime(disk) {} }  // unmounted when released
        let dir = disk.url
        // A leftover of a build whose process is gone: swept at start.
        let dead = dir.appendingPathComponent("embedded-old.sqlite.building-999999")
        // Without and with the package build's ready file (its copy runs out of space too).
        for ready in [nil, ReadyCatalogFile.url] {
            try Data(count: 1000).write(to: dead)
            let store = try EmbeddedCatalog.open(fixtures: TestCatalogs.fixtures, cacheDirectory: dir, ready: ready)
            XCTAssertNil(store.path, "the 2 MB disk cannot hold the catalog: built in memory")
            XCTAssertEqual(EmbeddedCatalog.lastOpening, .builtInMemory)
            XCTAssertGreaterThan(try store.characters(CharacterFilter()).results.count, 0)
            XCTAssertEqual(TestCatalogs.buildFiles(in: dir), [], "no partial build file left, the dead one swept")
        }
    }
}
