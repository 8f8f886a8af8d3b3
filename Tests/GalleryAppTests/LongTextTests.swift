import XCTest
@testable import GalleryApp
import TerminalUI

/// A 1 MB word and a 1 MB paste (issue 36): the page and the field keep what can be shown and
/// say where they cut.
final class LongTextTests: XCTestCase {
    func testAMegabyteWordWrapsToAFewScreensEndingInAnEllipsis() {
        let word = String(repeating: "x", count: 1 << 20)
        let lines = Paragraph.wrap("Before " + word + " after", width: 80, maxLines: DocumentWriter.maxTextLines)
        XCTAssertEqual(lines.count, DocumentWriter.maxTextLines)
        XCTAssertEqual(lines.first, "Before")
        XCTAssertTrue(lines.last?.hasSuffix("…") ?? false, lines.last ?? "")
        XCTAssertTrue(lines.allSatisfy { TextWidth.of($0) <= 80 })
        // Text that fits is not cut and gets no ellipsis.
        XCTAssertEqual(Paragraph.wrap("one two\nthree", width: 7, maxLines: 3), ["one two", "three"])
        XCTAssertEqual(Paragraph.wrap("one two\nthree", width: 7, maxLines: 1), ["one tw…"])
    }

    func testAMegabyteDescriptionMakesADocumentOfAFewScreens() {
        var writer = DocumentWriter(width: 80)
        writer.text(String(repeating: "é", count: 1 << 20))
        let document = writer.finish()
        XCTAssertEqual(document.height, DocumentWriter.maxTextLines)
    }

    func testAMegabytePasteKeepsTheFieldsLimitAndSaysSo() {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("/"))
        h.send(.paste(String(repeating: "Spider", count: 200_000)))
        XCTAssertEqual(h.state.search?.text.count, SearchState.maxCharacters)
        XCTAssertEqual(h.state.search?.wasCut, true)
        XCTAssertEqual(h.state.jumpNotice, "a search keeps at most 256 characters: the rest was dropped")
        // Typing past the limit is refused the same way.
        h.key(.char("x"))
        XCTAssertEqual(h.state.search?.text.count, SearchState.maxCharacters)
        h.key(.backspace)
        XCTAssertEqual(h.state.search?.wasCut, false)
    }
}

extension LongTextTests {
    func testACopyCutToTheClipboardsLimitSaysSo() {
        let strings = Strings(.en)
        XCTAssertEqual(CopyRequest(.name, "Spider-Man").confirmation(strings), "copied name: Spider-Man")
        let long = CopyRequest(.name, String(repeating: "x", count: 1 << 20)).confirmation(strings)
        XCTAssertTrue(long.hasSuffix("(its first 64 KB: a clipboard takes no more)"), String(long.suffix(80)))
    }
}
