import XCTest
@testable import GalleryApp
import TerminalUI

/// The "Terminal too small" screen: keys must not act where the user cannot see (else `j`,
/// Enter and `/` move the selection, open a page or the search field under it, and the
/// enlarged window shows somewhere unexpected). Only q and Ctrl-C quit; resizes act.
final class TooSmallKeysTests: XCTestCase {
    private let big = Size(width: 120, height: 40)
    private let tiny = Size(width: 20, height: 8)

    private func screenText(_ state: AppState) -> String {
        var buffer = Buffer(size: state.size)
        GalleryView.render(state, into: &buffer)
        return buffer.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    func testKeysOnTheTooSmallScreenChangeNothing() {
        var h = Harness.loaded(count: 100, size: big)
        h.key(.char("l"))
        h.key(.down)
        let before = h.state
        h.send(.resized(tiny))
        XCTAssertTrue(h.state.isTooSmall)
        let tinyState = h.state
        for key: KeyEvent in [.char("j"), .char("j"), .enter, .char("/"), .char("s"), .char("i"), .escape,
                              .pageDown, .char("G"), .char("?"), .char("'"), .char("f"), .tab] {
            let effects = h.key(key)
            XCTAssertTrue(effects.isEmpty, "\(key) asked for nothing: \(effects)")
        }
        h.send(.paste("spider"))
        h.send(.mouse(.press(x: 2, y: 2), atMillis: 10))
        h.send(.mouse(.wheelDown(x: 2, y: 2), atMillis: 20))
        XCTAssertEqual(h.state.lists, tinyState.lists, "selection and lists unchanged")
        XCTAssertNil(h.state.search)
        XCTAssertNil(h.state.overlay)
        XCTAssertNil(h.state.indexCursor)
        XCTAssertTrue(h.state.details.isEmpty)
        XCTAssertFalse(h.state.isQuitting)
        XCTAssertTrue(screenText(h.state).contains("Enlarge the window to use the keys (q quits)."), screenText(h.state))
        h.send(.resized(big))
        XCTAssertEqual(h.state.lists, before.lists, "back at the size it had: the grid where it was")
        XCTAssertGreaterThan(h.state.current.selection, 1)
        XCTAssertFalse(screenText(h.state).contains("Enlarge"))
    }

    func testQAndCtrlCQuitFromTheTooSmallScreenEvenInTheSearchField() {
        var h = Harness.loaded(count: 100, size: big)
        h.key(.char("/"))
        h.type("sp")
        h.send(.resized(tiny))
        h.key(.char("q"))
        XCTAssertTrue(h.state.isQuitting, "q quits")
        XCTAssertEqual(h.state.search?.text, "sp", "and typed nothing")

        var g = Harness.loaded(count: 100, size: big)
        g.send(.resized(tiny))
        g.key(.ctrl("c"))
        XCTAssertTrue(g.state.isQuitting)
        XCTAssertTrue(g.state.interruptedByKey)
    }

    /// Small and large again, to another large size: the selection is kept and stays on the
    /// screen row it had (as a resize between two sizes that fit does).
    func testTooSmallAndBackKeepsTheSelectionAndItsRow() {
        var h = Harness.loaded(count: 100, size: big)
        for _ in 0..<3 { h.key(.down) }
        let selection = h.state.current.selection
        var direct = h
        direct.send(.resized(Size(width: 100, height: 30)))
        h.send(.resized(tiny))
        h.send(.resized(Size(width: 10, height: 30)))
        h.send(.resized(Size(width: 100, height: 30)))
        XCTAssertEqual(h.state.current.selection, selection)
        XCTAssertEqual(h.state.current.topRow, direct.state.current.topRow, "the row kept as without the spell")
    }

    func testAPageOverTheGridIsFrozenTooWhenTooSmall() {
        var h = Harness.loaded(count: 100, size: big)
        h.openAndLoad()
        XCTAssertFalse(h.state.details.isEmpty)
        h.send(.resized(tiny))
        XCTAssertTrue(h.state.isTooSmall)
        let pages = h.state.details
        h.key(.escape)
        h.key(.tab)
        h.key(.char("j"))
        XCTAssertEqual(h.state.details, pages, "Esc, Tab and j did nothing to the page under the message")
        XCTAssertTrue(screenText(h.state).contains("Terminal too small"), screenText(h.state))
    }
}
