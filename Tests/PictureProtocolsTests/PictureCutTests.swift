import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// A sixel picture under text drawn over part of it (an overlay), with a cutter: the rest of
/// it stays pixels in pieces around the cells drawn over, and neither opening nor closing the
/// overlay clears the screen (which would send every other picture again); without a cutter
/// it gives way to its half-blocks and leaves through a clear, as before.
final class PictureCutTests: XCTestCase {
    /// Cuts by name: the piece's payload says which cells of which picture it holds.
    struct NamedCutter: PictureCutter {
        func piece(of image: TerminalImage, cells: Rect) -> TerminalImage? {
            TerminalImage(id: image.id * 100 + UInt32(cells.y * 10 + cells.x), graphics: image.graphics,
                          cols: cells.width, rows: cells.height,
                          payload: Array("\u{1B}Pq#0PIECE-\(image.id)-\(cells.x),\(cells.y)\u{1B}\\".utf8))
        }
    }

    private let size = Size(width: 40, height: 12)
    private let pictureRect = Rect(x: 2, y: 2, width: 8, height: 4)
    private let box = Rect(x: 6, y: 3, width: 10, height: 2)

    private func frame(overlay: Bool, cutter: (any PictureCutter)?) -> Buffer {
        var cells = HalfBlockCells.solid(cols: 8, rows: 4, rgb: RGB(200, 30, 30))
        cells.pixels = TerminalImage(id: 7, graphics: .sixel, cols: 8, rows: 4, payload: Array("\u{1B}Pq#0WHOLE\u{1B}\\".utf8))
        var other = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(30, 30, 200))
        other.pixels = TerminalImage(id: 8, graphics: .sixel, cols: 4, rows: 2, payload: Array("\u{1B}Pq#0OTHER\u{1B}\\".utf8))
        var b = Buffer(size: size)
        b.render(HalfBlockImage(cells), in: pictureRect)
        b.render(HalfBlockImage(other), in: Rect(x: 30, y: 8, width: 4, height: 2))
        if overlay { b.fill(box, with: Cell("x")) }
        b.settleImages(cutter: cutter)
        return b
    }

    func testTheUncoveredPartStaysPixelsAndNeitherOpeningNorClosingClears() {
        let closed = frame(overlay: false, cutter: NamedCutter())
        let open = frame(overlay: true, cutter: NamedCutter())
        let hole = pictureRect.intersection(box)
        XCTAssertEqual(Set(open.images.filter { $0.cutFrom == 7 }.map(\.rect)), Set(pictureRect.around(hole)))
        XCTAssertTrue(open.images.contains { $0.image.id == 8 }, "the picture the overlay does not touch stays")
        XCTAssertFalse(open.images.contains { $0.rect.intersects(box) })
        XCTAssertEqual(open.cutAway, [7])
        XCTAssertFalse(open.cells.contains { $0.symbol == "▀" || $0.symbol == "▄" }, "no half-blocks")

        // A terminal not known to keep pictures in its cells: the cut picture leaves through a clear.
        var unknown = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        _ = unknown.encode(BufferDiff.fullRepaint(closed))
        XCTAssertTrue(String(decoding: unknown.encode(BufferDiff(from: closed, to: open)), as: UTF8.self).contains("\u{1B}[2J"))

        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.picturesAreCells = true  // xterm, mlterm
        var vt = VirtualTerminal(size: size)
        vt.feed(enc.encode(BufferDiff.fullRepaint(closed)))
        var drawn = vt.graphics.pixelDraws.count
        let opening = enc.encode(BufferDiff(from: closed, to: open))
        vt.feed(opening)
        XCTAssertFalse(String(decoding: opening, as: UTF8.self).contains("\u{1B}[2J"), "opening clears nothing")
        XCTAssertEqual(Set(vt.graphics.pixelDraws[drawn...]), Set(pictureRect.around(hole).map(\.origin)), "only the pieces are drawn")
        drawn = vt.graphics.pixelDraws.count
        let closing = enc.encode(BufferDiff(from: open, to: closed))
        vt.feed(closing)
        XCTAssertFalse(String(decoding: closing, as: UTF8.self).contains("\u{1B}[2J"), "closing clears nothing")
        XCTAssertEqual(Array(vt.graphics.pixelDraws[drawn...]), [pictureRect.origin], "only the cut picture is drawn again, whole")
        XCTAssertEqual(vt.screen.text, closed.text)
    }

    func testWithoutACutterThePictureGivesWayToHalfBlocksAndLeavesThroughAClear() {
        let closed = frame(overlay: false, cutter: nil)
        let open = frame(overlay: true, cutter: nil)
        XCTAssertEqual(open.images.map(\.image.id), [8])
        XCTAssertTrue(open.cells.contains { $0.symbol == "▀" || $0.symbol == " " && $0.style.background != .default })
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        _ = enc.encode(BufferDiff.fullRepaint(closed))
        XCTAssertTrue(String(decoding: enc.encode(BufferDiff(from: closed, to: open)), as: UTF8.self).contains("\u{1B}[2J"))
    }
}
