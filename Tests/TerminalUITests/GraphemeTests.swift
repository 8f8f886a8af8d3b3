import XCTest
@testable import TerminalUI
import TestSupport

/// Cells hold their grapheme by value (`Grapheme`: up to 15 UTF-8 bytes inline, longer ones in
/// `SideTable.graphemes`) and their link by number, so a buffer is a flat array of plain values.
final class GraphemeTests: XCTestCase {
    /// A ZWJ family: 25 bytes, one grapheme, two columns.
    private let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    /// "a" under eight combining marks: 17 bytes, one grapheme, one column.
    private let marked = "a" + String(repeating: "\u{0301}", count: 8)

    func testACellIsAPlainValueWithoutReferenceCounting() {
        XCTAssertTrue(_isPOD(Cell.self), "copying a cell must not retain anything")
        XCTAssertTrue(_isPOD(Style.self))
        XCTAssertTrue(_isPOD(Grapheme.self))
        XCTAssertLessThanOrEqual(MemoryLayout<Cell>.stride, 40)
        // Even a cell with a long grapheme and a link.
        let cell = Cell(family, style: Style(hyperlink: "https://example.com/a"))
        XCTAssertTrue(cell.grapheme.isSpilled)
        XCTAssertEqual(cell.style.hyperlink, "https://example.com/a")
    }

    func testInlineGraphemesRoundTrip() {
        let samples = ["a", " ", "▀", "▄", "╭", "漢", "e\u{0301}", "\u{1F389}", "\u{2764}\u{FE0F}",
                       KittyPlaceholder.symbol(row: 7, column: 60), "", "a" + String(repeating: "\u{0301}", count: 7)]
        for s in samples {
            let g = Grapheme(s)
            XCTAssertFalse(g.isSpilled, s)
            XCTAssertEqual(g.string, s)
            XCTAssertEqual(g.utf8Count, s.utf8.count)
            XCTAssertEqual(Grapheme(s), g, "the same text, the same value")
            var out: [UInt8] = []
            g.appendUTF8(to: &out)
            XCTAssertEqual(out, Array(s.utf8))
        }
        XCTAssertEqual(Grapheme("a" + String(repeating: "\u{0301}", count: 7)).utf8Count, 15, "the largest inline grapheme")
        XCTAssertEqual(Grapheme(Character("漢")), Grapheme("漢"))
        XCTAssertEqual(Grapheme(ascii: 0x20), .space)
        XCTAssertNotEqual(Grapheme("▀"), Grapheme("▄"))
        XCTAssertTrue(Grapheme.empty.isEmpty)
        // kitty placeholders are known by their first scalar, read from the inline bytes.
        XCTAssertTrue(KittyPlaceholder.isPlaceholder(KittyPlaceholder.cell(id: 7, row: 3, column: 90)))
        XCTAssertFalse(KittyPlaceholder.isPlaceholder(Cell("a")))
        XCTAssertFalse(KittyPlaceholder.isPlaceholder(Cell(family)))
        XCTAssertFalse(KittyPlaceholder.isPlaceholder(.continuation(.plain)))
        XCTAssertEqual(Cell.continuation(.plain).symbol, "")
    }

    func testLongGraphemesGoToTheSideTableAndCompareByValue() {
        for s in [family, marked] {
            let a = Grapheme(s), b = Grapheme(String(s.reversed().reversed()))  // another String
            XCTAssertTrue(a.isSpilled, s)
            XCTAssertEqual(a.string, s)
            XCTAssertEqual(a.utf8Count, s.utf8.count)
            XCTAssertEqual(a, b, "interned: equal text, equal cells")
            XCTAssertEqual(a.hashValue, b.hashValue)
            var out: [UInt8] = []
            a.appendUTF8(to: &out)
            XCTAssertEqual(out, Array(s.utf8))
        }
        XCTAssertNotEqual(Grapheme(family), Grapheme(marked))
        XCTAssertNotEqual(Grapheme(marked), Grapheme("a"))
        XCTAssertEqual(Cell(family).width, 2)
        XCTAssertEqual(Cell(marked).width, 1)
    }

    func testTheSideTableInternsAndIsBounded() {
        let table = SideTable(capacity: 2)
        XCTAssertEqual(table.id(for: "one"), 0)
        XCTAssertEqual(table.id(for: "two"), 1)
        XCTAssertEqual(table.id(for: "one"), 0, "the same string, the same number")
        XCTAssertNil(table.id(for: "three"), "full: no new strings")
        XCTAssertEqual(table.id(for: "two"), 1, "known strings still found")
        XCTAssertEqual(table.string(1), "two")
        XCTAssertEqual(table.count, 2)
        // A full grapheme table keeps the leading scalars that fit inline (the base letter shows).
        let kept = Grapheme(utf8: marked.utf8, spillingInto: table)
        XCTAssertFalse(kept.isSpilled)
        XCTAssertEqual(kept.string, "a" + String(repeating: "\u{0301}", count: 7))
        XCTAssertEqual(Grapheme(utf8: family.utf8, spillingInto: table).string, "\u{1F468}\u{200D}\u{1F469}\u{200D}",
                       "whole scalars only")
        // A full link table drops the link, never the text.
        XCTAssertEqual(table.id(for: "https://example.com/x"), nil)
    }

    func testLongGraphemesAndWideOnesReplayOnATerminal() {
        var back = Buffer(size: Size(width: 12, height: 2))
        XCTAssertEqual(back.put("a" + family + "b", at: .zero), 4)
        XCTAssertEqual(back[1, 0].symbol, family)
        XCTAssertTrue(back[2, 0].isContinuation)
        back.put("漢" + marked + "\u{1F389}", at: Point(x: 0, y: 1), style: Style(foreground: .red, hyperlink: "https://example.com/h"))
        XCTAssertEqual(back.text, "a" + family + "b\n漢" + marked + "\u{1F389}")
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        let bytes = enc.encode(BufferDiff(from: Buffer(size: back.size), to: back))
        var vt = VirtualTerminal(size: back.size)
        vt.feed(bytes)
        XCTAssertEqual(vt.screen.text, back.text)
        XCTAssertEqual(vt.screen[0, 1].style.hyperlink, "https://example.com/h")
        XCTAssertEqual(vt.screen.cells, back.cells, "every grapheme, width and style as drawn")
        // No byte of the text is an escape or a control.
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(family) && text.contains(marked))
        // Overwriting half of the wide long grapheme blanks the other half.
        back.set(Cell("x"), at: Point(x: 2, y: 0))
        XCTAssertEqual(back.text.split(separator: "\n").first, "a xb")
    }
}
