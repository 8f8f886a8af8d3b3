import XCTest
@testable import CacheKit
@testable import ImagePipeline

final class DiskCacheTests: XCTestCase {
    func bytes(_ n: Int, seed: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) } }

    /// The real bytes on disk in `entries/` (not the cache's own belief).
    func onDiskSize(_ dir: URL) -> (size: Int, count: Int) {
        let entries = dir.appendingPathComponent("entries")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: entries.path)) ?? []
        let size = names.reduce(0) { total, n in
            let a = try? FileManager.default.attributesOfItem(atPath: entries.appendingPathComponent(n).path)
            return total + ((a?[.size] as? Int) ?? 0)
        }
        return (size, names.count)
    }

    func testRoundTripWithHashedFileName() {
        let dir = TempDir()
        let cache = DiskCache(directory: dir.url)
        let data = bytes(5000, seed: 1)
        cache.store(data, for: "http://h/a.jpg")
        XCTAssertEqual(cache.data(for: "http://h/a.jpg"), data)
        XCTAssertNil(cache.data(for: "http://h/b.jpg"))
        // sha256("http://h/a.jpg")
        let name = URL(fileURLWithPath: cache.path(for: "http://h/a.jpg")).lastPathComponent
        XCTAssertEqual(name.count, 64)
        XCTAssertEqual(name, SHA256Digest.hex(SHA256Digest.digest(Array("http://h/a.jpg".utf8))))
        XCTAssertEqual(SHA256Digest.hex(SHA256Digest.digest(Array("abc".utf8))),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(cache.info.entryCount, 1)
        XCTAssertTrue((try? FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("tmp").path))?.isEmpty ?? false)
    }

    func testWritingThreeTimesTheLimitStaysWithinIt() {
        let dir = TempDir()
        let limit = 100_000
        let cache = DiskCache(directory: dir.url, sizeLimit: limit)
        var written = 0
        var i = 0
        while written < 3 * limit {
            cache.store(bytes(1500 + (i % 7) * 100, seed: i), for: "k\(i)")
            written += 1500 + (i % 7) * 100
            i += 1
            let real = onDiskSize(dir.url)
            XCTAssertLessThanOrEqual(real.size, limit)
            XCTAssertEqual(real.size, cache.info.totalSize)
        }
        XCTAssertGreaterThan(cache.eventCounts.sweeps, 1)
        // The newest entries survive a sweep.
        XCTAssertNotNil(cache.data(for: "k\(i - 1)"))
        XCTAssertNil(cache.data(for: "k0"))
    }

    /// A long walk stores thousands of pictures: the index is rewritten a number of times that
    /// grows with the log of the entries, not their count, and a process that dies between
    /// index writes (no flush) leaves nothing lost: the next open finds every entry.
    func testIndexWritesAreBatchedAndAnUnflushedCacheLosesNothing() {
        let dir = TempDir()
        var cache: DiskCache? = DiskCache(directory: dir.url)
        for i in 0..<2000 { cache!.store(bytes(64, seed: i), for: "k\(i)") }
        let writes = cache!.eventCounts.indexWrites
        XCTAssertLessThanOrEqual(writes, 20, "a fixed interval of 64 writes 32 times")
        XCTAssertGreaterThanOrEqual(writes, 5)
        cache = nil  // no flush: as if the process was killed
        let reopened = DiskCache(directory: dir.url)
        XCTAssertEqual(reopened.info.entryCount, 2000)
        XCTAssertEqual(reopened.data(for: "k1999"), bytes(64, seed: 1999))
        XCTAssertEqual(reopened.data(for: "k0"), bytes(64, seed: 0))
    }

    func testSweepKeepsRecentlyReadEntries() {
        let dir = TempDir()
        let cache = DiskCache(directory: dir.url, sizeLimit: 20_000)
        for i in 0..<8 { cache.store(bytes(2000, seed: i), for: "k\(i)") }
        _ = cache.data(for: "k0")   // k0 is now the most recently used
        for i in 8..<12 { cache.store(bytes(2000, seed: i), for: "k\(i)") }
        XCTAssertNotNil(cache.data(for: "k0"))
        XCTAssertNil(cache.data(for: "k1"))
        XCTAssertLessThanOrEqual(onDiskSize(dir.url).size, 20_000)
    }

    func testTruncatedAndBitFlippedFilesAreDeleted() throws {
        let dir = TempDir()
        let cache = DiskCache(directory: dir.url)
        cache.store(bytes(3000, seed: 3), for: "short")
        cache.store(bytes(3000, seed: 4), for: "flip")
        let shortPath = cache.path(for: "short")
        let truncated = try Data(contentsOf: URL(fileURLWithPath: shortPath)).prefix(1000)
        try truncated.write(to: URL(fileURLWithPath: shortPath))
        var flipped = try Data(contentsOf: URL(fileURLWithPath: cache.path(for: "flip")))
        flipped[flipped.count - 10] ^= 0x01
        try flipped.write(to: URL(fileURLWithPath: cache.path(for: "flip")))
        XCTAssertNil(cache.data(for: "short"))
        XCTAssertNil(cache.data(for: "flip"))
        XCTAssertFalse(cache.contains("short"))
        XCTAssertFalse(cache.contains("flip"))
        XCTAssertEqual(cache.eventCounts.corruptEntriesRemoved, 2)
        XCTAssertEqual(cache.info.entryCount, 0)
    }

    func testDeletedOrGarbledIndexIsRebuiltFromDirectoryScan() throws {
        let dir = TempDir()
        do {
            let cache = DiskCache(directory: dir.url)
            for i in 0..<5 { cache.store(bytes(1000, seed: i), for: "k\(i)") }
            cache.flush()
        }
        let index = dir.url.appendingPathComponent("index")
        let good = DiskCache(directory: dir.url)
        XCTAssertFalse(good.eventCounts.indexRebuilt)
        XCTAssertEqual(good.info.entryCount, 5)

        try FileManager.default.removeItem(at: index)
        let afterDelete = DiskCache(directory: dir.url)
        XCTAssertTrue(afterDelete.eventCounts.indexRebuilt)
        XCTAssertEqual(afterDelete.info.entryCount, 5)
        XCTAssertTrue(FileManager.default.fileExists(atPath: index.path), "a fresh index is written")

        var text = try Data(contentsOf: index)
        text[20] ^= 0x20
        try text.write(to: index)
        let afterGarble = DiskCache(directory: dir.url)
        XCTAssertTrue(afterGarble.eventCounts.indexRebuilt)
        XCTAssertEqual(afterGarble.info.entryCount, 5)
        for i in 0..<5 { XCTAssertEqual(afterGarble.data(for: "k\(i)"), bytes(1000, seed: i)) }
        XCTAssertFalse(DiskCache(directory: dir.url).eventCounts.indexRebuilt, "the rebuilt index validates")
    }

    func testOrphanTempFilesOfDeadProcessesAreRemovedAtStart() throws {
        let dir = TempDir()
        _ = DiskCache(directory: dir.url)
        // A pid that is surely gone: a child that has exited.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let tmp = dir.url.appendingPathComponent("tmp")
        try Data(repeating: 7, count: 500).write(to: tmp.appendingPathComponent("\(child.processIdentifier).1.tmp"))
        let live = tmp.appendingPathComponent("\(getpid()).999.tmp")
        try Data(repeating: 7, count: 500).write(to: live)
        let cache = DiskCache(directory: dir.url)
        XCTAssertEqual(cache.eventCounts.orphanTempFilesRemoved, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "a live writer's temp file stays")
    }

    func testEntriesOfAnotherInstanceAreSeenAndCountedAgainstTheLimit() {
        let dir = TempDir()
        let a = DiskCache(directory: dir.url, sizeLimit: 50_000)
        let b = DiskCache(directory: dir.url, sizeLimit: 50_000)
        for i in 0..<20 {
            a.store(bytes(2000, seed: i), for: "a\(i)")
            b.store(bytes(2000, seed: i + 100), for: "b\(i)")
            XCTAssertLessThanOrEqual(onDiskSize(dir.url).size, 50_000)
        }
        XCTAssertEqual(b.data(for: "a19"), bytes(2000, seed: 19))
    }
}
