import XCTest
@testable import TerminalUI
import TestSupport

final class BufferTests: XCTestCase {
    func testPutClipsAndCountsColumns() {
        var b = Buffer(size: Size(width: 6, height: 2))
        XCTAssertEqual(b.put("Hello world", at: Point(x: 1, y: 0)), 5)
        XCTAssertEqual(b.text, " Hello\n")
        XCTAssertEqual(b.put("漢字", at: Point(x: 0, y: 1), maxWidth: 3), 2)
        XCTAssertEqual(b[0, 1].width, 2)
        XCTAssertTrue(b[1, 1].isContinuation)
        XCTAssertEqual(b.text, " Hello\n漢")
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var b = Buffer(size: Size(width: 4, height: 1))
        b.put("漢字", at: .zero)
        b.set(Cell("x"), at: Point(x: 1, y: 0))   // the right half of 漢
        XCTAssertEqual(b.text, " x字")
        b.set(Cell("y"), at: Point(x: 2, y: 0))   // the left half of 字
        XCTAssertEqual(b.text, " xy")
        XCTAssertFalse(b.cells.contains { $0.isContinuation })
        // A wide character that does not fit at the right edge becomes a blank.
        b.set(Cell("漢"), at: Point(x: 3, y: 0))
        XCTAssertEqual(b[3, 0].width, 1)
    }

    func testDiffFindsOnlyChangedCells() {
        var a = Buffer(size: Size(width: 10, height: 3))
        a.put("hello", at: .zero)
        var b = a
        b.put("j", at: Point(x: 0, y: 0))
        b.put("!", at: Point(x: 9, y: 2))
        let d = BufferDiff(from: a, to: b)
        XCTAssertEqual(d.updates.map(\.0), [Point(x: 0, y: 0), Point(x: 9, y: 2)])
        XCTAssertTrue(BufferDiff(from: a, to: a).isEmpty)
    }

    func testDiffDetectsOneRowScroll() {
        let size = Size(width: 20, height: 12)
        var a = Buffer(size: size)
        for y in 0..<12 { a.put("row \(y) " + String(repeating: "x", count: y), at: Point(x: 0, y: y)) }
        var b = Buffer(size: size)
        for y in 0..<12 { b.put("row \(y + 1) " + String(repeating: "x", count: y + 1), at: Point(x: 0, y: y)) }
        let d = BufferDiff(from: a, to: b)
        XCTAssertEqual(d.scroll, BufferDiff.Scroll(top: 0, bottom: 11, amount: 1))
        XCTAssertTrue(d.updates.allSatisfy { $0.0.y == 11 }, "only the new bottom row is drawn")
        // And the bytes reproduce the frame on a terminal that showed the old one.
        var term = VirtualTerminal(showing: a)
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        let bytes = enc.encode(d)
        term.feed(bytes)
        XCTAssertEqual(term.screen.text, b.text)
        XCTAssertLessThan(bytes.count, 60)
    }

    /// A grid scrolled by one tile row (19 lines at 200x60, up and down) goes through the scroll
    /// region: replaying the bytes on a terminal that showed the old frame gives exactly the
    /// screen a full repaint gives, for about one band of new cells.
    func testTileRowScrollUsesTheScrollRegionAndReplaysToTheFullFrame() {
        let size = Size(width: 200, height: 60)
        func tiles(_ shift: Int) -> Buffer {
            var b = Buffer(size: size)
            b.put("Search:", at: .zero)
            for y in 1..<59 {
                for x in 0..<200 {
                    let row = y - 1 + shift, colour = UInt8(truncatingIfNeeded: (x * 7 + row * 31) % 251)
                    b.set(Cell("▀", style: Style(foreground: .indexed(colour), background: .indexed(colour &+ 3))),
                          at: Point(x: x, y: y))
                }
            }
            b.put("Characters 1-60 of 50000", at: Point(x: 0, y: 59))
            return b
        }
        for (from, to) in [(0, 19), (19, 0)] {
            let a = tiles(from), b = tiles(to)
            let d = BufferDiff(from: a, to: b)
            XCTAssertEqual(d.scroll?.amount, to - from)
            XCTAssertEqual(d.changed.count, 19 * 200, "one band of new tiles is written")
            var term = VirtualTerminal(showing: a)
            var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
            let bytes = enc.encode(d)
            term.feed(bytes)
            var full = VirtualTerminal(size: size)
            var fresh = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
            let fullBytes = fresh.encode(BufferDiff.fullRepaint(b))
            full.feed(fullBytes)
            XCTAssertEqual(term.screen.cells, full.screen.cells)
            XCTAssertEqual(term.screen.cells, b.cells)
            XCTAssertLessThan(Double(bytes.count), 0.45 * Double(fullBytes.count))
        }
    }
}
