import XCTest
@testable import GalleryApp
import TerminalUI

/// Keys typed ahead while the gallery starts (`j j Enter` right after launching) wait for the
/// grid's first page and then act in order; acting at once, they would move over an empty list
/// and Enter would open nothing, leaving the user on the first tile.
final class HeldKeysTests: XCTestCase {
    private let size = Size(width: 120, height: 40)

    func testMovesAndEnterTypedBeforeTheFirstPageActOnIt() throws {
        var h = Harness(size: size, count: 100)
        h.key(.char("j"))
        h.key(.char("j"))
        h.key(.enter)
        XCTAssertEqual(h.state.current.selection, 0)
        XCTAssertTrue(h.state.details.isEmpty, "nothing to open yet")
        h.send(.resized(size))
        h.answerAll()
        let columns = try XCTUnwrap(h.state.layout.tileGrid).columns
        XCTAssertEqual(h.state.current.selection, 2 * columns, "two rows down")
        let opened = try XCTUnwrap(h.state.current.item(at: 2 * columns)).id
        XCTAssertEqual(h.state.details.top?.subject, .character(opened), "and opened")
    }

    func testKeysBehindAHeldKeyKeepTheirOrder() throws {
        var h = Harness(size: size, count: 100)
        h.key(.char("l"))
        h.key(.char("/"))
        h.type("c")
        XCTAssertNil(h.state.search, "the search waits behind the held move")
        h.send(.resized(size))
        h.answerAll()
        XCTAssertEqual(h.state.lists[0].selection, 1, "moved first")
        XCTAssertEqual(h.state.search?.text, "c", "then the search opened and got its letter")
    }

    func testTheSearchNeedsNoPageAndIsNotHeld() {
        var h = Harness(size: size, count: 100)
        h.key(.char("/"))
        h.type("sp")
        XCTAssertEqual(h.state.search?.text, "sp")
    }

    func testHeldKeysActAfterThreeSecondsOnASlowSource() {
        var state = AppState(config: AppConfig(pageSize: 20), size: size)
        _ = state.update(.resized(size), atMillis: 0)
        _ = state.update(.key(.char("q")), atMillis: 10)
        XCTAssertTrue(state.isQuitting, "q needs no items: it quits at once")
        var slow = AppState(config: AppConfig(pageSize: 20), size: size)
        _ = slow.update(.resized(size), atMillis: 0)
        _ = slow.update(.key(.char("j")), atMillis: 10)
        _ = slow.update(.key(.char("q")), atMillis: 20)
        XCTAssertFalse(slow.isQuitting, "q waits behind the held j")
        _ = slow.update(.timerFired(.spinner), atMillis: 2000)
        XCTAssertFalse(slow.isQuitting)
        _ = slow.update(.timerFired(.spinner), atMillis: 3100)
        XCTAssertTrue(slow.isQuitting, "after 3 s the held keys act on what is there")
    }

    func testCtrlCIsNeverHeld() {
        var h = Harness(size: size, count: 100)
        h.key(.char("j"))
        h.key(.ctrl("c"))
        XCTAssertTrue(h.state.isQuitting)
    }
}
