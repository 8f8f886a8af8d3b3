@testable import CatalogServer
import Foundation
import TestSupport
import XCTest

/// `/debug/stats` counts the first paths one by one and the rest under "(other)", so a client
/// asking a million unique paths cannot grow the server (it took 42 -> 440 MB before).
final class ServerStatsBoundTests: XCTestCase {
    func testAMillionUniquePathsStayBounded() throws {
        let recorder = StatsRecorder()
        let before = PeakMemory.resident()
        let (_, peak) = PeakMemory.measure {
            for i in 0..<1_000_000 { recorder.record(path: "/v1/public/characters/\(i)", status: 404, bytes: 100) }
        }
        let snapshot = recorder.snapshot()
        XCTAssertEqual(snapshot.totalHits, 1_000_000)
        XCTAssertEqual(snapshot.paths.count, StatsRecorder.maxPaths + 1)
        XCTAssertEqual(snapshot[StatsRecorder.otherPath].hits, 1_000_000 - StatsRecorder.maxPaths)
        XCTAssertEqual(snapshot["/v1/public/characters/0"].hits, 1, "the first paths keep their own counts")
        if let before, let peak {
            print("stats for 1 M unique paths: peak \((peak - before) >> 20) MB above the \(before >> 20) MB before")
            XCTAssertLessThan(peak - before, 100 << 20)
        }
        let json = try JSONEncoder().encode(snapshot)
        XCTAssertLessThan(json.count, 1 << 20, "the /debug/stats answer stays small")
    }
}
