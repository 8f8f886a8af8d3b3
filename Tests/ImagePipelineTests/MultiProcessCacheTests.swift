import Foundation
import XCTest
@testable import CacheKit
@testable import ImagePipeline

/// Several processes on one cache directory, and a writer killed mid-write. The other
/// processes are this test binary run again with `MG_CACHE_WORKER` set, selecting
/// `CacheWorker.testWorker` (which skips itself in a normal run).
final class MultiProcessCacheTests: XCTestCase {
    static let limit = 120_000

    func spawnWorker(_ mode: String, dir: URL, seed: Int) throws -> Process {
        #if os(Linux)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        p.arguments = ["ImagePipelineTests.CacheWorker/testWorker"]
        var env = ProcessInfo.processInfo.environment
        env["MG_CACHE_WORKER"] = mode
        env["MG_CACHE_DIR"] = dir.path
        env["MG_CACHE_SEED"] = String(seed)
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
        #else
        throw XCTSkip("spawning the test binary as a worker is implemented for Linux only")
        #endif
    }

    /// Every file in `entries/` is a valid entry whose bytes are what its key says.
    func assertConsistent(_ dir: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let entries = dir.appendingPathComponent("entries")
        var total = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: entries.path) {
            let bytes = [UInt8](try Data(contentsOf: entries.appendingPathComponent(name)))
            total += bytes.count
            let key = try XCTUnwrap(DiskCacheEntry.storedKey(bytes), "unreadable header in \(name)", file: file, line: line)
            XCTAssertEqual(name, SHA256Digest.fileName(forKey: key), file: file, line: line)
            guard case .success(let data) = DiskCacheEntry.decode(bytes, key: key) else {
                XCTFail("corrupt entry \(name) for \(key)", file: file, line: line); continue
            }
            if key.hasPrefix("k") { XCTAssertEqual(data, CacheWorker.value(for: key), file: file, line: line) }
        }
        XCTAssertLessThanOrEqual(total, Self.limit, file: file, line: line)
        let tmp = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("tmp").path)
        XCTAssertEqual(tmp, [], "temp files left behind", file: file, line: line)
    }

    func testTwoProcessesHammeringOneDirectoryLeaveItConsistent() throws {
        let dir = TempDir()
        let workers = try (0..<2).map { try spawnWorker("hammer", dir: dir.url, seed: $0 + 1) }
        // This process hammers too, through its own instance.
        CacheWorker.hammer(dir: dir.url, seed: 99, ops: 1500)
        for w in workers {
            w.waitUntilExit()
            XCTAssertEqual(w.terminationStatus, 0, "a worker saw wrong bytes or crashed")
        }
        for seed in 1...2 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("worker-\(seed).done").path),
                          "worker \(seed) did not run")
        }
        try assertConsistent(dir.url)
        let reopened = DiskCache(directory: dir.url, sizeLimit: Self.limit)
        XCTAssertFalse(reopened.eventCounts.indexRebuilt, "the last flush left a valid index")
        XCTAssertEqual(reopened.eventCounts.corruptEntriesRemoved, 0)
    }

    func testWriterKilledMidWriteLeavesNoCorruptEntry() throws {
        let dir = TempDir()
        var sawOrphan = false
        for attempt in 0..<6 where !sawOrphan {
            let w = try spawnWorker("crash", dir: dir.url, seed: attempt)
            // Kill it the moment one of its temp files exists (mid-write, before the rename).
            let tmpPath = dir.url.appendingPathComponent("tmp").path
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: tmpPath)) ?? []
                if names.contains(where: { $0.hasPrefix("\(w.processIdentifier).") && !$0.contains("index") }) { break }
                usleep(200)
            }
            kill(w.processIdentifier, SIGKILL)
            w.waitUntilExit()
            let tmp = (try? FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("tmp").path)) ?? []
            sawOrphan = tmp.contains { $0.hasPrefix("\(w.processIdentifier).") }
        }
        XCTAssertTrue(sawOrphan, "no kill landed mid-write in 6 tries (nothing was tested)")
        // The next process to open the directory removes the dead writer's temp files; every
        // entry that exists is whole.
        let cache = DiskCache(directory: dir.url, sizeLimit: 64 << 20)
        XCTAssertGreaterThanOrEqual(cache.eventCounts.orphanTempFilesRemoved, 1)
        XCTAssertEqual(cache.eventCounts.corruptEntriesRemoved, 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("entries").path) {
            let bytes = [UInt8](try Data(contentsOf: dir.url.appendingPathComponent("entries/\(name)")))
            let key = try XCTUnwrap(DiskCacheEntry.storedKey(bytes))
            guard case .success = DiskCacheEntry.decode(bytes, key: key) else { XCTFail("corrupt \(name)"); continue }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("tmp").path), [])
    }
}

/// The worker side (runs only in a spawned process).
final class CacheWorker: XCTestCase {
    static func value(for key: String) -> [UInt8] {
        let n = 500 + (key.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFF)
        return (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ key.utf8.count &+ Int(key.utf8.last ?? 0)) }
    }

    /// Random stores, reads and removes over 60 shared keys; a read must give the key's exact
    /// bytes or nothing. Returns false on a wrong read.
    @discardableResult
    static func hammer(dir: URL, seed: Int, ops: Int) -> Bool {
        let cache = DiskCache(directory: dir, sizeLimit: MultiProcessCacheTests.limit)
        var rng = SplitMix(seed: UInt64(seed))
        var ok = true
        for _ in 0..<ops {
            let key = "k\(rng.next() % 60)"
            switch rng.next() % 10 {
            case 0..<4: cache.store(value(for: key), for: key)
            case 4..<9:
                if let got = cache.data(for: key), got != value(for: key) { ok = false }
            default: cache.remove(for: key)
            }
        }
        cache.flush()
        return ok
    }

    func testWorker() throws {
        let env = ProcessInfo.processInfo.environment
        guard let mode = env["MG_CACHE_WORKER"], let dir = env["MG_CACHE_DIR"] else {
            throw XCTSkip("runs only as a spawned cache worker (MultiProcessCacheTests)")
        }
        let seed = Int(env["MG_CACHE_SEED"] ?? "0") ?? 0
        switch mode {
        case "hammer":
            if !Self.hammer(dir: URL(fileURLWithPath: dir), seed: seed, ops: 1500) { exit(3) }
            // Evidence that the worker really ran (a filter typo would run nothing and exit 0).
            _ = FileManager.default.createFile(atPath: dir + "/worker-\(seed).done", contents: Data())
        case "crash":
            // Big entries so a kill is likely to land inside a write; runs until killed.
            let cache = DiskCache(directory: URL(fileURLWithPath: dir), sizeLimit: 64 << 20)
            let big = [UInt8](repeating: UInt8(seed & 0xFF), count: 24 << 20)
            var i = 0
            while true { cache.store(big, for: "big\(seed)-\(i)"); i += 1 }
        default:
            exit(2)
        }
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E3779B97F4A7C15 }
    mutating func next() -> Int {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
}
