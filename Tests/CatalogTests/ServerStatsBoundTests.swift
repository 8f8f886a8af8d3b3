@testable import CatalogServer
import Foundation
import TestSupport
import XCTest

/// `/debug/stats` keeps the busiest paths (Space-Saving, `TopPaths`) and counts the rest under
/// "(other)", so a client asking a million unique paths cannot grow the server (it took
/// 42 -> 440 MB before), while the paths that matter keep their own lines.
final class ServerStatsBoundTests: XCTestCase {
    func testAMillionUniquePathsStayBoundedAndTheBusyPathsKeepTheirCounts() throws {
        let recorder = StatsRecorder()
        let early = "/v1/public/characters", late = "/v1/public/comics"
        let before = PeakMemory.resident()
        let (_, growth) = PeakMemory.measure {
            for i in 0..<1_000_000 {
                recorder.record(path: "/v1/public/characters/\(i)", status: 404, bytes: 100)
                // A path busy from the start, and one that only gets busy after 500,000
                // one-off paths (a first-N counter would never have listed it).
                if i % 10 == 0 { recorder.record(path: early, status: 200, bytes: 1_000) }
                if i >= 500_000, i % 10 == 0 { recorder.record(path: late, status: 304, bytes: 0) }
            }
        }
        let snapshot = recorder.snapshot()
        XCTAssertEqual(snapshot.totalHits, 1_000_000 + 100_000 + 50_000)
        XCTAssertLessThanOrEqual(snapshot.paths.count, StatsRecorder.maxPaths + 1)
        XCTAssertEqual(snapshot[early].hits, 100_000)
        XCTAssertEqual(snapshot[early].bytes, 100_000_000)
        XCTAssertEqual(snapshot[late].hits, 50_000)
        XCTAssertEqual(snapshot[late].statuses, ["304": 50_000])
        XCTAssertGreaterThan(snapshot[StatsRecorder.otherPath].hits, 990_000)
        XCTAssertEqual(snapshot.paths.values.reduce(0) { $0 + $1.hits }, snapshot.totalHits,
                       "tracked paths plus (other) add up to every request")
        XCTAssertEqual(snapshot.paths.values.reduce(0) { $0 + $1.bytes }, snapshot.totalBytes)
        if let before, let growth {
            print("stats for 1 M unique paths: peak \(growth >> 20) MB above the \(before >> 20) MB before")
            XCTAssertLessThan(growth, 100 << 20)
        }
        let json = try JSONEncoder().encode(snapshot)
        XCTAssertLessThan(json.count, 1 << 20, "the /debug/stats answer stays small")
        print("/debug/stats after 1 M unique paths: \(snapshot.paths.count) lines, \(json.count) bytes of JSON")
    }

    func testFewPathsAreCountedExactly() {
        var top = TopPaths(capacity: 3)
        for (path, times) in [("/a", 5), ("/b", 2), ("/c", 1)] {
            for _ in 0..<times { top.record(path: path, status: 200, bytes: 10) }
        }
        XCTAssertEqual(top.tracked.mapValues(\.hits), ["/a": 5, "/b": 2, "/c": 1])
        XCTAssertEqual(top.other.hits, 0)
        // A fourth path takes the least busy one's slot; that one's hits move to "other".
        top.record(path: "/d", status: 500, bytes: 1)
        XCTAssertEqual(top.tracked.mapValues(\.hits), ["/a": 5, "/b": 2, "/d": 1])
        XCTAssertEqual(top.other.hits, 1)
        XCTAssertEqual(top.tracked["/d"]?.statuses, ["500": 1])
    }

    /// A record that finds the totals held (the other event loop counting) does not wait for
    /// them: it waits aside, is added by the next record that gets them, and a snapshot or a
    /// reset taken meanwhile counts it.
    func testARecordFindingTheTotalsHeldWaitsAsideAndIsCounted() {
        let recorder = StatsRecorder()
        Self.whileAnotherThreadHolds(recorder) {
            recorder.record(path: "/a", status: 200, bytes: 10)
            recorder.record(path: "/b", status: 304, bytes: 0)
        }
        XCTAssertEqual(recorder.waitingRecords, 2, "neither waited for the lock")
        recorder.record(path: "/a", status: 200, bytes: 5)
        XCTAssertEqual(recorder.waitingRecords, 0, "added by the next record")
        var snapshot = recorder.snapshot()
        XCTAssertEqual(snapshot.totalHits, 3)
        XCTAssertEqual(snapshot.totalBytes, 15)
        XCTAssertEqual(snapshot["/a"].hits, 2)
        XCTAssertEqual(snapshot["/b"].statuses, ["304": 1])

        Self.whileAnotherThreadHolds(recorder) { recorder.record(path: "/c", status: 200, bytes: 7) }
        snapshot = recorder.snapshot()
        XCTAssertEqual(snapshot.totalHits, 4, "a snapshot adds what waits")
        XCTAssertEqual(snapshot["/c"].bytes, 7)
        Self.whileAnotherThreadHolds(recorder) { recorder.record(path: "/d", status: 200, bytes: 1) }
        recorder.reset()
        XCTAssertEqual(recorder.snapshot(), StatsSnapshot(), "a reset drops what waits too")
    }

    /// Runs `body` while another thread holds the recorder's totals; returns once it let go.
    private static func whileAnotherThreadHolds(_ recorder: StatsRecorder, _ body: () -> Void) {
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        Thread {
            recorder.holdingTotals {
                held.signal()
                release.wait()
            }
            released.signal()
        }.start()
        held.wait()
        body()
        release.signal()
        released.wait()
    }
}
