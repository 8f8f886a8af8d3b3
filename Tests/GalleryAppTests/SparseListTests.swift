import XCTest
@testable import GalleryApp
import TerminalUI

/// The sparse list as pure data: jumps, gaps filled both ways, dedup, a changing total, retries.
final class SparseListTests: XCTestCase {
    /// A list and a catalog answering its requests, with the requests recorded.
    struct Walk {
        var list = PagedList(id: 0, query: .all)
        var catalog: FakeCatalog
        var requests: [PageRequest] = []

        init(count: Int) { catalog = FakeCatalog.make(count: count) }

        /// Loads what the view at `visible` needs (visible, then `margin` in the scroll direction).
        mutating func settle(visible: Range<Int>, margin: Int = 0, limit: Int = 20) {
            for _ in 0..<1000 {
                let clamped = min(visible.lowerBound, list.count)..<min(visible.upperBound, list.count)
                guard let request = list.requestPage(visible: list.total == nil ? 0..<0 : clamped,
                                                     margin: margin, limit: limit) else { return }
                requests.append(request)
                XCTAssertTrue(list.receive(request, result: .success(catalog.answer(request))))
            }
        }

        func names(_ range: Range<Int>) -> [String?] { range.map { list.item(at: $0)?.name } }
    }

    func testJumpsToAnyOffsetFetchOnlyThePagesThatHoldIt() {
        let cases: [(count: Int, target: Range<Int>, offsets: [Int])] = [
            (50_000, 49_976..<50_000, [0, 49_976, 49_996]),   // End: the last screen of 24
            (50_000, 25_000..<25_024, [0, 25_000, 25_020]),   // the middle
            (184, 160..<184, [0, 160, 180]),                  // the embedded catalog's End
            (30, 10..<30, [0, 20]),                           // the first page already holds part
        ]
        for c in cases {
            var walk = Walk(count: c.count)
            walk.settle(visible: 0..<0)
            XCTAssertEqual(walk.list.count, c.count, "total known from the first page")
            walk.settle(visible: c.target)
            XCTAssertEqual(walk.requests.map(\.offset), c.offsets, "\(c)")
            XCTAssertEqual(walk.names(c.target), c.target.map { walk.catalog.characters[$0].name })
            XCTAssertEqual(walk.list.loadedCount, Set(walk.requests.flatMap { $0.offset..<($0.offset + $0.limit) }).count,
                           "each position fetched once")
        }
    }

    func testGapsFillInBothDirectionsNextToTheScreenEachPositionOnce() {
        var walk = Walk(count: 1000)
        walk.settle(visible: 0..<0)
        walk.settle(visible: 500..<524)
        // Scrolling back: the page that ends right above the screen comes first.
        walk.list.scrollsForward = false
        // (A page is a full page of gap positions, so the screen's second page runs on to 540.)
        XCTAssertEqual(walk.requests.dropFirst(1).map(\.offset), [500, 520])
        walk.settle(visible: 500..<524, margin: 30)
        XCTAssertEqual(walk.requests.dropFirst(3).map(\.offset), [480, 460])
        XCTAssertEqual(walk.requests.dropFirst(3).map(\.limit), [20, 20])
        // Forwards the page after the screen; nothing below it until it comes into view.
        walk.list.scrollsForward = true
        walk.settle(visible: 500..<524, margin: 30)
        XCTAssertEqual(walk.requests.dropFirst(5).map(\.offset), [540])
        XCTAssertNil(walk.list.item(at: 300))
        XCTAssertNil(walk.list.item(at: 560))
        // Walking the whole list down then loads every position exactly once.
        for top in stride(from: 0, to: 1000, by: 24) { walk.settle(visible: top..<(top + 24)) }
        XCTAssertTrue(walk.list.endReached)
        XCTAssertEqual(walk.list.items.map(\.id), walk.catalog.characters.map(\.id))
        let fetched = walk.requests.reduce(0) { $0 + $1.limit }
        XCTAssertEqual(fetched, 1000, "no position asked twice")
    }

    func testRowsInsertedOnTheServerAreNotShownTwice() {
        var walk = Walk(count: 137)
        walk.catalog.insertBeforePageAt = 40
        let original = walk.catalog.characters.map(\.id)
        for top in stride(from: 0, to: 160, by: 20) { walk.settle(visible: top..<(top + 20)) }
        let ids = walk.list.items.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "no duplicates")
        XCTAssertEqual(ids, original, "every character once, in order")
        XCTAssertEqual(walk.list.total, 138)
        XCTAssertTrue(walk.list.endReached)
    }

    func testTotalChangingBetweenPagesResizesTheList() {
        var walk = Walk(count: 100)
        walk.settle(visible: 0..<0)
        XCTAssertEqual(walk.list.count, 100)
        walk.catalog.characters.removeLast(40)
        walk.settle(visible: 40..<60)
        XCTAssertEqual(walk.list.count, 60, "the list shrinks with the total")
        walk.catalog.characters += FakeCatalog.make(count: 200).characters.suffix(50)
        walk.settle(visible: 20..<40)
        XCTAssertEqual(walk.list.count, 110, "and grows with it")
        walk.settle(visible: 60..<80)
        XCTAssertEqual(walk.names(60..<80), (60..<80).map { walk.catalog.characters[$0].name })
    }

    func testAShortPageEndsTheListInsteadOfAskingAgain() {
        var walk = Walk(count: 100)
        walk.settle(visible: 0..<0)
        var request = walk.list.requestPage(visible: 80..<100, margin: 0, limit: 20)!
        XCTAssertTrue(walk.list.receive(request, result: .success(ItemPage(
            offset: 80, total: 100, items: Array(walk.catalog.characters[80..<85])))))
        XCTAssertEqual(walk.list.count, 85)
        XCTAssertNil(walk.list.requestPage(visible: 80..<85, margin: 0, limit: 20))
        request = walk.list.requestPage(visible: 20..<40, margin: 0, limit: 20)!
        XCTAssertEqual(request.offset, 20)
    }

    /// Pages of 100 asked of a server that caps them at 20 (its `limit` says 20): each full page
    /// of 20 is not "short", so the list goes on to the next 20 instead of ending at 20.
    func testAServerThatCapsThePageSizeIsPagedOnNotEnded() {
        var walk = Walk(count: 300)
        let first = walk.list.requestPage(visible: 0..<0, margin: 0, limit: 100)!
        XCTAssertEqual(first.limit, 100)
        XCTAssertTrue(walk.list.receive(first, result: .success(ItemPage(
            offset: 0, total: 300, items: Array(walk.catalog.characters[0..<20]), servedLimit: 20))))
        XCTAssertEqual(walk.list.count, 300, "a capped page is not the end of the list")
        let next = walk.list.requestPage(visible: 0..<40, margin: 0, limit: 100)!
        XCTAssertEqual(next.offset, 20)
        // Without the server's limit the same page is short, and ends the list there.
        var unknown = Walk(count: 300)
        let asked = unknown.list.requestPage(visible: 0..<0, margin: 0, limit: 100)!
        XCTAssertTrue(unknown.list.receive(asked, result: .success(ItemPage(
            offset: 0, total: 300, items: Array(unknown.catalog.characters[0..<20])))))
        XCTAssertEqual(unknown.list.count, 20)
    }

    func testAFailedGapPageWaitsForRetryAndAsksTheSameOffset() {
        var walk = Walk(count: 5000)
        walk.settle(visible: 0..<0)
        let request = walk.list.requestPage(visible: 4976..<5000, margin: 0, limit: 20)!
        XCTAssertTrue(walk.list.receive(request, result: .failure(PageFailure("server said 500"))))
        XCTAssertNil(walk.list.requestPage(visible: 4976..<5000, margin: 0, limit: 20), "a failure waits for r")
        walk.list.clearFailure()
        XCTAssertEqual(walk.list.requestPage(visible: 4976..<5000, margin: 0, limit: 20), request)
    }

    /// End and G in the app: one jump, the last screen fetched directly, the status counts over the gaps.
    func testEndAndGJumpStraightToTheLastScreen() throws {
        for key in [KeyEvent.end, .char("G")] {
            var h = Harness(count: 50_000)
            h.send(.resized(Size(width: 120, height: 40)))
            h.answerAll()
            let before = h.log.filter { if case .fetchPage = $0 { true } else { false } }.count
            h.key(key)
            h.answerAll()
            let fetches = h.log.compactMap { if case .fetchPage(let r) = $0 { r } else { nil } }.dropFirst(before)
            XCTAssertLessThanOrEqual(fetches.count, 5, "\(fetches.map(\.offset))")
            XCTAssertEqual(h.state.current.selection, 49_999)
            XCTAssertEqual(h.state.current.selectedItem?.name, h.catalog.characters.last?.name)
            let grid = try XCTUnwrap(h.state.layout.tileGrid)
            for index in grid.visibleRange(topRow: h.state.current.topRow, count: 50_000) {
                XCTAssertNotNil(h.state.current.item(at: index), "every tile on screen loaded")
            }
            XCTAssertTrue(h.detailText.contains("50,000 of 50,000"), "N is the selection's position, not what is loaded")
            XCTAssertLessThan(h.state.current.loadedCount, 300, "pages in between are not loaded")
        }
    }

    /// "N of TOTAL" follows the selection over the gaps: End on 184 says "184 of 184" (it said
    /// "49 of 184", the loaded count), a step back "183 of 184", Home "1 of 184".
    func testStatusCountIsTheSelectionsPosition() {
        var h = Harness(count: 184)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("1 of 184"), h.detailText)
        h.key(.end)
        h.answerAll()
        XCTAssertLessThan(h.state.current.loadedCount, 184, "a gap stays in the middle")
        XCTAssertTrue(h.detailText.contains("184 of 184"), h.detailText)
        h.key(.left)
        XCTAssertTrue(h.detailText.contains("183 of 184"), h.detailText)
        h.key(.home)
        h.answerAll()
        XCTAssertTrue(h.detailText.contains(" 1 of 184"), h.detailText)
    }

    /// A server that ignores offset sends the same page again: its unreadable record is counted
    /// once ("1 unreadable", not 2), and the repeat waits for `r`.
    func testARepeatedPageCountsItsUnreadableRecordsOnce() throws {
        var list = PagedList(id: 1, query: .all)
        let items = (0..<19).map { GalleryItem(id: $0, name: "Name \($0)") }
        let page = ItemPage(offset: 0, total: 1_373, items: items, unreadable: 1)
        let first = try XCTUnwrap(list.requestPage(visible: 0..<24, margin: 24, limit: 20))
        XCTAssertTrue(list.receive(first, result: .success(page)))
        let second = try XCTUnwrap(list.requestPage(visible: 0..<24, margin: 24, limit: 20))
        XCTAssertTrue(list.receive(second, result: .success(page)))
        XCTAssertEqual(list.unreadableRecords, 1)
        XCTAssertNotNil(list.failure, "the repeat waits for r")
    }
}
