import Foundation
import MetronSource
import XCTest

/// The user-wide budget: a sliding minute and a UTC day, shared through a locked file.
final class RateLimiterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metron-budget-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var file: URL { folder.appendingPathComponent("marvel-gallery/metron-budget.json") }

    func testBudgetNeverAboveMetronsLimits() {
        XCTAssertEqual(MetronBudget.standard, MetronBudget(perMinute: 18, perDay: 4_500))
        XCTAssertEqual(MetronBudget(perMinute: 60, perDay: 10_000), MetronBudget(perMinute: 20, perDay: 5_000))
        XCTAssertEqual(MetronBudget(perMinute: 0, perDay: 0), MetronBudget(perMinute: 1, perDay: 1))
    }

    func testAMinuteHoldsEighteenThenWaits() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        for _ in 0..<18 {
            _ = try await limiter.acquire()
            fake.advance(1)
        }
        XCTAssertEqual(fake.sleeps, [], "18 requests fit the first minute")
        // 18 s in: the 19th waits until the first (at 0 s) leaves the window and its margin at 61 s.
        let usage = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(43)])
        XCTAssertEqual(usage.today, 19)
        XCTAssertEqual(usage.thisMinute, 18)
        XCTAssertEqual(usage.statusText, "Metron · 18/18 this minute · 19 today")
    }

    func testBackgroundWorkLeavesRoomForWhatTheUserAsksFor() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        XCTAssertEqual(limiter.backgroundReserve, 3)
        for _ in 0..<15 { _ = try await limiter.acquire(background: true) }
        XCTAssertEqual(fake.sleeps, [])
        fake.advance(1)
        _ = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [], "a page or a detail is sent at once")
        _ = try await limiter.acquire(background: true)
        XCTAssertEqual(fake.sleeps, [.seconds(60)], "the 16th picture lookup waits for the minute to move on")
    }

    func testTwoLimitersOnOneFileShareTheBudget() async throws {
        let fake = FakeClock()
        let budget = MetronBudget(perMinute: 10, perDay: 4_500)
        // Two instances open the file separately, as two processes do: flock serialises them.
        let a = MetronRateLimiter(file: file, budget: budget, clock: fake.clock)
        let b = MetronRateLimiter(file: file, budget: budget, clock: fake.clock)
        let times = try await withThrowingTaskGroup(of: [Date].self) { group in
            for limiter in [a, b] {
                group.addTask {
                    var taken: [Date] = []
                    for _ in 0..<15 { taken.append(try await limiter.acquire().at) }
                    return taken
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }.sorted()
        }
        XCTAssertEqual(times.count, 30)
        for i in 0..<(times.count - 10) {
            XCTAssertGreaterThanOrEqual(times[i + 10].timeIntervalSince(times[i]), 60,
                                        "11 requests within a minute across the two (at \(i))")
        }
        XCTAssertEqual(try a.usage().today, 30)
        XCTAssertEqual(try b.usage().today, 30)
    }

    func testTheDayRunsOutAndResetsAtUTCMidnight() async throws {
        // 23:59:00 UTC
        let fake = FakeClock(Date(timeIntervalSince1970: 1_800_057_540))
        let limiter = MetronRateLimiter(file: file, budget: MetronBudget(perMinute: 20, perDay: 3), clock: fake.clock)
        for _ in 0..<3 { _ = try await limiter.acquire() }
        let usage = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(60)], "waits until 00:00 UTC")
        XCTAssertEqual(usage.today, 1)
    }

    func testAPauseHoldsEveryone() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        let other = MetronRateLimiter(file: file, clock: fake.clock)
        try limiter.pause(for: .seconds(7))
        _ = try await other.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(7)])
        try limiter.observe(remaining: "0", reset: "30")
        _ = try await other.acquire()
        XCTAssertEqual(fake.sleeps.last, .seconds(30), "X-RateLimit-Remaining 0 waits for X-RateLimit-Reset")
        try limiter.observe(remaining: "5", reset: "30")
        _ = try await other.acquire()
        XCTAssertEqual(fake.sleeps.count, 2)
    }

    func testTheFileIsPrivate() async throws {
        _ = try await MetronRateLimiter(file: file).acquire()
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }
}
