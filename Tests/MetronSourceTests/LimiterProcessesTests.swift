import Foundation
import HTTPTransport
import LiveSourceKit
import MetronSource
import TestSupport
import XCTest

/// Three processes hammer one budget file for three windows, each request "arriving" at the
/// server somewhere between its grant and its answer; every sliding window of the recorded
/// arrivals (and grants) holds at most the budget. By default the window is 10 s (30 s in
/// all); MG_LIMITER_MINUTES=3 runs Metron's real minute for three minutes.
final class LimiterProcessesTests: XCTestCase {
    static let budget = 20

    private struct Run {
        var window: SlidingWindow
        var seconds: Double
    }

    private var run: Run {
        if ProcessInfo.processInfo.environment["MG_LIMITER_MINUTES"] == "3" {
            return Run(window: .minute, seconds: 180)
        }
        return Run(window: SlidingWindow(length: 10, margin: 0.25), seconds: 30)
    }

    func testThreeProcessesNeverExceedTheBudgetInAnyWindow() throws {
        let env = ProcessInfo.processInfo.environment
        if env["MG_LIMITER_WORKER"] != nil { throw XCTSkip("inside a worker") }
        let binary = CommandLine.arguments[0]
        guard binary.hasSuffix(".xctest") || binary.hasSuffix("PackageTests") else {
            throw XCTSkip("the test bundle cannot be started as a worker from \(binary)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limiter-processes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = self.run
        let outputs = (0..<3).map { folder.appendingPathComponent("worker\($0).txt") }
        let results = Locked<[(Int32, String)]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            let argv = ["/usr/bin/env", "MG_LIMITER_WORKER=\(outputs[i].path)",
                        "MG_LIMITER_FILE=\(folder.appendingPathComponent("budget.json").path)",
                        "MG_LIMITER_WINDOW=\(run.window.length)", "MG_LIMITER_MARGIN=\(run.window.margin)",
                        "MG_LIMITER_SECONDS=\(run.seconds)",
                        binary, "MetronSourceTests.LimiterProcessesTests/testWorker"]
            let result = (try? Spawn.status(argv)) ?? (-1, "cannot start \(binary)")
            results.withLock { $0.append(result) }
        }
        for (status, output) in results.get where status != 0 {
            XCTFail("a worker failed (\(status)):\n\(output.suffix(2000))")
        }
        var grants: [Double] = [], arrivals: [Double] = [], perProcess: [Int] = []
        for output in outputs {
            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            perProcess.append(lines.count)
            for line in lines {
                let fields = line.split(separator: " ").compactMap { Double($0) }
                XCTAssertEqual(fields.count, 2, String(line))
                grants.append(fields[0]); arrivals.append(fields[1])
            }
        }
        let length = run.window.length
        let busiestArrivals = SlidingWindowTests.busiestWindow(arrivals, length: length)
        let busiestGrants = SlidingWindowTests.busiestWindow(grants, length: length)
        let sorted = arrivals.sorted()
        let windows = Int((sorted.last ?? 0) - (sorted.first ?? 0)) + 1
        let tightest = (0..<max(0, sorted.count - Self.budget)).map { sorted[$0 + Self.budget] - sorted[$0] }.min() ?? .infinity
        print("""
            limiter processes: \(grants.count) requests (\(perProcess.map(String.init).joined(separator: "+"))) in \
            \(run.seconds) s, window \(length) s + \(run.window.margin) s margin; busiest window of arrivals \
            \(busiestArrivals), of grants \(busiestGrants) (budget \(Self.budget)); tightest \(Self.budget + 1) \
            arrivals span \(String(format: "%.3f", tightest)) s; windows checked: every one (\(windows) s of arrivals)
            """)
        XCTAssertLessThanOrEqual(busiestArrivals, Self.budget, "more than the budget arrived in one window")
        XCTAssertLessThanOrEqual(busiestGrants, Self.budget)
        XCTAssertGreaterThan(tightest, length, "\(Self.budget + 1) arrivals within one window")
        // Hammering for three windows spends (nearly) three budgets: nothing starves.
        XCTAssertGreaterThanOrEqual(grants.count, 3 * Self.budget - 5)
        XCTAssertTrue(perProcess.allSatisfy { $0 > 0 }, "every process got requests: \(perProcess)")
    }

    /// One worker process (started by the test above; skipped otherwise): four tasks take
    /// requests as fast as the budget allows, each "sent" for 0–300 ms, and write down the
    /// grant and the moment the server would see it.
    func testWorker() async throws {
        let env = ProcessInfo.processInfo.environment
        guard let out = env["MG_LIMITER_WORKER"], let file = env["MG_LIMITER_FILE"],
              let length = env["MG_LIMITER_WINDOW"].flatMap(Double.init),
              let margin = env["MG_LIMITER_MARGIN"].flatMap(Double.init),
              let seconds = env["MG_LIMITER_SECONDS"].flatMap(Double.init) else {
            throw XCTSkip("a worker of testThreeProcessesNeverExceedTheBudgetInAnyWindow")
        }
        let limiter = MetronRateLimiter(file: URL(fileURLWithPath: file),
                                        budget: MetronBudget(perMinute: Self.budget, perDay: 5_000),
                                        window: SlidingWindow(length: length, margin: margin))
        let deadline = Date().addingTimeInterval(seconds)
        let lines = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var lines: [String] = []
                    while true {
                        let left = deadline.timeIntervalSinceNow
                        guard left > 0 else { return lines }
                        let granted: Date
                        do {
                            granted = try await limiter.acquire(background: Bool.random(), longestWait: left).at
                        } catch MetronError.mustWait { return lines }
                        let sending = Double.random(in: 0...0.3)
                        let arrival = granted.timeIntervalSince1970 + Double.random(in: 0...sending)
                        try await Task.sleep(for: .milliseconds(Int(sending * 1000)))
                        try limiter.sent(grantedAt: granted)
                        lines.append(String(format: "%.6f %.6f", granted.timeIntervalSince1970, arrival))
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: out, atomically: true, encoding: .utf8)
    }
}
