import XCTest
@testable import ImagePipeline
import TestSupport

/// The pipeline and the disk cache together: disk hits, and corrupt entries healed with exactly
/// one re-download.
final class DiskHealingTests: XCTestCase {
    let url = "http://h/heal.jpg"

    func testSecondProcessViewIsServedFromDisk() async throws {
        let dir = TempDir()
        let loader = FakeLoader(latency: .milliseconds(1))
        _ = try await Harness(loader: loader, disk: DiskCache(directory: dir.url)).pipeline.image(for: req(url))
        let h2 = Harness(loader: loader, disk: DiskCache(directory: dir.url))
        let r = try await h2.pipeline.image(for: req(url))
        XCTAssertNotNil(r.thumbnail)
        XCTAssertEqual(loader.hits(url), 1)
        XCTAssertEqual(h2.pipeline.metrics.diskHits, 1)
    }

    func healedOnce(corrupt: (String) throws -> Void) async throws {
        let dir = TempDir()
        let loader = FakeLoader(latency: .milliseconds(1))
        let first = try await Harness(loader: loader, disk: DiskCache(directory: dir.url)).pipeline.image(for: req(url))
        let disk = DiskCache(directory: dir.url)
        try corrupt(disk.path(for: url))
        let h = Harness(loader: loader, disk: disk)
        let r = try await h.pipeline.image(for: req(url))
        XCTAssertEqual(r.thumbnail?.cells, first.thumbnail?.cells)
        XCTAssertEqual(loader.hits(url), 2, "exactly one re-download")
        XCTAssertEqual(h.pipeline.metrics.corruptEntries, 1)
        // Healed: a fresh pipeline reads it from disk again.
        await eventually { disk.contains(self.url) }
        let h3 = Harness(loader: loader, disk: DiskCache(directory: dir.url))
        _ = try await h3.pipeline.image(for: req(url))
        XCTAssertEqual(loader.hits(url), 2)
        XCTAssertEqual(h3.pipeline.metrics.diskHits, 1)
    }

    func testTruncatedFileIsHealedWithOneDownload() async throws {
        try await healedOnce { path in
            let d = try Data(contentsOf: URL(fileURLWithPath: path))
            try d.prefix(d.count - 3).write(to: URL(fileURLWithPath: path))
        }
    }

    func testBitFlippedFileIsHealedWithOneDownload() async throws {
        try await healedOnce { path in
            var d = try Data(contentsOf: URL(fileURLWithPath: path))
            d[d.count - 1] ^= 0x80
            try d.write(to: URL(fileURLWithPath: path))
        }
    }

    func testUndecodableEntryIsHealedWithOneDownload() async throws {
        let dir = TempDir()
        let loader = FakeLoader(latency: .milliseconds(1))
        let disk = DiskCache(directory: dir.url)
        disk.store(Array("GIF89a-but-not-really".utf8), for: url)   // valid entry, bad image
        let h = Harness(loader: loader, disk: disk)
        let r = try await h.pipeline.image(for: req(url))
        XCTAssertNotNil(r.thumbnail)
        XCTAssertEqual(loader.hits(url), 1)
        XCTAssertEqual(h.pipeline.metrics.corruptEntries, 1)
        await eventually { disk.data(for: self.url) == FakeLoader.body(for: self.url) }
    }

    func testMetricsAreSavedForCacheInfo() async throws {
        let dir = TempDir()
        let metricsURL = dir.url.appendingPathComponent(PipelineMetrics.fileName)
        let h = Harness(disk: DiskCache(directory: dir.url)) { $0.metricsURL = metricsURL }
        _ = try await h.pipeline.image(for: req(url))
        _ = h.pipeline.cachedResult(for: req(url))
        h.pipeline.close()
        let saved = PipelineMetrics.load(from: metricsURL)
        XCTAssertEqual(saved?.networkLoads, 1)
        XCTAssertEqual(saved?.memoryHits, 1)
        XCTAssertEqual(saved?.bytesDownloaded, FakeLoader.body(for: url).count)
        XCTAssertEqual(saved?.decodes, 1)
    }
}

final class CacheKeyTests: XCTestCase {
    func testLoopbackPortIsNotPartOfTheDiskKey() {
        XCTAssertEqual(ImageRequest.cacheKey(for: "http://127.0.0.1:4711/u/a/portrait_small.jpg"), "loopback:/u/a/portrait_small.jpg")
        XCTAssertEqual(ImageRequest.cacheKey(for: "http://127.0.0.1:5000/u/a/portrait_small.jpg"),
                       ImageRequest.cacheKey(for: "http://localhost:6000/u/a/portrait_small.jpg"))
        XCTAssertEqual(ImageRequest.cacheKey(for: "http://[::1]:6000/u/a.jpg"), "loopback:/u/a.jpg")
        XCTAssertEqual(ImageRequest.cacheKey(for: "https://i.annihil.us/u/a.jpg"), "https://i.annihil.us/u/a.jpg")
    }

    func testAnotherRunOnAnotherLoopbackPortIsServedFromDisk() async throws {
        let dir = TempDir()
        let loader = FakeLoader(latency: .milliseconds(1))
        _ = try await Harness(loader: loader, disk: DiskCache(directory: dir.url)).pipeline.image(for: req("http://127.0.0.1:1111/u/x.jpg"))
        let h2 = Harness(loader: loader, disk: DiskCache(directory: dir.url))
        let r = try await h2.pipeline.image(for: req("http://127.0.0.1:2222/u/x.jpg"))
        XCTAssertNotNil(r.thumbnail)
        XCTAssertEqual(loader.totalStarts, 1)
        XCTAssertEqual(h2.pipeline.metrics.diskHits, 1)
    }
}
