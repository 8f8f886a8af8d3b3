import HTTPTransport
import XCTest
@testable import ImagePipeline
import TestSupport

final class FailureTests: XCTestCase {
    func testTransientErrorsAreRetriedPerPolicy() async throws {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.failures["http://h/r.jpg"] = [.httpStatus(503), .transport(.timedOut(.total, host: "h"))] }
        let h = Harness(loader: loader)
        let r = try await h.pipeline.image(for: req("http://h/r.jpg"))
        XCTAssertNotNil(r.thumbnail)
        XCTAssertEqual(loader.hits("http://h/r.jpg"), 3)
        XCTAssertEqual(h.pipeline.metrics.retries, 2)
    }

    func testRetriesRunOutThenFailedPlaceholder() async throws {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.failures["http://h/x.jpg"] = Array(repeating: .httpStatus(500), count: 5) }
        let h = Harness(loader: loader)
        let r = try await h.pipeline.image(for: req("http://h/x.jpg"))
        XCTAssertEqual(r.placeholder, .failed)
        XCTAssertEqual(loader.hits("http://h/x.jpg"), 3, "1 try + 2 retries")
    }

    func testPermanentFailureIsNegativeCachedFor30SecondsAndNeverCached() async throws {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.failures["http://h/404.jpg"] = [.httpStatus(404)] }
        let clock = Locked<UInt64>(1_000_000_000)
        let dir = TempDir()
        let disk = DiskCache(directory: dir.url)
        let h = Harness(loader: loader, disk: disk) { c in c.clock = { clock.get } }
        let first = try await h.pipeline.image(for: req("http://h/404.jpg"))
        XCTAssertEqual(first.placeholder, .failed)
        XCTAssertEqual(loader.hits("http://h/404.jpg"), 1)
        // Within 30 s: the failed glyph at once, no download.
        clock.withLock { $0 += 29_000_000_000 }
        XCTAssertEqual(h.pipeline.cachedResult(for: req("http://h/404.jpg"))?.placeholder, .failed)
        let again = try await h.pipeline.image(for: req("http://h/404.jpg"))
        XCTAssertEqual(again.placeholder, .failed)
        XCTAssertEqual(loader.hits("http://h/404.jpg"), 1)
        XCTAssertFalse(disk.contains("http://h/404.jpg"), "failures are never written to disk")
        XCTAssertNil(h.pipeline.memoryCache.value(for: .pixels("http://h/404.jpg")))
        // After 30 s it is tried again (and now succeeds).
        clock.withLock { $0 += 2_000_000_000 }
        let later = try await h.pipeline.image(for: req("http://h/404.jpg"))
        XCTAssertNotNil(later.thumbnail)
        XCTAssertEqual(loader.hits("http://h/404.jpg"), 2)
    }

    func testUndecodableDownloadFailsAndIsNotCached() async throws {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.bodies["http://h/junk.jpg"] = Array("<html>nope</html>".utf8) }
        let dir = TempDir()
        let disk = DiskCache(directory: dir.url)
        let h = Harness(loader: loader, disk: disk)
        let r = try await h.pipeline.image(for: req("http://h/junk.jpg"))
        XCTAssertEqual(r.placeholder, .failed)
        XCTAssertFalse(disk.contains("http://h/junk.jpg"))
        XCTAssertEqual(loader.hits("http://h/junk.jpg"), 1)
    }

    func testMarvelPlaceholderIsDrawnLocallyWithoutDownload() async throws {
        let h = Harness()
        let urls = ["http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available/portrait_xlarge.jpg",
                    "https://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available.jpg",
                    "http://i.annihil.us/u/prod/marvel/i/mg/f/60/4c002e0305708/standard_medium.gif"]
        for u in urls {
            XCTAssertEqual(h.pipeline.cachedResult(for: req(u))?.placeholder, .notAvailable, u)
            let r = try await h.pipeline.image(for: req(u))
            XCTAssertEqual(r.placeholder, .notAvailable)
        }
        XCTAssertEqual(h.loader.totalStarts, 0)
        XCTAssertNil(h.pipeline.cachedResult(for: req("http://i.annihil.us/u/prod/marvel/i/mg/3/40/4bb4680432f73/portrait_xlarge.jpg")))
    }
}
