import XCTest
@testable import GalleryApp
import TerminalUI

final class IndexTests: XCTestCase {
    func testDigitsEntryShowsDigitNamesAndEnds() {
        var h = Harness(count: 60)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("i"))
        XCTAssertEqual(h.state.indexCursor, 1, "starts on A")
        h.key(.char("3"))
        XCTAssertNil(h.state.indexCursor)
        XCTAssertEqual(h.state.current.query, .letter(.digits))
        XCTAssertEqual(h.pendingFetches.first?.query.nameStartsWith, nil, "# pages the whole list")
        h.answerAll()
        XCTAssertEqual(h.names, ["3-D Man"])
        XCTAssertTrue(h.state.current.endReached, "the first name past the digits ends the list")
    }

    func testLetterListIsPagedAndEscReturns() {
        var h = Harness(count: 200)
        h.send(.resized(Size(width: 80, height: 24)))
        h.answerAll()
        h.key(.right)
        let main = h.state.lists[0]
        h.key(.char("i"))
        h.key(.right)  // B
        h.key(.left)   // A
        h.key(.enter)
        XCTAssertEqual(h.pendingFetches.first?.query.nameStartsWith, "A")
        h.answerAll()
        XCTAssertEqual(h.names, ["A-Bomb (HAS)", "A.I.M.", "Aaron Stack", "Abomination", "Absorbing Man"])
        h.key(.char("i"))
        h.key(.char("z"))  // choosing another letter replaces the letter list
        XCTAssertEqual(h.state.lists.count, 2)
        h.answerAll()
        XCTAssertEqual(h.state.current.total, 187)
        XCTAssertEqual(h.state.current.items.count, 40, "paged like the main list: two screens ahead")
        for _ in 0..<20 { h.key(.pageDown); h.answerAll() }
        XCTAssertEqual(h.state.current.items.count, 187, "and on to the end")
        XCTAssertTrue(h.state.current.endReached)
        h.key(.escape)
        XCTAssertEqual(h.state.lists, [main])
        XCTAssertEqual(h.key(.escape), [])
        XCTAssertTrue(h.state.isQuitting, "Esc with nothing open quits")
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
