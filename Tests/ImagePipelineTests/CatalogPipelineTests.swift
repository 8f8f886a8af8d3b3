import CatalogServer
import HTTPTransport
import ImageCore
import MarvelAPI
import TestSupport
import XCTest
@testable import ImagePipeline

/// The pipeline against the real loopback CatalogServer (synthetic catalog, images drawn on
/// demand) through the real libcurl transport and ImageCore codecs; the server's per-path hit
/// counters say how many downloads really happened.
final class CatalogPipelineTests: XCTestCase {
    var server: CatalogServer!
    var transport: HTTPTransport!

    override func setUp() async throws {
        server = try await CatalogServer.start(CatalogServerOptions(source: .synthetic(characters: 200, comics: 1)))
        transport = try HTTPTransport()
    }

    override func tearDown() async throws {
        transport.shutdown()
        await server.stop()
    }

    func path(_ id: Int, _ variant: String = "portrait_small") -> String { "/u/prod/marvel/i/mg/s/yn/sync\(id)/\(variant).jpg" }
    func url(_ id: Int, _ variant: String = "portrait_small") -> String { "http://127.0.0.1:\(server.port)\(path(id, variant))" }

    func makePipeline(disk: DiskCache? = nil) -> ImagePipeline {
        var config = ImagePipeline.Configuration(dataLoader: CurlDataLoader(transport: transport), dataCache: disk)
        config.startDelay = .zero
        config.retryPolicy = RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(40))
        return ImagePipeline(configuration: config)
    }

    func hits(_ p: String) -> Int { server.statistics()[p].hits }

    func testFiftyConcurrentLoadsAreOneServerHit() async throws {
        var faults = FaultOptions()
        faults.latencyMS = 50
        server.setFaults(faults)
        let pipeline = makePipeline()
        let request = ImageRequest(url: url(1), box: CellBox(cols: 12, rows: 9))
        let results = try await withThrowingTaskGroup(of: ImageResult.self) { group in
            for _ in 0..<50 { group.addTask { try await pipeline.image(for: request) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(results.count, 50)
        let cells = try XCTUnwrap(results.first?.thumbnail?.cells)
        XCTAssertEqual(cells.cols, 12)
        XCTAssertEqual(cells.rows, 9)
        XCTAssertTrue(results.allSatisfy { $0.thumbnail?.cells == cells })
        XCTAssertEqual(hits(path(1)), 1)
    }

    func testTwoSizesAreOneDownloadAndTwoEncodes() async throws {
        let pipeline = makePipeline()
        let small = ImageRequest(url: url(2), box: CellBox(cols: 10, rows: 8))
        let large = ImageRequest(url: url(2), box: CellBox(cols: 20, rows: 15), fit: .cover)
        async let a = pipeline.image(for: small)
        async let b = pipeline.image(for: large)
        let (ra, rb) = try await (a, b)
        XCTAssertEqual(ra.thumbnail?.cells.cols, 10)
        XCTAssertEqual(rb.thumbnail?.cells.rows, 15)
        XCTAssertEqual(hits(path(2)), 1)
        XCTAssertEqual(pipeline.metrics.decodes, 1)
        XCTAssertEqual(pipeline.metrics.renders, 2)
    }

    func testCorruptCacheFileIsHealedWithExactlyOneRedownload() async throws {
        let dir = TempDir()
        let box = CellBox(cols: 10, rows: 8)
        let first = try await makePipeline(disk: DiskCache(directory: dir.url)).image(for: ImageRequest(url: url(3), box: box))
        let disk = DiskCache(directory: dir.url)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: disk.path(for: ImageRequest.cacheKey(for: url(3)))))
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: disk.path(for: ImageRequest.cacheKey(for: url(3)))))
        let pipeline = makePipeline(disk: disk)
        let healed = try await pipeline.image(for: ImageRequest(url: url(3), box: box))
        XCTAssertEqual(healed.thumbnail?.cells, first.thumbnail?.cells)
        XCTAssertEqual(hits(path(3)), 2)
        XCTAssertEqual(pipeline.metrics.corruptEntries, 1)
        let again = makePipeline(disk: DiskCache(directory: dir.url))
        _ = try await again.image(for: ImageRequest(url: url(3), box: box))
        XCTAssertEqual(hits(path(3)), 2, "healed entry served from disk")
    }

    func testServerFailuresAreRetriedThenNegativeCachedAndNeverCached() async throws {
        var faults = FaultOptions()
        faults.failRate = 1.0
        server.setFaults(faults)
        let dir = TempDir()
        let disk = DiskCache(directory: dir.url)
        let pipeline = makePipeline(disk: disk)
        let r = try await pipeline.image(for: ImageRequest(url: url(4), box: CellBox(cols: 8, rows: 6)))
        XCTAssertEqual(r.placeholder, .failed)
        XCTAssertEqual(hits(path(4)), 3, "one try and two retries")
        XCTAssertEqual(pipeline.cachedResult(for: ImageRequest(url: url(4), box: CellBox(cols: 8, rows: 6)))?.placeholder, .failed)
        server.setFaults(FaultOptions())
        _ = try await pipeline.image(for: ImageRequest(url: url(4), box: CellBox(cols: 8, rows: 6)))
        XCTAssertEqual(hits(path(4)), 3, "negative-cached: no new download within 30 s")
        XCTAssertFalse(disk.contains(ImageRequest.cacheKey(for: url(4))))
    }

    func testCorruptImagesFromServerFailAndAreNotCached() async throws {
        var faults = FaultOptions()
        faults.corruptImageRate = 1.0
        server.setFaults(faults)
        let dir = TempDir()
        let disk = DiskCache(directory: dir.url)
        let pipeline = makePipeline(disk: disk)
        let r = try await pipeline.image(for: ImageRequest(url: url(5), box: CellBox(cols: 8, rows: 6)))
        XCTAssertEqual(r.placeholder, .failed)
        XCTAssertFalse(disk.contains(ImageRequest.cacheKey(for: url(5))))
        XCTAssertEqual(pipeline.memoryCache.totalCost, 0)
    }

    func testTruncatedTransfersAreRetried() async throws {
        var faults = FaultOptions()
        faults.truncateRate = 1.0
        server.setFaults(faults)
        let pipeline = makePipeline()
        let r = try await pipeline.image(for: ImageRequest(url: url(6), box: CellBox(cols: 8, rows: 6)))
        XCTAssertEqual(r.placeholder, .failed, "every answer truncated")
        XCTAssertEqual(hits(path(6)), 3)
        XCTAssertEqual(pipeline.metrics.retries, 2)
    }

    func testGIFBytesAreDecodedThroughImageCore() async throws {
        let gif = try Data(contentsOf: TestSupportPaths.gif)
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.bodies["http://h/a.gif"] = [UInt8](gif) }
        let pipeline = ImagePipeline(configuration: {
            var c = ImagePipeline.Configuration(dataLoader: loader, dataCache: nil)
            c.startDelay = .zero
            return c
        }())
        let r = try await pipeline.image(for: ImageRequest(url: "http://h/a.gif", box: CellBox(cols: 6, rows: 4)))
        XCTAssertEqual(r.thumbnail?.cells.cols, 6)
        XCTAssertNotNil(r.thumbnail?.pixels)
    }
}

enum TestSupportPaths {
    static var gif: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCoreTests/Resources/generated/two_frames.gif")
    }
}
