import Foundation
import HTTPTransport
import LiveSourceKit
import MetronSource
import TestSupport
import XCTest

/// The sliding window itself: counted from when each request was answered, with a margin, so
/// the server never sees budget + 1 in any window of its own; waits said and bounded.
final class SlidingWindowTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metron-window-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var file: URL { folder.appendingPathComponent("metron-budget.json") }

    /// Largest number of `times` inside any closed window of `length` seconds.
    static func busiestWindow(_ times: [Double], length: Double) -> Int {
        let sorted = times.sorted()
        var best = 0, low = 0
        for high in sorted.indices {
            while sorted[high] - sorted[low] > length { low += 1 }
            best = max(best, high - low + 1)
        }
        return best
    }

    func testBusiestWindowCountsClosedWindows() {
        XCTAssertEqual(Self.busiestWindow([0, 60], length: 60), 2, "both ends of a minute are in it")
        XCTAssertEqual(Self.busiestWindow([0, 60.001], length: 60), 1)
        XCTAssertEqual(Self.busiestWindow([], length: 60), 0)
    }

    func testTheNextWindowStartsAMarginAfterTheLastAnswer() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 20, perDay: 5_000), clock: fake.clock)
        // 20 requests granted at 0 s; the first is answered only at 7 s (queued in curl, slow link).
        var grants: [Date] = []
        for _ in 0..<20 { grants.append(try await limiter.acquire().at) }
        fake.advance(7)
        try limiter.sent(grantedAt: grants[0])
        for grant in grants.dropFirst() { try limiter.sent(grantedAt: grant) }
        fake.advance(53)
        // 60 s after the grants: counted from the answers (7 s) plus the margin, 8 s to go.
        let usage = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(8)])
        XCTAssertEqual(usage.at.timeIntervalSince(grants[0]), 68, accuracy: 0.001)
    }

    func testAnAnswerSlowerThanTheWindowStillCounts() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 1, perDay: 5_000), clock: fake.clock)
        let grant = try await limiter.acquire().at
        fake.advance(90)  // pruned from the file by now
        try limiter.sent(grantedAt: grant)
        _ = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(61)], "the answer at 90 s counts until 151 s")
    }

    /// Many requests of random length, answered in random order while others wait, on a fake
    /// clock: Metron's view (each request arrives somewhere between its grant and its answer)
    /// never holds more than the budget in any closed minute.
    func testNoMinuteOfArrivalsExceedsTheBudget() async throws {
        let fake = FakeClock()
        let limiterBox = Locked<MetronRateLimiter?>(nil)
        let open = Locked<[(granted: Date, answered: Double)]>([])
        // Answers come while `acquire` sleeps, as they do from other tasks.
        @Sendable func answerDue() {
            let now = fake.now.timeIntervalSince1970
            let due = open.withLock { list in
                let due = list.filter { $0.answered <= now }
                list.removeAll { $0.answered <= now }
                return due
            }
            for done in due.shuffled() { try? limiterBox.get?.sent(grantedAt: done.granted) }
        }
        let clock = MetronClock(now: { fake.now }, sleep: { duration in
            var left = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            while left > 0 {
                let step = min(left, 0.25)
                fake.advance(step)
                left -= step
                answerDue()
            }
        })
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 20, perDay: 5_000), clock: clock)
        limiterBox.withLock { $0 = limiter }
        var arrivals: [Double] = []
        for _ in 0..<300 {
            let grant = try await limiter.acquire(background: Bool.random()).at
            let duration = Double.random(in: 0...4)
            open.withLock { $0.append((grant, grant.timeIntervalSince1970 + duration)) }
            arrivals.append(grant.timeIntervalSince1970 + Double.random(in: 0...duration))
            fake.advance(Double.random(in: 0...0.5))
            answerDue()
        }
        let busiest = Self.busiestWindow(arrivals, length: 60)
        print("busiest minute of 300 simulated arrivals: \(busiest) (budget 20)")
        XCTAssertLessThanOrEqual(busiest, 20)
        XCTAssertGreaterThanOrEqual(busiest, 15, "the budget is used, not starved")
    }

    func testALongerWaitThanAllowedIsRefusedSayingHowLong() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 2, perDay: 5_000), clock: fake.clock)
        _ = try await limiter.acquire(longestWait: 5)
        _ = try await limiter.acquire(longestWait: 5)
        fake.advance(10)
        do {
            _ = try await limiter.acquire(longestWait: 5)
            XCTFail("granted past the budget")
        } catch let error as MetronError {
            guard case .mustWait(let seconds, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(seconds, 51, accuracy: 0.001)
            XCTAssertEqual(error.description, "Metron's budget of 2 a minute is spent: the next request may go in 51 s")
        }
        XCTAssertEqual(fake.sleeps, [], "refused at once, not after a wait")
        fake.advance(47)
        _ = try await limiter.acquire(longestWait: 5)
        XCTAssertEqual(fake.sleeps, [.seconds(4)], "a wait within the bound is waited")
        try limiter.pause(seconds: 1e300)
        do { _ = try await limiter.acquire(longestWait: 5); XCTFail("granted during a pause") } catch let error as MetronError {
            guard case .mustWait(let seconds, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(seconds, MetronRateLimiter.maxPause, accuracy: 1, "a huge Retry-After is bounded")
        }
    }

    /// The status line says what waits and for how long while it waits.
    func testTheStatusSaysWhatWaitsAndHowLong() async throws {
        let fake = FakeClock()
        // Time stands still while the waiter sleeps for real (cancelled at the end).
        let clock = MetronClock(now: { fake.now }, sleep: { try await Task.sleep(for: $0) })
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 18, perDay: 5_000), clock: clock)
        for _ in 0..<15 { _ = try await limiter.acquire() }
        fake.advance(26)
        XCTAssertEqual(try limiter.usage().statusText, "Metron · 15/18 this minute · 15 today")
        let picture = Task { try await limiter.acquire(background: true) }
        defer { picture.cancel() }
        var text = ""
        for _ in 0..<200 {
            text = try limiter.usage().statusText
            if text.contains("next") { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(text, "Metron: 18 a minute · next pictures in 35 s")
        fake.advance(1)
        XCTAssertEqual(try limiter.usage().statusText, "Metron: 18 a minute · next pictures in 34 s", "counted down")
    }

    /// On screen before prefetch: when the slot frees, the most urgent waiting picture takes
    /// it, though a less urgent one asked first.
    func testTheMostUrgentWaitingPictureGoesFirst() async throws {
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 1, perDay: 5_000),
                                        window: SlidingWindow(length: 2, margin: 0.05))
        _ = try await limiter.acquire()
        let order = Locked<[String]>([])
        let prefetch = Task {
            _ = try await limiter.acquire(background: true, urgency: 5)
            order.withLock { $0.append("prefetch") }
        }
        await eventually { limiter.limiter.waitingRequests == 1 }  // the prefetch is in the line
        let onScreen = Task {
            _ = try await limiter.acquire(background: true, urgency: 1)
            order.withLock { $0.append("on screen") }
        }
        _ = try await onScreen.value
        _ = try await prefetch.value
        XCTAssertEqual(order.get, ["on screen", "prefetch"])
    }

    /// A picture whose wait is cancelled (its client closed the connection: a tile scrolled
    /// off) leaves the line: the next picture takes the slot, and the one left never does.
    func testACancelledWaitLeavesTheLineToTheScreenPagedTo() async throws {
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 1, perDay: 5_000),
                                        window: SlidingWindow(length: 2, margin: 0.05))
        _ = try await limiter.acquire()
        let order = Locked<[String]>([])
        let leftBehind = Task {
            _ = try await limiter.acquire(background: true, urgency: 1)
            order.withLock { $0.append("left behind") }
        }
        await eventually { limiter.limiter.waitingRequests == 1 }  // the first is in the line
        let pagedTo = Task {
            _ = try await limiter.acquire(background: true, urgency: 1)
            order.withLock { $0.append("paged to") }
        }
        await eventually { limiter.limiter.waitingRequests == 2 }  // and the second behind it
        leftBehind.cancel()
        _ = try await pagedTo.value
        _ = try? await leftBehind.value
        XCTAssertEqual(order.get, ["paged to"])
    }

    /// Among as urgent pictures, the one asked first goes first: a prefetch still waiting since
    /// before a PageDown (now on screen) before the band asked after it, further on.
    func testAsUrgentPicturesGoInTheOrderAsked() async throws {
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 1, perDay: 5_000),
                                        window: SlidingWindow(length: 2, margin: 0.05))
        _ = try await limiter.acquire()
        let order = Locked<[String]>([])
        let nearer = Task {
            _ = try await limiter.acquire(background: true, urgency: 5)
            order.withLock { $0.append("nearer") }
        }
        await eventually { limiter.limiter.waitingRequests == 1 }  // the nearer band is in the line
        let further = Task {
            _ = try await limiter.acquire(background: true, urgency: 5)
            order.withLock { $0.append("further") }
        }
        _ = try await nearer.value
        _ = try await further.value
        XCTAssertEqual(order.get, ["nearer", "further"])
    }
}
