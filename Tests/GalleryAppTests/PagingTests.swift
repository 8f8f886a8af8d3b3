import XCTest
@testable import GalleryApp
import MarvelAPI
import TerminalUI

final class PagingTests: XCTestCase {
    func testFirstPageIsRequestedAtStartAndOnlyOneIsInFlight() {
        var h = Harness()
        let effects = h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertTrue(effects.contains(.fetchPage(PageRequest(listID: 0, query: .all, offset: 0, limit: 20))))
        XCTAssertTrue(effects.contains(.startTimer(.spinner, milliseconds: 100)), "spinner on the first load")
        // Nothing else may be asked while that page is out, whatever happens.
        h.key(.down)
        h.send(.resized(Size(width: 80, height: 24)))
        XCTAssertEqual(h.pendingFetches.count, 1)
    }

    func testAPageOfKnownRecordsIsAFailureThatWaitsForR() {
        var list = PagedList(id: 1, query: .all)
        let page = ItemPage(offset: 0, total: 100_000, items: (1...20).map { GalleryItem(id: $0, name: "Hero \($0)") })
        let first = list.requestPage(visible: 0..<40, margin: 0, limit: 20)!
        XCTAssertTrue(list.receive(first, result: .success(page)))
        let second = list.requestPage(visible: 0..<40, margin: 0, limit: 20)!
        XCTAssertEqual(second.offset, 20)
        // The server ignored offset and sent the same records again.
        XCTAssertTrue(list.receive(second, result: .success(page)))
        XCTAssertEqual(list.failure?.userMessage, MarvelAPIError.serverRepeats(offset: 20).userMessage, "the offset asked")
        XCTAssertNil(list.requestPage(visible: 0..<40, margin: 0, limit: 20), "no automatic retry")
        XCTAssertEqual(list.items.count, 20)
        // No offset can fill a gap on such a server: the list ends at what it has (End goes to
        // the 20th, not to 99,980 gaps), and `r` asks for nothing more.
        XCTAssertEqual(list.count, 20)
        XCTAssertEqual(list.positionTotal, 20)
        list.clearFailure()
        XCTAssertNil(list.requestPage(visible: 0..<40, margin: 0, limit: 20))
    }

    /// A repeat that is not the first page again (rows shifted on the server) is a failure
    /// waiting for `r`, and the positions after it stay: only a server that ignores `offset`
    /// (it answers the list's first page again) ends the list at what it has.
    func testARepeatOfShiftedRowsKeepsThePositionsAfterIt() {
        var list = PagedList(id: 1, query: .all)
        let first = list.requestPage(visible: 0..<40, margin: 0, limit: 20)!
        XCTAssertTrue(list.receive(first, result: .success(ItemPage(offset: 0, total: 100, items: (1...20).map { GalleryItem(id: $0, name: "Hero \($0)") }))))
        let second = list.requestPage(visible: 0..<40, margin: 0, limit: 20)!
        // A full page of rows already shown, not the first page as it was (not a server that
        // ignores offset).
        let shifted = (Array(2...20) + [1]).map { GalleryItem(id: $0, name: "Hero \($0)") }
        XCTAssertTrue(list.receive(second, result: .success(ItemPage(offset: 20, total: 100, items: shifted))))
        XCTAssertNotNil(list.failure)
        XCTAssertGreaterThanOrEqual(list.count, 80, "the positions past the repeat are kept for r")
        list.clearFailure()
        XCTAssertNotNil(list.requestPage(visible: 0..<40, margin: 0, limit: 20), "r asks again")
    }

    func testRetryAfterCountsDownOnTheStatusLine() throws {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        let request = try XCTUnwrap(h.pendingFetches.first)
        h.pendingFetches.removeAll()
        let effects = h.send(.pageLoaded(request, .failure(PageFailure(marvel: .rateLimited(retryAfter: .seconds(3))))))
        XCTAssertTrue(effects.contains(.startTimer(.retryCountdown(listID: request.listID), milliseconds: 1000)))
        func shown() -> String { h.state.strings.failure(h.state.displayedFailure(h.state.current.failure!)) }
        XCTAssertTrue(shown().contains("3 s"), shown())
        h.send(.timerFired(.retryCountdown(listID: request.listID)))
        XCTAssertTrue(shown().contains("2 s"), shown())
        h.send(.timerFired(.retryCountdown(listID: request.listID)))
        let last = h.send(.timerFired(.retryCountdown(listID: request.listID)))
        XCTAssertFalse(last.contains { if case .startTimer(.retryCountdown, _) = $0 { true } else { false } }, "it stops at 0")
        XCTAssertFalse(shown().contains("retry after"), shown())
        XCTAssertTrue(h.pendingFetches.isEmpty, "nothing retried on its own")
    }

    func testLoadsUntilTwoScreensAheadThenFollowsTheSelection() throws {
        var h = Harness(count: 500)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let grid = try XCTUnwrap(h.state.layout.tileGrid)  // 8 x 3 = 24 per screen
        let count = h.state.current.items.count
        // Two screens past the viewport are loaded, and no more.
        XCTAssertGreaterThanOrEqual(count - grid.tilesPerScreen, 2 * grid.tilesPerScreen)
        XCTAssertLessThan(count - 20 - grid.tilesPerScreen, 2 * grid.tilesPerScreen)
        XCTAssertEqual(h.state.current.total, 500)

        h.key(.pageDown)
        h.key(.pageDown)
        XCTAssertEqual(h.pendingFetches.map(\.offset), [count], "next page asked when nearing the end")
        h.answerAll()
        XCTAssertGreaterThan(h.state.current.items.count, count)
    }

    func testScrollingToTheEndLoadsEveryCharacterOnceAndSaysSo() {
        var h = Harness(count: 137)
        h.catalog.insertBeforePageAt = 40
        let expected = h.catalog.characters.map(\.id)
        h.send(.resized(Size(width: 120, height: 40)))
        for _ in 0..<40 {
            h.answerAll()
            h.key(.pageDown)
        }
        h.answerAll()
        let ids = h.state.current.items.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "no duplicates")
        XCTAssertEqual(ids, expected, "every character once, in catalog order")
        XCTAssertEqual(h.state.current.total, 138, "total re-read from every page")
        XCTAssertTrue(h.state.current.endReached)
        XCTAssertTrue(h.pendingFetches.isEmpty)
        h.key(.char("G"))
        XCTAssertTrue(h.pendingFetches.isEmpty, "nothing is asked after the end")
    }

    /// Issue 22: at 131 of 184 (the built-in catalog's characters) prefetching has loaded all
    /// 184, but the end is six rows away, so the status line must not say "end of list". It
    /// says so only when the last row is on screen.
    func testEndOfListIsSaidOnlyWhenTheEndIsOnScreen() throws {
        var h = Harness(count: 184)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("G"))
        h.answerAll()
        h.key(.char("g"))
        h.answerAll()
        while h.state.current.selection < 130 {
            h.key(.down)
            h.answerAll()
        }
        XCTAssertTrue(h.state.current.endReached, "every position loaded")
        func status() -> String {
            var buffer = Buffer(size: h.state.size)
            GalleryView.render(h.state, into: &buffer)
            return buffer.text.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        }
        let middle = status()
        XCTAssertTrue(middle.contains("of 184"), middle)
        XCTAssertFalse(middle.contains("end of list"), middle)
        h.key(.char("G"))
        let end = status()
        XCTAssertTrue(end.contains("184 of 184"), end)
        XCTAssertTrue(end.contains("end of list"), end)

        // Straight to the end of a fresh list: the end is on screen and loaded, the positions
        // in between are gaps; it is the end all the same.
        var fresh = Harness(count: 1_000)
        fresh.send(.resized(Size(width: 120, height: 40)))
        fresh.answerAll()
        fresh.key(.char("G"))
        fresh.answerAll()
        XCTAssertFalse(fresh.state.current.endReached, "gaps before the end")
        XCTAssertTrue(fresh.state.current.endLoaded)
        h = fresh
        XCTAssertTrue(status().contains("1,000 of 1,000"), status())
        XCTAssertTrue(status().contains("end of list"), status())
    }

    func testPageSizeIsConfigurableUpTo100() {
        var state = AppState(config: AppConfig(pageSize: 250), size: Size(width: 120, height: 40))
        XCTAssertEqual(state.update(.resized(Size(width: 120, height: 40))).compactMap {
            if case .fetchPage(let r) = $0 { r.limit } else { nil }
        }, [100])
    }

    func testFailedPageShowsErrorAndRRetriesTheSameOffset() {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerOne()
        let request = h.pendingFetches.removeFirst()
        XCTAssertEqual(request.offset, 20)
        h.send(.pageLoaded(request, .failure(PageFailure("server said 500"))))
        XCTAssertEqual(h.state.current.failure, PageFailure("server said 500"))
        XCTAssertTrue(h.pendingFetches.isEmpty, "a failure waits for r")
        h.key(.down)
        XCTAssertTrue(h.pendingFetches.isEmpty)
        h.key(.char("r"))
        XCTAssertEqual(h.pendingFetches.map(\.offset), [20])
        XCTAssertNil(h.state.current.failure)
        XCTAssertEqual(h.state.current.items.count, 20, "items kept across the failure")
    }

    func testAnswerForAnotherRequestIsIgnored() {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        let stray = PageRequest(listID: 0, query: .all, offset: 40, limit: 20)
        let strayPage = h.catalog.answer(stray)
        h.send(.pageLoaded(stray, .success(strayPage)))
        XCTAssertTrue(h.state.current.items.isEmpty)
        XCTAssertEqual(h.pendingFetches.count, 1)
    }

    func testAttributionAndStaleNoticeComeFromPages() {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        let request = h.pendingFetches.removeFirst()
        let page = h.catalog.answer(request)
        h.send(.pageLoaded(request, .success(ItemPage(offset: 0, total: page.total, items: page.items,
                                                           attributionText: "Data provided by Marvel. © 2021 MARVEL",
                                                           isStale: true))))
        XCTAssertEqual(h.state.attribution, "Data provided by Marvel. © 2021 MARVEL")
        XCTAssertTrue(h.state.staleData)
    }

    /// A server's attribution with escape sequences: whole sequences go, not only their Esc
    /// bytes (the header showed `]0;ATTRIB-TITLE[2J`); one that is nothing else changes nothing.
    func testAnAttributionLosesItsEscapeSequencesWhole() {
        let h0 = Harness()
        for (text, shown) in [("\u{1B}]0;ATTRIB-TITLE\u{07}\u{1B}[2JData by X", "Data by X"),
                              ("\u{1B}]0;ATTRIB-TITLE\u{1B}\\\u{1B}[2J", h0.state.shownAttribution)] {
            var h = Harness()
            h.send(.resized(Size(width: 120, height: 40)))
            let request = h.pendingFetches.removeFirst()
            let page = h.catalog.answer(request)
            h.send(.pageLoaded(request, .success(ItemPage(offset: 0, total: page.total, items: page.items, attributionText: text))))
            XCTAssertEqual(h.state.shownAttribution, shown, text.debugDescription)
        }
    }
}
