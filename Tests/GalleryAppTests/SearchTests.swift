import XCTest
@testable import GalleryApp
import TerminalUI

final class SearchTests: XCTestCase {
    /// A main list loaded and scrolled to somewhere in the middle.
    private func scrolledHarness() -> Harness {
        var h = Harness(count: 300)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        for _ in 0..<9 { h.key(.down) }
        h.key(.right)
        h.answerAll()
        return h
    }

    func testTypingDebouncesAndOnlyTheNewestGenerationSearches() {
        var h = scrolledHarness()
        h.key(.char("/"))
        h.type("spi")
        XCTAssertEqual(h.timers.suffix(3), [.searchDebounce(generation: 1), .searchDebounce(generation: 2),
                                            .searchDebounce(generation: 3)])
        XCTAssertTrue(h.log.contains(.startTimer(.searchDebounce(generation: 3), milliseconds: 250)))
        let depth = h.state.lists.count
        h.send(.timerFired(.searchDebounce(generation: 1)))
        XCTAssertEqual(h.state.lists.count, depth, "an older timer does nothing")
        XCTAssertTrue(h.pendingFetches.isEmpty)
        h.fireLatestDebounce()
        XCTAssertEqual(h.pendingFetches.map(\.query), [.search("spi")])
        XCTAssertEqual(h.pendingFetches.first?.query.nameStartsWith, "spi")
        h.answerAll()
        XCTAssertEqual(h.names, ["Spider-Girl", "Spider-Man", "Spiral"])
        XCTAssertTrue(h.names.allSatisfy { $0.hasPrefix("Spi") })
    }

    func testEscRestoresTheListExactlyWithoutRefetching() {
        var h = scrolledHarness()
        let before = h.state.lists
        XCTAssertEqual(before[0].selection, 73)
        XCTAssertGreaterThan(before[0].topRow, 0)
        h.key(.char("/"))
        h.type("spi")
        h.fireLatestDebounce()
        h.answerAll()
        h.key(.enter)  // keep the results, focus the grid
        XCTAssertEqual(h.state.search?.isEditing, false)
        XCTAssertEqual(h.state.current.query, .search("spi"))
        h.key(.down)
        let fetchesBefore = h.log.filter { if case .fetchPage = $0 { true } else { false } }.count
        h.key(.escape)
        XCTAssertNil(h.state.search)
        XCTAssertEqual(h.state.lists, before, "items, selection and scroll as before")
        XCTAssertEqual(h.log.filter { if case .fetchPage = $0 { true } else { false } }.count, fetchesBefore)
    }

    func testClearingTheFieldRestoresAtOnce() {
        var h = scrolledHarness()
        let before = h.state.lists
        h.key(.char("/"))
        h.type("th")
        h.fireLatestDebounce()
        h.answerAll()
        XCTAssertEqual(h.names, ["Thanos", "Thor"])
        h.key(.backspace)
        h.key(.backspace)
        XCTAssertEqual(h.state.lists, before)
        XCTAssertNotNil(h.state.search, "the field stays open for more typing")
        h.fireLatestDebounce()
        XCTAssertEqual(h.state.lists, before, "a timer for an empty field changes nothing")
    }

    func testResultsOfAnOlderQueryAreDropped() {
        var h = scrolledHarness()
        h.key(.char("/"))
        h.type("sp")
        h.fireLatestDebounce()
        let old = h.pendingFetches.removeFirst()
        h.type("o")
        h.fireLatestDebounce()
        let new = h.pendingFetches.removeFirst()
        XCTAssertEqual(new.query, .search("spo"))
        XCTAssertNotEqual(old.listID, new.listID)
        // The old answer arrives late: nothing changes.
        let state = h.state
        let oldPage = h.catalog.answer(old)
        h.send(.pageLoaded(old, .success(oldPage)))
        XCTAssertEqual(h.state, state)
        let newPage = h.catalog.answer(new)
        h.send(.pageLoaded(new, .success(newPage)))
        XCTAssertEqual(h.names, ["Sponge"])
    }

    func testNoResultsIsAnEmptyFinishedList() {
        var h = scrolledHarness()
        h.key(.char("/"))
        h.type("xyz")
        h.fireLatestDebounce()
        h.answerAll()
        XCTAssertTrue(h.state.current.isEmpty)
        XCTAssertTrue(h.state.current.endReached)
        XCTAssertTrue(h.state.isGridComplete)
        // The built-in search matches anywhere in a name: the empty grid does not say "start with".
        XCTAssertTrue(h.detailText.contains("No character names match “xyz”."), h.detailText)
    }

    func testQWhileTypingIsText() {
        var h = scrolledHarness()
        h.key(.char("/"))
        h.key(.char("q"))
        XCTAssertFalse(h.state.isQuitting)
        XCTAssertEqual(h.state.search?.text, "q")
    }

    func testStartingWithASearchShowsItsResultsOverTheMainList() {
        var h = Harness()
        h.state = AppState(config: AppConfig(), size: Size(width: 120, height: 40), search: "th")
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertEqual(h.pendingFetches.map(\.query), [.search("th")])
        h.answerAll()
        XCTAssertEqual(h.names, ["Thanos", "Thor"])
        h.key(.escape)
        XCTAssertEqual(h.state.current.query, .all, "Esc goes to the whole list")
        XCTAssertEqual(h.pendingFetches.map(\.offset), [0])
    }
}

/// Issue 35: the search field takes Ctrl-W (the word before the cursor), ← and → (the cursor),
/// typing and Backspace at the cursor.
final class SearchFieldEditingTests: XCTestCase {
    func testCtrlWLeftAndRight() {
        var h = Harness.loaded()
        h.key(.char("/"))
        h.type("iron man")
        h.key(.ctrl("w"))
        XCTAssertEqual(h.state.search?.text, "iron ")
        h.type("fist")
        h.key(.left); h.key(.left); h.key(.left); h.key(.left)
        h.key(.ctrl("w"))
        XCTAssertEqual(h.state.search?.text, "fist", "the word before the cursor and the space after it")
        XCTAssertEqual(h.state.search?.cursor, 0)
        h.type("x")
        XCTAssertEqual(h.state.search?.text, "xfist")
        h.key(.right)
        h.key(.backspace)
        XCTAssertEqual(h.state.search?.text, "xist")
        h.key(.right); h.key(.right); h.key(.right); h.key(.right)
        XCTAssertNil(h.state.search?.cursor, "back at the end")
        h.type("s")
        XCTAssertEqual(h.state.search?.text, "xists")
        // The terminal cursor is drawn where typing goes.
        h.key(.left)
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let line = buffer.row(0).map(\.symbol).joined()
        let field = line.range(of: "xists")!
        XCTAssertEqual(buffer.cursor?.x, line.distance(from: line.startIndex, to: field.lowerBound) + 4)
    }
}
