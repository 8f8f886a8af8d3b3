import XCTest
@testable import GalleryApp
import TerminalUI

/// Issue 35: Esc closes, backs out or clears, and never quits; `q` quits; Ctrl-C quits (exit 130).
final class EscNeverQuitsTests: XCTestCase {
    /// `i`, a letter (which closes the index), then Esc meant for the index: the grid stays and
    /// the status line says how to quit.
    func testEscAfterTheIndexClosedStaysAndSaysQQuits() {
        var h = Harness.loaded(size: Size(width: 120, height: 40))
        h.key(.char("i"))
        h.key(.char("s"))
        XCTAssertNil(h.state.indexCursor)
        h.answerAll()
        h.key(.escape)
        XCTAssertFalse(h.state.isQuitting)
        XCTAssertTrue(h.detailText.contains("q quits"), h.detailText)
        h.key(.escape)
        XCTAssertFalse(h.state.isQuitting, "a second Esc does not quit either")
        h.key(.char("j"))
        XCTAssertFalse(h.detailText.contains("q quits"), "the hint goes with the next key")
        h.key(.char("q"))
        XCTAssertTrue(h.state.isQuitting)
        XCTAssertFalse(h.state.interruptedByKey)
    }

    func testCtrlCQuitsAsAnInterrupt() {
        var h = Harness.loaded()
        h.key(.escape)
        h.key(.ctrl("c"))
        XCTAssertTrue(h.state.isQuitting)
        XCTAssertTrue(h.state.interruptedByKey, "exit status 130")
    }

    /// A page opened on its own (`marvel-gallery character ID`) has nothing below it: Esc says
    /// "q quits" there too, and q quits.
    func testEscOnAStandalonePageDoesNotQuit() {
        var h = Harness(size: Size(width: 120, height: 40))
        let effects = h.state.openDetail(.character(7), standalone: true)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerDetails(effects)
        h.key(.escape)
        XCTAssertFalse(h.state.isQuitting)
        XCTAssertTrue(h.detailText.contains("q quits"), h.detailText)
        h.key(.char("q"))
        XCTAssertTrue(h.state.isQuitting)
    }

    /// The help and the key table say it: Esc is "back" and q is "quit".
    func testTheKeyTableBindsEscToBackAndQToQuit() {
        for catalog: CatalogKind in [.characters, .comics, .titles(.series), .titles(.creators), .saved(.favourites)] {
            XCTAssertEqual(Keymap.gridAction(for: .escape, catalog: catalog), .back)
            XCTAssertEqual(Keymap.gridAction(for: .char("q"), catalog: catalog), .quit)
        }
        XCTAssertFalse(Strings(.en)[.helpBack].contains("else quit"))
    }
}
