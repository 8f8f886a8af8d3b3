import XCTest
@testable import ImagePipeline

final class PrefetcherTests: XCTestCase {
    static func url(_ i: Int) -> String { "http://h\(i % 3)/item\(i).jpg" }

    func makePrefetcher(_ h: Harness) -> ImagePrefetcher {
        ImagePrefetcher(pipeline: h.pipeline) { i in req(Self.url(i)) }
    }

    func testWindowIsOneScreenAheadInTheScrollDirection() {
        let loader = FakeLoader()
        loader.state.with { $0.holdAll = true }
        let h = Harness(loader: loader, startDelay: .milliseconds(10))
        let p = makePrefetcher(h)
        p.update(visible: 100..<150, direction: .forward, itemCount: 1000)
        XCTAssertEqual(p.windowRequests, Set((150..<200).map { req(Self.url($0)) }))
        p.update(visible: 100..<150, direction: .backward, itemCount: 1000)
        XCTAssertEqual(p.windowRequests, Set((50..<100).map { req(Self.url($0)) }), "direction flip replaces the window")
        p.update(visible: 0..<50, direction: .backward, itemCount: 1000)
        XCTAssertEqual(p.windowRequests, [], "nothing before the first item")
        p.update(visible: 960..<1000, direction: .forward, itemCount: 1000)
        XCTAssertEqual(p.windowRequests, [], "nothing past the last item")
        p.stop()
        loader.releaseAll()
    }

    func testRecomputedOnlyAfterAQuarterScreen() {
        let h = Harness(startDelay: .milliseconds(10))
        let p = makePrefetcher(h)
        p.update(visible: 0..<40, direction: .forward, itemCount: 1000)
        XCTAssertEqual(p.recomputations, 1)
        for start in 1..<10 { p.update(visible: start..<(start + 40), direction: .forward, itemCount: 1000) }
        XCTAssertEqual(p.recomputations, 1, "moves under a quarter screen (10 items) cost nothing")
        p.update(visible: 10..<50, direction: .forward, itemCount: 1000)
        XCTAssertEqual(p.recomputations, 2)
        XCTAssertEqual(p.windowRequests, Set((50..<90).map { req(Self.url($0)) }))
        p.stop()
    }

    func testDirectionFlipCancelsOldWindowDownloads() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.with { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxIdlePrefetchTransfers = 2 }
        let p = makePrefetcher(h)
        p.update(visible: 100..<120, direction: .forward, itemCount: 1000)
        await eventually { loader.totalStarts == 2 }      // the strict prefetch cap
        p.update(visible: 100..<120, direction: .backward, itemCount: 1000)
        await eventually { loader.state.get.cancellations.count == 2 }
        await eventually { loader.totalStarts == 4 }
        let starts = loader.state.get.starts
        XCTAssertTrue(starts[2...].allSatisfy { u in (80..<100).contains { Self.url($0) == u } })
        p.stop()
        loader.releaseAll()
    }

    func testPrefetchedImagesAreReadyFromMemoryWhenTheyBecomeVisible() async {
        let h = Harness(loader: FakeLoader(latency: .milliseconds(1)))
        let p = makePrefetcher(h)
        p.update(visible: 0..<10, direction: .forward, itemCount: 100)
        await eventually { (10..<20).allSatisfy { h.pipeline.hasCachedResult(for: req(Self.url($0))) } }
        XCTAssertEqual(h.pipeline.metrics.wastedPrefetchBytes, (10..<20).reduce(0) { $0 + FakeLoader.body(for: Self.url($1)).count })
        for i in 10..<20 { XCTAssertNotNil(h.pipeline.cachedResult(for: req(Self.url(i)))?.thumbnail) }
        XCTAssertEqual(h.pipeline.metrics.wastedPrefetchBytes, 0, "shown, so not wasted")
    }

    /// A fling through 1,000 rows (5 per row, 10 rows on screen) with cells rebound every row
    /// and the prefetcher told every row: downloads start for the screen where it stops (and
    /// the window beyond), not for the 5,000 items passed.
    func testThousandRowFlingDoesNotStartADownloadPerRow() async {
        let loader = FakeLoader(latency: .milliseconds(20))
        let h = Harness(loader: loader, startDelay: .milliseconds(20))
        let p = makePrefetcher(h)
        let binder = ImageBinder<Int>(pipeline: h.pipeline) { _, _, _ in }
        let cols = 5, screenRows = 10
        for row in 0..<1000 {
            let visible = (row * cols)..<((row + screenRows) * cols)
            for slot in 0..<(cols * screenRows) { binder.bind(slot, to: req(Self.url(visible.lowerBound + slot))) }
            p.update(visible: visible, direction: .forward, itemCount: 5050)
            if row % 4 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
        }
        let last = (999 * cols)..<((999 + screenRows) * cols)
        await eventually(.seconds(20)) { last.allSatisfy { h.pipeline.hasCachedResult(for: req(Self.url($0))) } }
        let starts = loader.totalStarts
        print("fling: \(starts) downloads started while passing 5,000 items")
        // The final screen (50) plus its prefetch window (at most 50), and a generous margin
        // for scheduling hiccups on a loaded machine; 5,000 items were passed.
        XCTAssertLessThanOrEqual(starts, 250, "\(starts) downloads started during a fling")
        XCTAssertGreaterThanOrEqual(starts, 50)
        p.stop()
        binder.unbindAll()
    }
}
