import XCTest
@testable import GalleryApp
import TerminalUI

final class IndexTests: XCTestCase {
    /// Issue 26: `#` in the index moves to the first name starting with a digit, in the list on
    /// screen (no filtered list); in byte order that is the first position.
    func testDigitsEntryMovesToTheFirstDigitName() {
        var h = Harness(count: 60)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.right); h.key(.right)
        h.key(.char("i"))
        XCTAssertEqual(h.state.indexCursor, 1, "starts on A")
        h.key(.char("3"))
        XCTAssertNil(h.state.indexCursor)
        h.answerAll()
        XCTAssertEqual(h.state.lists.count, 1, "the grid stays")
        XCTAssertEqual(h.state.current.query, .all)
        XCTAssertEqual(h.state.current.selection, 0)
        XCTAssertEqual(h.state.current.selectedItem?.name, "3-D Man")
    }

    /// Issue 26: a letter of the index moves the selection to the first name under it, even
    /// one not loaded yet (found by halving over the sparse list), and keeps the whole list.
    func testLetterMovesToTheFirstNameUnderItAndKeepsTheList() {
        var h = Harness(count: 2000)
        h.send(.resized(Size(width: 80, height: 24)))
        h.answerAll()
        XCTAssertLessThan(h.state.current.loadedCount, 200, "only the first screens are loaded")
        h.key(.char("i"))
        h.key(.right)  // B
        h.key(.left)   // A
        h.key(.enter)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "A-Bomb (HAS)")
        XCTAssertEqual(h.state.lists.count, 1)
        let before = h.log.count
        h.key(.char("i"))
        h.key(.char("z"))
        let asked = h.pendingFetches
        XCTAssertEqual(asked.first?.startsWith, "Z", "the source is asked for the first name under Z")
        XCTAssertEqual(asked.first?.limit, 1)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Zz Extra 000")
        XCTAssertEqual(h.state.current.selection, h.catalog.characters.firstIndex { $0.name == "Zz Extra 000" })
        XCTAssertEqual(h.state.current.query, .all, "the grid is the whole list, not a letter list")
        XCTAssertEqual(h.state.current.positionTotal, 2000)
        let fetches = h.log[before...].filter { if case .fetchPage = $0 { true } else { false } }.count
        XCTAssertLessThanOrEqual(fetches, 12, "a question and a few halving pages (2,000 names, pages of 20), plus the screen's")
        h.key(.escape)
        XCTAssertFalse(h.state.isQuitting, "no letter list to go back from: Esc never quits")
    }

    /// `--letter` still opens a list of one letter over the main list, paged to its end.
    func testLetterListIsPagedAndEscReturns() {
        var h = Harness(count: 200, letter: IndexLetter("z"))
        h.send(.resized(Size(width: 80, height: 24)))
        h.answerAll()
        XCTAssertEqual(h.state.current.total, 187)
        XCTAssertEqual(h.state.current.items.count, 40, "paged like the main list: two screens ahead")
        for _ in 0..<20 { h.key(.pageDown); h.answerAll() }
        XCTAssertEqual(h.state.current.items.count, 187, "and on to the end")
        XCTAssertTrue(h.state.current.endReached)
        h.key(.escape)
        XCTAssertEqual(h.state.current.query, .all)
        XCTAssertEqual(h.state.lists.count, 1)
    }

    func testLetterOptionStartsOnTheLetterOverTheMainList() {
        var h = Harness(letter: IndexLetter("s"))
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertEqual(h.pendingFetches.map(\.query), [.letter(.letter("S"))])
        h.answerAll()
        XCTAssertEqual(h.names.first, "Spider-Girl")
        h.key(.escape)
        XCTAssertEqual(h.state.current.query, .all)
        XCTAssertEqual(h.pendingFetches.map(\.offset), [0], "main list loads when shown")
    }

    func testEscClosesTheBarWithoutChoosing() {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.key(.char("i"))
        h.key(.escape)
        XCTAssertNil(h.state.indexCursor)
        XCTAssertEqual(h.state.lists.count, 1)
        XCTAssertFalse(h.state.isQuitting)
    }

    func testIndexLetterParsing() {
        XCTAssertEqual(IndexLetter("#"), .digits)
        XCTAssertEqual(IndexLetter("7"), .digits)
        XCTAssertEqual(IndexLetter("q"), .letter("Q"))
        XCTAssertNil(IndexLetter("é"))
        XCTAssertNil(IndexLetter("ab"))
        XCTAssertEqual(IndexLetter.all.count, 27)
    }
}
