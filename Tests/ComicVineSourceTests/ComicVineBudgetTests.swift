import ComicVineSource
import Foundation
import LiveSourceKit
import Synchronization
import XCTest

/// Comic Vine's declared windows on the kit's limiter, proved in seconds: three limiters on one
/// file (three processes' worth of flock'ed state) asking as fast as they can never grant more
/// than the hour's count of a resource in any window (an hour shortened to 2 s), nor two
/// requests closer than the spacing; the hour's wait is said, with the resource's name.
final class ComicVineBudgetTests: XCTestCase {
    func testThreeLimitersKeepThePerResourceWindowAndTheSpacing() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cv-budget-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let windows = BudgetWindows(perResourcePerHour: 4, spacing: 0.1)
        let told = Told()
        let limiters = (0..<3).map { _ in
            BudgetLimiter(file: file, source: "Comic Vine", windows: windows,
                          resourceWindow: SlidingWindow(length: 2, margin: 0.05), onWait: { told.add($0) })
        }
        let grants = Grants()
        let started = Date()
        await withTaskGroup(of: Void.self) { group in
            for limiter in limiters {
                group.addTask {
                    while Date().timeIntervalSince(started) < 4.5 {
                        guard let usage = try? await limiter.acquire(resource: "characters") else { return }
                        grants.add(usage.at)
                        try? limiter.sent(grantedAt: usage.at, resource: "characters")
                    }
                }
            }
        }
        let times = grants.all.sorted()
        print("kit budget: \(times.count) grants in 4.5 s by 3 limiters (declared 4 a resource per 2 s, spacing 0.1 s)")
        XCTAssertGreaterThanOrEqual(times.count, 8)
        for (a, b) in zip(times, times.dropFirst()) { XCTAssertGreaterThanOrEqual(b.timeIntervalSince(a), 0.099) }
        for (i, t) in times.enumerated() {
            let inWindow = times[i...].prefix { $0.timeIntervalSince(t) < 2 }.count
            XCTAssertLessThanOrEqual(inWindow, 4, "more than 4 in the 2 s from \(t)")
        }
        let hourWaits = told.all.filter { if case .hourBudget("characters") = $0.reason { return true } else { return false } }
        XCTAssertFalse(hourWaits.isEmpty, "the spent window is said")
        XCTAssertTrue(hourWaits[0].description.contains("Comic Vine budget for characters is spent"), hourWaits[0].description)
    }

    func testComicVineDeclaresItsHourAndSpacing() {
        XCTAssertEqual(ComicVineBudget.standard.windows, BudgetWindows(perResourcePerHour: 190, spacing: 1))
        XCTAssertEqual(ComicVineBudget(perResourcePerHour: 900).perResourcePerHour, 200, "never above Comic Vine's 200")
    }
}

private final class Grants: Sendable {
    private let times = Mutex<[Date]>([])
    func add(_ date: Date) { times.withLock { $0.append(date) } }
    var all: [Date] { times.withLock { $0 } }
}

private final class Told: Sendable {
    private let waits = Mutex<[BudgetWait]>([])
    func add(_ wait: BudgetWait) { waits.withLock { $0.append(wait) } }
    var all: [BudgetWait] { waits.withLock { $0 } }
}
