import Foundation
import Synchronization
@testable import LiveSourceKit
@testable import MetronSource
import XCTest

/// Issue 27: whatever the shared budget file holds, and whatever Metron's rate-limit headers
/// say, no arithmetic traps, no wait is longer than `maxPause`, and a bad file is said
/// (`fileProblem`, for doctor) and rewritten.
final class HostileBudgetFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metron-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("marvel-gallery"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var file: URL { folder.appendingPathComponent("marvel-gallery/metron-budget.json") }

    private func write(_ text: String) throws { try Data(text.utf8).write(to: file) }

    /// The file's state after the limiter used it.
    private func stored() throws -> BudgetState {
        try JSONDecoder().decode(BudgetState.self, from: Data(contentsOf: file))
    }

    /// One acquire on `fake`'s clock: no sleep at all, the file rewritten clean.
    private func assertRecovers(_ contents: String, problem: String, file line: StaticString = #filePath,
                                line number: UInt = #line) async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        XCTAssertTrue(limiter.fileProblem()?.contains(problem) == true,
                      "\(String(describing: limiter.fileProblem()))", file: line, line: number)
        let usage = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [], "no wait from a poisoned file", file: line, line: number)
        XCTAssertEqual(usage.today, 1, file: line, line: number)
        XCTAssertNil(limiter.fileProblem(), "rewritten clean", file: line, line: number)
        let state = try stored()
        XCTAssertEqual(state.pausedUntil, 0, file: line, line: number)
        XCTAssertEqual(state.recent, [fake.now.timeIntervalSince1970], file: line, line: number)
    }

    func testAPauseOf1e16IsIgnoredAndRewritten() async throws {
        // Unchecked, Int(1e16 * 1000) traps ("Double value cannot be converted to Int", exit 132).
        try write(#"{"recent":[],"day":"","today":0,"pausedUntil":1e16}"#)
        try await assertRecovers("", problem: "paused until 1e+16")
    }

    func testAPauseOfNowPlusABillionSecondsIsIgnoredAndRewritten() async throws {
        // Taken as it is, it makes every run wait, silently, for 31 years.
        let at = FakeClock().now.timeIntervalSince1970 + 1e9
        try write(#"{"recent":[],"day":"","today":0,"pausedUntil":\#(at)}"#)
        try await assertRecovers("", problem: "paused until")
    }

    func testFutureSendTimesOf9e99AreIgnoredAndRewritten() async throws {
        // 18 of them fill the minute: unchecked, the wait until the first leaves it traps.
        let recent = Array(repeating: "9e99", count: 18).joined(separator: ",")
        try write(#"{"recent":[\#(recent)],"day":"","today":0,"pausedUntil":0}"#)
        try await assertRecovers("", problem: "in the future")
    }

    func testNegativeOrHugeCountsAreIgnored() async throws {
        try write(#"{"recent":[],"day":"2027-01-15","today":-5,"pausedUntil":0}"#)
        try await assertRecovers("", problem: "-5 requests today")
    }

    func testNotJSONIsIgnoredAndRewritten() async throws {
        try write("\u{1B}]0;pwned\u{07} not json")
        try await assertRecovers("", problem: "not the limiter's JSON")
    }

    func testAHugeFileIsReadOnlyAFewKilobytes() async throws {
        // 4 MB of spaces then valid JSON: valid JSON, but no budget file is that large.
        try write(String(repeating: " ", count: 4 << 20) + #"{"recent":[],"day":"","today":0,"pausedUntil":0}"#)
        try await assertRecovers("", problem: "larger than 8 KB")
    }

    func testASymlinkToDevZeroIsReplacedNotRead() async throws {
        // Read as a file, /dev/zero would take 8 GB of memory and more.
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        try await assertRecovers("", problem: "not a regular file")
        let type = try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeRegular, "the link itself was replaced by a file")
    }

    func testAFIFOIsReplacedWithoutWaitingForAWriter() async throws {
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        try await assertRecovers("", problem: "not a regular file")
    }

    func testAnUnreadableFileIsReplaced() async throws {
        // A folder where the file should be: open(O_RDWR) fails with EISDIR.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        XCTAssertNotNil(limiter.fileProblem())
        _ = try await limiter.acquire()
        XCTAssertNil(limiter.fileProblem())
    }

    func testResetHeadersAreClampedToTheMaximumPause() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        for reset in ["1e16", "1e308", "\(fake.now.timeIntervalSince1970 + 1e9)", "inf", "999999"] {
            let asked = try limiter.observe(remaining: "0", reset: reset)
            XCTAssertGreaterThan(try XCTUnwrap(asked), MetronRateLimiter.maxPause, reset)
            let state = try stored()
            XCTAssertLessThanOrEqual(state.pausedUntil, fake.now.timeIntervalSince1970 + MetronRateLimiter.maxPause, reset)
            XCTAssertGreaterThan(state.pausedUntil, fake.now.timeIntervalSince1970, reset)
        }
        XCTAssertNil(try limiter.observe(remaining: "0", reset: "nan").flatMap { $0 > 60 ? $0 : nil })
        // The wait is what the file says, never more than 15 minutes, and it is told.
        let told = Told()
        let other = MetronRateLimiter(file: file, clock: fake.clock, onWait: { told.add($0) })
        _ = try await other.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(Int(MetronRateLimiter.maxPause))])
        XCTAssertEqual(told.all.map(\.reason), [.serverAsked])
        XCTAssertEqual(told.all.first?.seconds, MetronRateLimiter.maxPause)
    }

    func testARetryAfterWithinTheCapIsExactlyWhatWasAsked() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: file, clock: fake.clock)
        try limiter.pause(seconds: 5)
        _ = try await limiter.acquire()
        XCTAssertEqual(fake.sleeps, [.seconds(5)], "not 120 s, not 60 s: what the server asked")
        let usage = try limiter.usage()
        XCTAssertNil(usage.pausedUntil)
        try limiter.pause(seconds: 42)
        XCTAssertEqual(try limiter.usage().statusText, "Metron asks to wait · 0:42")
    }

    func testWaitTexts() {
        XCTAssertEqual(MetronWait.duration(42), "42 s")
        XCTAssertEqual(MetronWait.duration(999_999), "11 days 13 h")
        XCTAssertEqual(MetronWait.duration(1e308), "more than 10 years")
        XCTAssertEqual(MetronWait.duration(.infinity), "more than 10 years")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertTrue(MetronWait.tooLong(source: "Metron", seconds: 999_999, now: now).hasPrefix("Metron asks to wait 11 days 13 h; try again after 2027-"))
        XCTAssertEqual(MetronWait.tooLong(source: "Metron", seconds: 1e16, now: now),
                       "Metron asks to wait more than 10 years, which is not a real limit; try again later")
    }
}

final class Told: @unchecked Sendable {
    private let waits = Mutex<[MetronWait]>([])
    func add(_ wait: MetronWait) { waits.withLock { waits in waits.append(wait) } }
    var all: [MetronWait] { waits.withLock { waits in waits } }
}
