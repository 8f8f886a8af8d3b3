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

    /// A limiter waiting for the file's lock while another process writes later entries (on a
    /// loaded machine, or a shared clock that moved minutes on meanwhile): the time it judges
    /// the file by is read once it holds the lock. Read before, those entries would be "in the
    /// future", the file taken for damaged and the day's count started again (9 of 30
    /// counted in a loaded run of the test above).
    func testATimeReadWhileWaitingForTheLockIsNotStale() async throws {
        let fake = FakeClock()
        let budget = MetronBudget(perMinute: 10, perDay: 4_500)
        let first = MetronRateLimiter(file: file, budget: budget, clock: fake.clock)
        _ = try await first.acquire()
        let fd = open(file.path, O_RDWR)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        let waiting = MetronRateLimiter(file: file, budget: budget, clock: fake.clock)
        let task = Task { try await waiting.acquire().today }
        // The signal: the kernel lists the limiter as waiting for the lock (`->` in /proc/locks).
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !((try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? "").contains("-> FLOCK") {
            try await Task.sleep(for: .milliseconds(5))
        }
        // Meanwhile "another process" (the test, holding the lock) sent 5 requests 5 minutes on.
        fake.advance(300)
        let later = fake.now.timeIntervalSince1970
        let day = ISO8601DateFormatter.string(from: fake.now, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        let state = #"{"recent":[\#(later - 4),\#(later - 3),\#(later - 2),\#(later - 1),\#(later)],"day":"\#(day)","today":6,"pausedUntil":0}"#
        XCTAssertEqual(ftruncate(fd, 0), 0)
        XCTAssertEqual(Array(state.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }, state.utf8.count)
        flock(fd, LOCK_UN)
        let today = try await task.value
        XCTAssertEqual(today, 7, "the other process's 6 and this one: the file was not taken for damaged")
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
