import XCTest
@testable import GalleryApp
import TerminalUI

/// Issue 23: lists are paged 100 at a time (the contract's largest page), so a walk costs a
/// fifth of the round trips it did with pages of 20, and End on 50,000 stays one or two requests.
final class PageOfHundredTests: XCTestCase {
    private let screen = Size(width: 200, height: 60)

    private func fetches(_ h: Harness) -> [PageRequest] {
        h.log.compactMap { if case .fetchPage(let r) = $0 { r } else { nil } }
    }

    /// The first screen, then 40 PageDowns, each answered before the next key (a patient user):
    /// the list requests the whole walk made.
    private func fortyPageDowns(pageSize: Int) throws -> (requests: [PageRequest], h: Harness) {
        var h = Harness(size: screen, count: 50_000, pageSize: pageSize)
        h.send(.resized(screen))
        h.answerAll()
        for _ in 0..<40 {
            h.key(.pageDown)
            h.answerAll()
        }
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let visible = grid.visibleRange(topRow: h.state.current.topRow, count: h.state.current.count)
        XCTAssertTrue(visible.allSatisfy { h.state.current.item(at: $0) != nil }, "the screen is loaded")
        XCTAssertGreaterThanOrEqual(h.state.current.selection, 40 * grid.columns * (grid.visibleRows - 1), "40 screens down")
        return (fetches(h), h)
    }

    func testTheProgramsDefaultPageIsTheContractsLargest() {
        XCTAssertEqual(AppConfig().pageSize, 100)
        XCTAssertEqual(AppConfig.listPageSize, 100)
    }

    func testFortyPageDownsAt200x60TakeAtMostTwelveListRequests() throws {
        let hundred = try fortyPageDowns(pageSize: AppConfig.listPageSize)
        let twenty = try fortyPageDowns(pageSize: 20)
        print("40 PageDowns at 200x60: \(hundred.requests.count) list requests with pages of 100, \(twenty.requests.count) with pages of 20")
        XCTAssertLessThanOrEqual(hundred.requests.count, 12)
        XCTAssertTrue(hundred.requests.allSatisfy { $0.limit <= 100 })
        // Each position is asked for once: the pages do not overlap.
        let asked = hundred.requests.flatMap { Array($0.offset..<($0.offset + $0.limit)) }
        XCTAssertEqual(Set(asked).count, asked.count, "no position asked twice")
        XCTAssertLessThan(hundred.requests.count * 3, twenty.requests.count, "pages of 100 cost well under a third of pages of 20")
    }

    /// End on 50,000 with pages of 100: the page that holds the last screen, and at most one
    /// more (the prefetch band behind it), before and after the answers.
    func testEndOnFiftyThousandStaysOneOrTwoRequests() throws {
        var h = Harness(size: screen, count: 50_000, pageSize: AppConfig.listPageSize)
        h.send(.resized(screen))
        h.answerAll()
        let before = fetches(h).count
        h.key(.end)
        h.answerAll()
        let jump = fetches(h).dropFirst(before)
        XCTAssertEqual(h.state.current.selection, 49_999)
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let visible = grid.visibleRange(topRow: h.state.current.topRow, count: h.state.current.count)
        XCTAssertTrue(visible.allSatisfy { h.state.current.item(at: $0) != nil }, "the last screen is loaded")
        XCTAssertEqual(jump.first?.offset, visible.lowerBound, "the first request is the last screen's own page")
        XCTAssertLessThanOrEqual(jump.count, 2, "\(jump.map { "\($0.offset)+\($0.limit)" })")
    }
}
