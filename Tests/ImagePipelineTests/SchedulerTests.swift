import HTTPTransport
import XCTest
@testable import ImagePipeline
import TestSupport

final class SchedulerTests: XCTestCase {
    func testFiftyConcurrentLoadsOfOneURLMakeOneDownloadOneDecodeOneRender() async {
        let h = Harness(loader: FakeLoader(latency: .milliseconds(30)))
        let results = Locked([ImageResult]())
        for _ in 0..<50 {
            h.pipeline.loadImage(req("http://h/a.jpg"), priority: .high) { r in results.withLock { $0.append(r) } }
        }
        await eventually { results.get.count == 50 }
        XCTAssertEqual(h.loader.hits("http://h/a.jpg"), 1)
        XCTAssertEqual(h.decoder.count.get, 1)
        XCTAssertEqual(h.renderer.count.get, 1)
        XCTAssertTrue(results.get.allSatisfy { $0.thumbnail != nil })
        XCTAssertEqual(h.pipeline.metrics.coalescedJoins, 49)
    }

    func testTwoSizesOfOneURLAreOneDownloadAndTwoEncodes() async {
        let h = Harness(loader: FakeLoader(latency: .milliseconds(20)))
        let done = Locked(0)
        h.pipeline.loadImage(req("http://h/b.jpg", 10, 5)) { _ in done.withLock { $0 += 1 } }
        h.pipeline.loadImage(req("http://h/b.jpg", 20, 10)) { _ in done.withLock { $0 += 1 } }
        await eventually { done.get == 2 }
        // A third size later: pixels come from memory, so only an encode.
        let third = try? await h.pipeline.image(for: req("http://h/b.jpg", 4, 2))
        XCTAssertEqual(third?.thumbnail?.cells.cols, 4)
        XCTAssertEqual(h.loader.hits("http://h/b.jpg"), 1)
        XCTAssertEqual(h.decoder.count.get, 1)
        XCTAssertEqual(h.renderer.count.get, 3)
        // The same size again is a synchronous memory hit.
        XCTAssertNotNil(h.pipeline.cachedResult(for: req("http://h/b.jpg", 20, 10))?.thumbnail)
    }

    /// A picture downloaded at prefetch priority counts as wasted until that picture is asked at
    /// visible priority (here drawn from memory); the others prefetched still count.
    func testPrefetchedBytesCountAsWastedUntilThatPictureIsShown() async {
        let h = Harness(loader: FakeLoader(latency: .milliseconds(1)))
        let shown = "http://h/w0.jpg", never = "http://h/never-shown-1.jpg"
        let done = Locked(0)
        for url in [shown, never] {
            h.pipeline.loadImage(req(url), priority: .low) { _ in done.withLock { $0 += 1 } }
        }
        await eventually { done.get == 2 }
        let bytes = { (url: String) in FakeLoader.body(for: url).count }
        XCTAssertEqual(h.pipeline.metrics.wastedPrefetchBytes, bytes(shown) + bytes(never))
        h.pipeline.loadImage(req(shown), priority: .high) { _ in }
        XCTAssertEqual(h.pipeline.metrics.wastedPrefetchBytes, bytes(never))
    }

    func testVisibleRequestAfterTwentyPrefetchesStartsNext() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxConcurrentTransfers = 1 }
        for i in 0..<20 { h.pipeline.loadImage(req("http://h/p\(i).jpg"), priority: .low) { _ in } }
        await eventually { loader.totalStarts == 1 }
        h.pipeline.loadImage(req("http://h/visible.jpg"), priority: .high) { _ in }
        loader.releaseAll()
        await eventually { loader.totalStarts >= 3 }
        XCTAssertEqual(loader.state.get.starts[0], "http://h/p0.jpg")
        XCTAssertEqual(loader.state.get.starts[1], "http://h/visible.jpg")
    }

    /// A held key's band grows at its far end: the newest prefetch starts first (it can still
    /// land before its tile shows), the screen's pictures in the order asked, before any prefetch.
    func testNewestPrefetchStartsFirstAndTheScreensPicturesInTheOrderAsked() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxConcurrentTransfers = 1 }
        h.pipeline.loadImage(req("http://h/first.jpg"), priority: .low) { _ in }
        await eventually { loader.totalStarts == 1 }
        for i in 0..<4 { h.pipeline.loadImage(req("http://h/p\(i).jpg"), priority: .low) { _ in } }
        for i in 0..<2 { h.pipeline.loadImage(req("http://h/v\(i).jpg"), priority: .high) { _ in } }
        XCTAssertEqual(h.pipeline.activity.queuedTransfers, 6)
        loader.releaseAll()
        await eventually { loader.state.get.completions.count == 7 }
        XCTAssertEqual(loader.state.get.starts, ["http://h/first.jpg", "http://h/v0.jpg", "http://h/v1.jpg",
                                                 "http://h/p3.jpg", "http://h/p2.jpg", "http://h/p1.jpg", "http://h/p0.jpg"])
    }

    func testPrefetchesUseTwoTransfersWhileVisibleWorkWaitsAndIdleSlotsOtherwise() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader)
        for i in 0..<20 { h.pipeline.loadImage(req("http://h/p\(i).jpg"), priority: .low) { _ in } }
        // Nothing visible waits: prefetches take up to 4 of the host's 6 slots, no more.
        await eventually { loader.totalStarts == 4 }
        // The scheduler decides under its lock as each request arrives, and with no start delay
        // all 20 have arrived: what it started is final until something changes.
        XCTAssertEqual(h.pipeline.activity.transfers, 4, "a fifth prefetch started")
        XCTAssertEqual(h.pipeline.activity.queuedTransfers, 16)
        // A visible request finds a free slot at once.
        h.pipeline.loadImage(req("http://h/v.jpg"), priority: .high) { _ in }
        await eventually { loader.totalStarts == 5 }
        XCTAssertEqual(loader.state.get.starts.last, "http://h/v.jpg")
        loader.releaseAll()
    }

    func testStrictPrefetchCapOfTwoWhenConfigured() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxIdlePrefetchTransfers = 2 }
        for i in 0..<20 { h.pipeline.loadImage(req("http://h/p\(i).jpg"), priority: .low) { _ in } }
        await eventually { loader.totalStarts == 2 }
        // Decided as the requests arrived (no start delay): what started is final.
        XCTAssertEqual(h.pipeline.activity.transfers, 2, "a third prefetch started")
        XCTAssertEqual(h.pipeline.activity.queuedTransfers, 18)
        loader.releaseAll()
    }

    func testPrefetchesDropToTwoWhileVisibleRequestsQueue() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxTransfersPerHost = 6; $0.maxConcurrentTransfers = 6 }
        // Six visible requests fill every slot, more wait; queued prefetches must not take
        // more than 2 slots as they free up while visible ones still wait.
        for i in 0..<10 { h.pipeline.loadImage(req("http://h/v\(i).jpg"), priority: .high) { _ in } }
        for i in 0..<10 { h.pipeline.loadImage(req("http://h/p\(i).jpg"), priority: .low) { _ in } }
        await eventually { loader.totalStarts == 6 }
        loader.releaseAll()
        await eventually { loader.state.get.completions.count == 20 }
        let starts = loader.state.get.starts
        let firstPrefetch = starts.firstIndex { $0.contains("/p") } ?? 0
        XCTAssertGreaterThanOrEqual(firstPrefetch, 10, "a prefetch started before every visible request had")
    }

    /// Issue 23: pictures on screen are fetched before prefetch. The gallery asks for the
    /// window's visible and prefetch pictures as two loads that can arrive in either order:
    /// prefetches asked for a moment before the screen's pictures (their start delay over
    /// first) must not take two of the host's six slots ahead of them.
    func testPrefetchesAskedJustBeforeTheScreensPicturesStartAfterThem() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        // A start delay far longer than the moment between the two loads: a busy machine that
        // stretched the 10 ms past a 40 ms delay let the prefetches start first.
        let h = Harness(loader: loader, startDelay: .seconds(1))
        for i in 0..<10 { h.pipeline.loadImage(req("http://h/p\(i).jpg"), priority: .low) { _ in } }
        try? await Task.sleep(for: .milliseconds(10))
        for i in 0..<6 { h.pipeline.loadImage(req("http://h/v\(i).jpg"), priority: .high) { _ in } }
        await eventually { loader.totalStarts >= 6 }
        // The six were started in one pass under the scheduler's lock, after the prefetches had
        // become eligible; its count of running transfers is final until one of them ends.
        XCTAssertEqual(h.pipeline.activity.transfers, 6, "the host's six slots, no more")
        let starts = loader.state.get.starts
        XCTAssertEqual(starts.count, 6, "the host's six slots, no more: \(starts)")
        XCTAssertTrue(starts.allSatisfy { $0.contains("/v") }, "a prefetch started before the screen's pictures: \(starts)")
        loader.releaseAll()
        await eventually { loader.state.get.completions.count == 16 }
        let all = loader.state.get.starts
        XCTAssertEqual(all.firstIndex { $0.contains("/p") }, 6, "prefetches follow once the screen's pictures are out")
    }

    func testTransferCapsSixPerHostSixteenInAll() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader)
        for host in 0..<4 { for i in 0..<10 { h.pipeline.loadImage(req("http://h\(host)/\(i).jpg")) { _ in } } }
        await eventually { loader.totalStarts == 16 }
        // Decided as the requests arrived (no start delay): 16 running, the rest queued.
        XCTAssertEqual(h.pipeline.activity.transfers, 16)
        XCTAssertEqual(h.pipeline.activity.queuedTransfers, 24)
        let starts = loader.state.get.starts
        XCTAssertEqual(starts.count, 16)
        for host in 0..<4 {
            XCTAssertLessThanOrEqual(starts.filter { $0.hasPrefix("http://h\(host)/") }.count, 6)
        }
        loader.releaseAll()
        await eventually { loader.state.get.completions.count == 40 }
        XCTAssertLessThanOrEqual(loader.state.get.maxRunning, 16)
    }

    func testPriorityRaisedWhileQueuedStartsFirst() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxConcurrentTransfers = 1 }
        h.pipeline.loadImage(req("http://h/first.jpg"), priority: .normal) { _ in }
        await eventually { loader.totalStarts == 1 }
        var tasks: [ImageTask] = []
        for i in 0..<5 { tasks.append(h.pipeline.loadImage(req("http://h/q\(i).jpg"), priority: .normal) { _ in }) }
        tasks[4].priority = .veryHigh
        loader.releaseAll()
        await eventually { loader.totalStarts >= 2 }
        XCTAssertEqual(loader.state.get.starts[1], "http://h/q4.jpg")
    }

    func testCancelOneOfTwoKeepsTransferCancelBothAbortsIt() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader)
        let delivered = Locked([String]())
        let a = h.pipeline.loadImage(req("http://h/c.jpg")) { _ in delivered.withLock { $0.append("a") } }
        let b = h.pipeline.loadImage(req("http://h/c.jpg")) { _ in delivered.withLock { $0.append("b") } }
        await eventually { loader.totalStarts == 1 }
        a.cancel()
        // A cancel is decided at once under the scheduler's lock.
        XCTAssertEqual(h.pipeline.activity.transfers, 1, "one requester left; the transfer must go on")
        XCTAssertEqual(h.pipeline.metrics.abortedTransfers, 0, "one requester left; the transfer must go on")
        b.cancel()
        await eventually { loader.state.get.cancellations == ["http://h/c.jpg"] }
        XCTAssertEqual(h.pipeline.metrics.abortedTransfers, 1)
        XCTAssertEqual(h.pipeline.metrics.cancels, 2)
        XCTAssertEqual(h.pipeline.activity.renderJobs, 0, "nothing is left that could call back")
        loader.releaseAll()
        // The same picture asked again arrives: had a cancelled requester been kept, it came too.
        let again = try? await h.pipeline.image(for: req("http://h/c.jpg"))
        XCTAssertNotNil(again?.thumbnail)
        XCTAssertEqual(delivered.get, [], "no callback after cancel")
        XCTAssertEqual(h.pipeline.activity.transfers, 0)
    }

    func testCancelWhileQueuedNeverStarts() async {
        let loader = FakeLoader(latency: .milliseconds(1))
        loader.state.withLock { $0.holdAll = true }
        let h = Harness(loader: loader) { $0.maxConcurrentTransfers = 1 }
        h.pipeline.loadImage(req("http://h/running.jpg")) { _ in }
        await eventually { loader.totalStarts == 1 }
        let queued = h.pipeline.loadImage(req("http://h/queued.jpg")) { _ in XCTFail("callback after cancel") }
        queued.cancel()
        loader.releaseAll()
        await eventually { loader.state.get.completions.count == 1 }
        // One slot, oldest first among equals: a request asked now starts only after the
        // cancelled one, had it been kept, so its start is the sign.
        h.pipeline.loadImage(req("http://h/after.jpg")) { _ in }
        await eventually { loader.totalStarts >= 2 }
        XCTAssertEqual(loader.state.get.starts, ["http://h/running.jpg", "http://h/after.jpg"])
    }

    func testStartDelayMeansShortLivedRequestsNeverStartWork() async {
        let h = Harness(startDelay: .milliseconds(50))
        let t = h.pipeline.loadImage(req("http://h/brief.jpg")) { _ in }
        t.cancel()
        // A request asked after it starts once its own delay is over, the brief one's before it:
        // its start is the sign, not a sleep (a busy machine stretched a 5 ms one past 50 ms).
        h.pipeline.loadImage(req("http://h/later.jpg")) { _ in }
        await eventually { h.loader.totalStarts >= 1 }
        XCTAssertEqual(h.loader.state.get.starts, ["http://h/later.jpg"])
    }

    func testAsyncAPIReturnsImageAndThrowsOnCancel() async throws {
        let loader = FakeLoader(latency: .milliseconds(1))
        let h = Harness(loader: loader)
        let r = try await h.pipeline.image(for: req("http://h/async.jpg"))
        XCTAssertNotNil(r.thumbnail)
        loader.state.withLock { $0.holdAll = true }
        let task = Task { try await h.pipeline.image(for: req("http://h/never.jpg")) }
        await eventually { loader.totalStarts == 2 }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {}
        await eventually { loader.state.get.cancellations == ["http://h/never.jpg"] }
    }
}

/// A decoder that takes a while and records how many decodes ran at once.
final class SlowDecoder: ImageDecoding, @unchecked Sendable {
    let inner = FakeDecoder()
    let concurrency = Locked((now: 0, max: 0))
    func decode(_ data: [UInt8]) throws -> PixelImage {
        concurrency.withLock { $0.now += 1; $0.max = max($0.max, $0.now) }
        defer { concurrency.withLock { $0.now -= 1 } }
        Thread.sleep(forTimeInterval: 0.01)
        return try inner.decode(data)
    }
}

final class DecodeCapTests: XCTestCase {
    func testDecodesNeverExceedTheCap() async {
        let decoder = SlowDecoder()
        let loader = FakeLoader(latency: .milliseconds(1))
        var config = ImagePipeline.Configuration(dataLoader: loader, dataCache: nil, decoder: decoder, renderer: FakeRenderer())
        config.startDelay = .zero
        config.maxConcurrentDecodes = 2
        let pipeline = ImagePipeline(configuration: config)
        let done = Locked(0)
        for i in 0..<30 { pipeline.loadImage(req("http://h\(i % 3)/d\(i).jpg")) { _ in done.withLock { $0 += 1 } } }
        await eventually { done.get == 30 }
        XCTAssertEqual(decoder.concurrency.get.max, 2)
    }
}
