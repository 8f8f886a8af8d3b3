import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import XCTest

/// Each fault flag, and the hit/byte counters the image pipeline's tests read.
final class FaultInjectionTests: XCTestCase {
    func start(_ faults: FaultOptions) async throws -> CatalogServer {
        try await CatalogServer.start(CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()), faults: faults))
    }

    func client(_ server: CatalogServer) throws -> MarvelClient {
        MarvelClient(baseURL: server.baseURL, transport: try HTTPTransport(), retryPolicy: .none)
    }

    static let image = "/u/prod/marvel/i/mg/b/40/image_not_available.jpg"

    func testLatencyDelaysEveryAnswer() async throws {
        var f = FaultOptions()
        try f.parseLatency("200:50")
        XCTAssertEqual(f.latencyMS, 200)
        XCTAssertEqual(f.jitterMS, 50)
        let server = try await start(f)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let clock = ContinuousClock()
        let started = clock.now
        XCTAssertEqual(try http.get("/v1/public/characters?limit=1").status, 200)
        XCTAssertGreaterThanOrEqual(clock.now - started, .milliseconds(200))
    }

    func testBandwidthThrottlesImages() async throws {
        var f = FaultOptions()
        f.bandwidthBytesPerSecond = 20_000
        let server = try await start(f)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let clock = ContinuousClock()
        let started = clock.now
        let reply = try http.get(Self.image)
        let elapsed = clock.now - started
        XCTAssertTrue(reply.complete)
        XCTAssertGreaterThan(reply.body.count, 5_000)
        // bytes / rate is the least it can take (a lower bound, not a speed assertion).
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(reply.body.count * 1000 / 20_000 - 60))
    }

    func testFailRateAnswers503() async throws {
        var f = FaultOptions()
        f.failRate = try FaultOptions.probability("1", flag: "--fail-rate")
        let server = try await start(f)
        defer { Task { await server.stop() } }
        do {
            _ = try await client(server).characters()
            XCTFail("expected 503")
        } catch let error as MarvelAPIError {
            guard case .server(let status, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(status, 503)
        }
        XCTAssertEqual(try LoopbackHTTP(port: server.port).get(Self.image).status, 503)
        server.setFaults(FaultOptions())
        let recovered = try await client(server).characters()
        XCTAssertEqual(recovered.count, 20)
        XCTAssertThrowsError(try FaultOptions.probability("1.5", flag: "--fail-rate"))
    }

    func testRateLimitAnswers429WithRetryAfter() async throws {
        var f = FaultOptions()
        try f.parseRateLimit("3/min")
        XCTAssertEqual(f.rateLimitPerMinute, 3)
        let server = try await start(f)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        for _ in 0..<3 { XCTAssertEqual(try http.get("/v1/public/characters?limit=1").status, 200) }
        let limited = try http.get("/v1/public/characters?limit=1")
        XCTAssertEqual(limited.status, 429)
        let wait = try XCTUnwrap(Int(limited.header("Retry-After") ?? ""))
        XCTAssertTrue((1...60).contains(wait), "\(wait)")
        do {
            _ = try await client(server).characters()
            XCTFail("expected 429")
        } catch let error as MarvelAPIError {
            guard case .rateLimited(let after) = error else { return XCTFail("\(error)") }
            XCTAssertNotNil(after)
        }
        server.resetStatistics()  // also clears the window
        XCTAssertEqual(try http.get("/v1/public/characters?limit=1").status, 200)
    }

    func testTruncatedBodiesAreCutShort() async throws {
        var f = FaultOptions()
        f.truncateRate = 1
        let server = try await start(f)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        for target in ["/v1/public/comics?limit=10", Self.image] {
            let reply = try http.get(target)
            XCTAssertEqual(reply.status, 200)
            XCTAssertFalse(reply.complete, target)
            XCTAssertLessThan(reply.body.count, Int(reply.header("Content-Length") ?? "0") ?? 0, target)
        }
        do {
            _ = try await client(server).comics()
            XCTFail("expected a transport error")
        } catch let error as MarvelAPIError {
            guard case .transport = error else { return XCTFail("\(error)") }
        }
    }

    func testCorruptImagesKeepLengthAndHeader() async throws {
        let clean = try LoopbackHTTP(port: try await TestCatalogs.server().port).get(Self.image)
        var f = FaultOptions()
        f.corruptImageRate = 1
        let server = try await start(f)
        defer { Task { await server.stop() } }
        let garbled = try LoopbackHTTP(port: server.port).get(Self.image)
        XCTAssertEqual(garbled.status, 200)
        XCTAssertEqual(garbled.body.count, clean.body.count)
        XCTAssertNotEqual(garbled.body, clean.body)
        XCTAssertEqual(garbled.body.prefix(clean.body.count / 4), clean.body.prefix(clean.body.count / 4))
        // JSON is never garbled by this flag.
        let json = try LoopbackHTTP(port: server.port).get("/v1/public/characters?limit=2")
        XCTAssertNoThrow(try jsonObject(json))
    }

    func testStatisticsCountHitsAndBytesPerPath() async throws {
        let server = try await start(FaultOptions())
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let a = try http.get(Self.image)
        _ = try http.get(Self.image)
        _ = try http.get("/v1/public/characters?limit=3")
        _ = try http.get("/v1/public/characters?limit=300")
        let stats = server.statistics()
        XCTAssertEqual(stats[Self.image].hits, 2)
        XCTAssertEqual(stats[Self.image].bytes, 2 * a.body.count)
        XCTAssertEqual(stats["/v1/public/characters"].hits, 2)
        XCTAssertEqual(stats["/v1/public/characters"].statuses, ["200": 1, "409": 1])
        XCTAssertEqual(stats.totalHits, 4)
        XCTAssertEqual(stats.hits(withPrefix: "/u/prod/"), 2)
        // The same numbers at the debug endpoint (which is not counted itself).
        let json = try http.get("/debug/stats")
        let decoded = try JSONDecoder().decode(StatsSnapshot.self, from: Data(json.body))
        XCTAssertEqual(decoded, stats)
        // A reset changes state: POST only (a GET could come from any page's <img> or a prefetch).
        for method in ["GET", "HEAD", "OPTIONS", "PUT"] {
            let refused = try http.get("/debug/reset", method: method)
            XCTAssertEqual(refused.status, 405, method)
            XCTAssertEqual(refused.header("Allow"), "POST", method)
        }
        XCTAssertEqual(try http.get("/debug/stats", method: "POST").header("Allow"), "GET, HEAD")
        XCTAssertGreaterThan(server.statistics().totalHits, 0, "refused resets reset nothing")
        XCTAssertEqual(try http.get("/debug/reset", method: "POST").status, 200)
        XCTAssertEqual(server.statistics().totalHits, 0)
    }
}

/// The in-process lifecycle the gallery and the pipeline tests rely on.
final class ServerLifecycleTests: XCTestCase {
    func testStartsOnEphemeralLoopbackPortAndStops() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore())))
        XCTAssertEqual(server.host, "127.0.0.1")
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(server.port)")
        let http = LoopbackHTTP(port: server.port)
        XCTAssertEqual(try http.get("/v1/public/characters?limit=1").status, 200)
        http.close()
        await server.stop()
        XCTAssertThrowsError(try LoopbackHTTP(port: server.port).get("/v1/public/characters"))
        // A busy port is a clear error, not a hang.
        let first = try await CatalogServer.start(CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore())))
        do {
            _ = try await CatalogServer.start(CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()), port: first.port))
            XCTFail("expected portInUse")
        } catch let error as CatalogServerError {
            // One line a user can act on (what `serve` prints before exiting 1).
            XCTAssertEqual("\(error)", "port \(first.port) is in use; try --port 0")
        }
        await first.stop()
    }
}
