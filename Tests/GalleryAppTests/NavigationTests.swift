import XCTest
@testable import GalleryApp
import TerminalUI

final class NavigationTests: XCTestCase {
    private func loaded(_ size: Size = Size(width: 120, height: 40), count: Int = 300) -> Harness {
        var h = Harness(size: size, count: count)
        h.send(.resized(size))
        h.answerAll()
        return h
    }

    func testArrowsAndVimKeysMove() {
        var h = loaded()  // 8 columns
        h.key(.right); h.key(.char("l"))
        XCTAssertEqual(h.state.current.selection, 2)
        h.key(.down); h.key(.char("j"))
        XCTAssertEqual(h.state.current.selection, 18)
        h.key(.char("k")); h.key(.left); h.key(.char("h"))
        XCTAssertEqual(h.state.current.selection, 8)
        h.key(.up); h.key(.up); h.key(.left)
        XCTAssertEqual(h.state.current.selection, 0, "clamped at the start")
    }

    func testPagingKeysAndEnds() {
        var h = loaded()  // 24 per screen
        h.key(.char(" "))
        XCTAssertEqual(h.state.current.selection, 24)
        XCTAssertEqual(h.state.current.topRow, 3)
        h.key(.pageDown)
        h.key(.pageUp)
        XCTAssertEqual(h.state.current.selection, 24)
        h.key(.char("G"))
        XCTAssertEqual(h.state.current.selection, h.state.current.count - 1)
        XCTAssertEqual(h.state.current.count, h.state.current.total, "the last position, loaded or not")
        h.key(.home)
        XCTAssertEqual(h.state.current.selection, 0)
        XCTAssertEqual(h.state.current.topRow, 0)
        h.key(.end)
        h.key(.char("g"))
        XCTAssertEqual(h.state.current.topRow, 0)
    }

    func testResizeKeepsTheSelectedCharacterSelectedAndVisible() throws {
        var h = loaded(Size(width: 200, height: 50))
        for _ in 0..<3 { h.key(.pageDown); h.answerAll() }
        h.key(.right)
        let selected = h.state.current.selectedItem
        for size in [Size(width: 80, height: 50), Size(width: 200, height: 50), Size(width: 80, height: 24)] {
            h.send(.resized(size))
            let grid = try XCTUnwrap(h.state.layout.tileGrid)
            XCTAssertEqual(h.state.current.selectedItem, selected, "\(size)")
            XCTAssertNotNil(grid.frame(ofItem: h.state.current.selection, topRow: h.state.current.topRow), "\(size)")
        }
    }

    func testTooSmallKeepsStateAndRecovers() throws {
        var h = loaded()
        h.key(.down)
        h.send(.resized(Size(width: 10, height: 5)))
        XCTAssertNil(h.state.layout.tileGrid)
        h.key(.right)  // unseen: ignored (TooSmallKeysTests)
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertEqual(h.state.current.selection, 8)
    }

    func testMouseWheelClickAndDoubleClick() throws {
        var h = loaded()
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        h.send(.mouse(.wheelDown(x: 5, y: 5), atMillis: 0))
        XCTAssertEqual(h.state.current.topRow, 1)
        XCTAssertEqual(h.state.current.selection, 8, "the selection follows onto the screen")
        let frame = try XCTUnwrap(grid.frame(ofItem: 13, topRow: 1))
        h.send(.mouse(.press(x: frame.x + 1, y: frame.y + 1), atMillis: 1000))
        XCTAssertEqual(h.state.current.selection, 13)
        XCTAssertNil(h.state.overlay)
        h.send(.mouse(.press(x: frame.x + 2, y: frame.y + 2), atMillis: 2000))
        XCTAssertNil(h.state.overlay, "too slow for a double click")
        h.send(.mouse(.press(x: frame.x + 2, y: frame.y + 2), atMillis: 2200))
        XCTAssertEqual(h.state.details.top?.subject, .character(h.state.current.items[13].id), "double click opens the detail")
        h.send(.mouse(.wheelUp(x: 5, y: 5), atMillis: 3000))
        XCTAssertEqual(h.state.current.topRow, 1, "the detail takes the mouse first")
    }

    func testEnterOpensTheDetailAndHelpListsEveryKey() {
        var h = loaded()
        h.key(.right)
        h.key(.enter)
        XCTAssertEqual(h.state.details.top?.subject, .character(h.state.current.items[1].id))
        h.key(.char("j"))
        XCTAssertEqual(h.state.current.selection, 1, "keys go to the detail first")
        h.key(.escape)
        XCTAssertTrue(h.state.details.isEmpty)
        XCTAssertNil(h.state.overlay)
        h.key(.char("?"))
        XCTAssertEqual(h.state.overlay, .help)
        XCTAssertTrue(h.key(.char("q")).isEmpty, "q closes the help, it does not quit")
        XCTAssertNil(h.state.overlay)
        XCTAssertEqual(h.key(.char("q")), [])
        XCTAssertTrue(h.state.isQuitting)
        XCTAssertTrue(h.state.isQuitting)
        XCTAssertTrue(h.key(.down).isEmpty, "nothing after quitting")
    }
}
