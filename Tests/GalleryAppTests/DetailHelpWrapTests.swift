import XCTest
@testable import GalleryApp
import TerminalUI

/// The detail page's help wraps its texts and scrolls like the grid's: unwrapped, they are cut at
/// the box's edge ("list N (comics, series, s" at 60 columns, the Spanish at 80),
/// and once wrapped they need ↑↓ at 40x15, as the grid's do.
final class DetailHelpWrapTests: XCTestCase {
    private func detailWithHelp(_ width: Int, _ height: Int) -> Harness {
        var h = Harness(size: Size(width: width, height: height))
        h.send(.resized(Size(width: width, height: height)))
        h.answerDetails(h.state.openDetail(.character(7), standalone: true))
        h.key(.char("?"))
        return h
    }

    /// The text of the help box's rows, right of the keys column, joined with spaces.
    private func helpWords(_ text: String) -> String {
        text.components(separatedBy: "\n").filter { $0.contains("│") }
            .map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    func testLongTextsWrapInsteadOfBeingCut() {
        let h = detailWithHelp(60, 24)
        XCTAssertTrue(helpWords(h.detailText).contains("next list / list N (comics, series, stories, events…)"), h.detailText)
        XCTAssertTrue(helpWords(h.detailText).contains("copy the name / the link (terminal clipboard)"), h.detailText)
    }

    func testASmallScreenScrollsToTheLastKeys() {
        var h = detailWithHelp(40, 15)
        XCTAssertTrue(h.detailText.contains("↑↓ scroll"), "the footer says there is more: \(h.detailText)")
        XCTAssertFalse(h.detailText.contains("Ctrl-C"))
        for _ in 0..<30 { h.key(.down) }
        XCTAssertTrue(h.detailText.contains("Ctrl-C"), h.detailText)
        XCTAssertEqual(h.state.overlay, .help, "arrows scroll, they do not close it")
        h.key(.char("x"))
        XCTAssertNil(h.state.overlay)
    }
}
