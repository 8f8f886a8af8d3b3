import XCTest
import TerminalUI

/// The encoder's seam to the pixel protocols (`PictureLayer`): what it asks of the layer, in
/// which order, and that it writes its cells from the cursor the layer leaves; without a layer
/// it writes the cells alone.
final class PictureLayerSeamTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A layer that writes a marker for every step and records the steps.
    private struct MarkerLayer: PictureLayer {
        var steps: [String] = []
        var clears = false
        /// Where `drawPictures` leaves the cursor (nil: unknown to the encoder afterwards).
        var cursorAfterDraw: Point?
        var files: (any KittyPictureFiles)?
        var hasAhead: Bool { false }

        func needsClear(for diff: BufferDiff, picturesAreCells: Bool) -> Bool { clears }
        func needsCanvas(_ buffer: Buffer) -> Bool { false }
        mutating func clearScreen(_ frame: inout PictureFrame, into out: inout [UInt8]) {
            steps.append("clear")
            out.append(contentsOf: Array("<clear>".utf8))
            frame.cursor = .zero
        }
        mutating func removePictures(_ frame: inout PictureFrame, into out: inout [UInt8]) { steps.append("remove") }
        mutating func scrolledPictures(_ frame: inout PictureFrame, into out: inout [UInt8]) { steps.append("scrolled") }
        mutating func drawPictures(_ frame: inout PictureFrame, into out: inout [UInt8]) {
            steps.append("draw \(frame.diff.target.images.count)")
            frame.moveCursor(to: Point(x: 2, y: 1), &out)
            out.append(contentsOf: Array("<picture>".utf8))
            frame.cursor = cursorAfterDraw
        }
        mutating func frameEncoded(from start: Int, in out: inout [UInt8]) { steps.append("encoded") }
        mutating func nextAheadPiece() -> ArraySlice<UInt8>? { nil }
        mutating func finishAheadLoad() -> ArraySlice<UInt8> { [] }
        mutating func forgetStoredImages() {}
        mutating func transmitFailed(_ reply: KittyGraphicsReply) -> Bool { false }
    }

    /// A 10x3 frame with a kitty picture of 2x1 cells at (2, 1) and the cursor shown at (6, 1).
    private func frame() -> Buffer {
        var b = Buffer(size: Size(width: 10, height: 3))
        b.put("hi", at: Point(x: 0, y: 0))
        let image = TerminalImage(id: 7, graphics: .kitty, cols: 2, rows: 1, payload: Array("PNG".utf8))
        XCTAssertTrue(b.place(image, at: Point(x: 2, y: 1), fallback: HalfBlockCells.solid(cols: 2, rows: 1, rgb: RGB(1, 2, 3)),
                              fallbackOrigin: Point(x: 2, y: 1)))
        b.cursor = Point(x: 6, y: 1)
        return b
    }

    func testWithoutALayerOnlyTheCellsAreWritten() {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        let out = s(enc.encode(BufferDiff(from: Buffer(size: Size(width: 10, height: 3)), to: frame())))
        XCTAssertTrue(out.contains("hi"))
        XCTAssertFalse(out.contains("\u{1B}_G"), "no kitty command without a picture layer")
        XCTAssertFalse(out.contains("\u{1B}[2J"))
    }

    func testTheLayerIsAskedAroundTheCellsAndItsCursorIsTheEncoders() {
        var layer = MarkerLayer()
        layer.cursorAfterDraw = Point(x: 5, y: 1)
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: layer)
        let out = s(enc.encode(BufferDiff(from: Buffer(size: Size(width: 10, height: 3)), to: frame())))
        XCTAssertEqual((enc.pictures as? MarkerLayer)?.steps, ["remove", "draw 1", "encoded"])
        // The picture comes after the cells; from where the layer left the cursor (5, 1), not
        // where the cells left it (4, 1), the shown cursor (6, 1) is one column on.
        XCTAssertTrue(out.contains("<picture>\u{1B}[C\u{1B}[?25h"), out.debugDescription)
        guard let picture = out.range(of: "<picture>"), let cells = out.range(of: "hi") else { return XCTFail(out) }
        XCTAssertLessThan(cells.lowerBound, picture.lowerBound)
    }

    func testACursorTheLayerLeavesUnknownIsMovedToAbsolutely() {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: MarkerLayer())
        let out = s(enc.encode(BufferDiff(from: Buffer(size: Size(width: 10, height: 3)), to: frame())))
        XCTAssertTrue(out.contains("<picture>\u{1B}[2;7H\u{1B}[?25h"), out.debugDescription)
    }

    func testAClearTheLayerAsksForRepaintsFromItsOwnErase() {
        var layer = MarkerLayer()
        layer.clears = true
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: layer)
        let out = s(enc.encode(BufferDiff(from: Buffer(size: Size(width: 10, height: 3)), to: frame())))
        XCTAssertEqual((enc.pictures as? MarkerLayer)?.steps, ["clear", "remove", "draw 1", "encoded"])
        XCTAssertFalse(out.contains("\u{1B}[2J"), "the layer's erase, not the encoder's")
        // The layer left the cursor home: the first cell is written without a move.
        XCTAssertTrue(out.contains("<clear>hi"), out.debugDescription)
    }
}
