import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// The view's scroll anchor: two frames of one document at different lines become DECSTBM +
/// SU/SD plus the cells that still differ (here a selection mark on every row, which defeats
/// the exact row match), and sixel pictures ride the scroll only where the terminal moves them.
final class ScrollHintTests: XCTestCase {
    let size = Size(width: 30, height: 12)

    /// Lines `top...` of a document in rows 1...9 (row 0 a header, rows 10-11 a footer), the
    /// distance to the selected line in every row's last cell (so a moving selection changes
    /// every row, as the grid's highlight does), sixel pictures (3x2)
    /// on the lines in `pictures`.
    func frame(top: Int, selected: Int, pictures: Set<Int> = []) -> Buffer {
        var b = Buffer(size: size)
        b.put("header", at: .zero)
        for row in 1...9 {
            let line = top + row - 1
            b.put("line \(line) " + String(repeating: "x", count: line % 7), at: Point(x: 0, y: row))
            b.put(line == selected ? "*" : String(abs(line - selected) % 10), at: Point(x: 29, y: row))
            if pictures.contains(line), row + 1 <= 9 {
                var cells = HalfBlockCells.solid(cols: 3, rows: 2, rgb: RGB(UInt8(line * 20), 50, 90))
                cells.pixels = TerminalImage(id: UInt32(line + 1), graphics: .sixel, cols: 3, rows: 2,
                                             payload: Array("\u{1B}Pq#0L\(line)\u{1B}\\".utf8))
                b.render(HalfBlockImage(cells), in: Rect(x: 20, y: row, width: 3, height: 2))
            }
        }
        b.put("footer", at: Point(x: 0, y: 11))
        b.scrollHint = ScrollHint(top: 1, bottom: 9, document: 7, line: top)
        b.settleImages()
        return b
    }

    /// `a` drawn, then the diff to `b` on the same terminal; the pictures drawn by the second
    /// write only (their top-left cells).
    func replay(_ a: Buffer, _ b: Buffer, picturesMove: Bool = false) -> (screen: Buffer, draws: [Point], text: String) {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        var vt = VirtualTerminal(size: size)
        vt.feed(enc.encode(BufferDiff.fullRepaint(a)))
        let draws = vt.graphics.pixelDraws.count
        let bytes = enc.encode(BufferDiff(from: a, to: b, picturesMove: picturesMove))
        vt.feed(bytes)
        XCTAssertEqual(vt.unknownSequences, [])
        return (vt.screen, Array(vt.graphics.pixelDraws.dropFirst(draws)), String(decoding: bytes, as: UTF8.self))
    }

    func testHintedScrollIsARegionScrollPlusTheChangedCells() {
        let a = frame(top: 0, selected: 8), b = frame(top: 3, selected: 9)
        XCTAssertNil(BufferDiff.detectScroll(a, b), "every shifted row differs in its mark: no exact match")
        let (vt, _, text) = replay(a, b)
        XCTAssertTrue(text.hasPrefix("\u{1B}[2;10r\u{1B}[3S\u{1B}[r") || text.contains("\u{1B}[2;10r\u{1B}[3S\u{1B}[r"), text)
        XCTAssertEqual(vt.text, b.text)
        XCTAssertEqual(vt.cells.map(\.style), b.cells.map(\.style))
        // Down the other way.
        let (back, _, up) = replay(b, a)
        XCTAssertTrue(up.contains("\u{1B}[2;10r\u{1B}[3T"), up)
        XCTAssertEqual(back.text, a.text)
    }

    func testAnotherDocumentOrTooFarNeverScrolls() {
        var other = frame(top: 3, selected: 9)
        other.scrollHint?.document = 8
        XCTAssertNil(BufferDiff(from: frame(top: 0, selected: 0), to: other).scroll)
        XCTAssertNil(BufferDiff(from: frame(top: 0, selected: 0), to: frame(top: 9, selected: 0)).scroll)
    }

    func testSixelPicturesRideAWholeScreenScrollWhereTheTerminalMovesThem() {
        let a = frame(top: 0, selected: 1, pictures: [4, 7]), b = frame(top: 3, selected: 4, pictures: [4, 7, 10])
        let (screen, draws, text) = replay(a, b, picturesMove: true)
        XCTAssertTrue(text.contains("\u{1B}[1;12r\u{1B}[3S"), "the whole screen scrolls: \(text)")
        XCTAssertFalse(text.contains("\u{1B}[2J"))
        XCTAssertEqual(screen.text, b.text)
        // Lines 4 and 7 moved with the scroll; only line 10 (new) is drawn.
        XCTAssertEqual(draws, [Point(x: 20, y: 8)])
        // Without the terminal's help: a repaint from a cleared screen, every picture again.
        let (_, safeDraws, plain) = replay(a, b)
        XCTAssertTrue(plain.contains("\u{1B}[2J"))
        XCTAssertEqual(safeDraws.count, 3)
        // A picture the scroll would cut at the top edge cannot be wiped there: repaint.
        let (_, _, cut) = replay(frame(top: 0, selected: 1, pictures: [1, 4, 7]), b, picturesMove: true)
        XCTAssertTrue(cut.contains("\u{1B}[2J"))
    }

    func testAPicturePushedPartlyOffTheBottomIsErasedAndTheRowsRedrawn() {
        // Scrolling down 3: the picture on line 10 (rows 8-9) lands on rows 11-12, half off.
        let a = frame(top: 3, selected: 4, pictures: [4, 7, 10]), b = frame(top: 0, selected: 1, pictures: [1, 4, 7])
        let (screen, draws, text) = replay(a, b, picturesMove: true)
        XCTAssertTrue(text.contains("\u{1B}[1;12r\u{1B}[3T"), text)
        XCTAssertTrue(text.contains("\u{1B}[12H\u{1B}[J"), "erased from the picture's first row: \(text)")
        XCTAssertEqual(screen.text, b.text)
        XCTAssertEqual(Set(draws), [Point(x: 20, y: 2)], "line 1's picture is new; 4 and 7 moved")
    }
}
