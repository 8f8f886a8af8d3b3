import XCTest
@testable import GalleryApp
import TerminalUI

/// Issue 35: `n` / `N` move between search matches: through the results, and after Esc over
/// the loaded names of the list below, wrapping round.
final class NextMatchTests: XCTestCase {
    func testNAndShiftNMoveBetweenMatches() {
        var h = Harness.loaded(count: 100)
        h.key(.char("n"))
        XCTAssertEqual(h.detailText.contains("n: search first (/)"), true, "no search yet: said")
        XCTAssertEqual(h.state.current.selection, 0)
        h.searchAndKeep("spi")
        XCTAssertGreaterThan(h.state.current.count, 2)
        h.key(.char("n"))
        XCTAssertEqual(h.state.current.selection, 1, "the next result")
        h.key(.char("N"))
        XCTAssertEqual(h.state.current.selection, 0)
        h.key(.escape)
        XCTAssertEqual(h.state.lastSearchText, "spi")
        let names = h.state.current.items.map(\.name)
        let matches = names.indices.filter { names[$0].lowercased().contains("spi") }
        XCTAssertGreaterThan(matches.count, 1)
        h.key(.char("n"))
        XCTAssertEqual(h.state.current.selection, matches[0], names[h.state.current.selection])
        h.key(.char("n"))
        XCTAssertEqual(h.state.current.selection, matches[1])
        h.key(.char("N")); h.key(.char("N"))
        XCTAssertEqual(h.state.current.selection, matches.last, "wraps round to the last match")
        XCTAssertTrue(Keymap.table(.characters).contains { $0.keys == "n N" && $0.text == .helpNextMatch }, "in the help")
    }
}
