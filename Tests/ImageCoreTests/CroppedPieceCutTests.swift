import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The part of a sixel or iTerm2 detail picture a scrolled viewport leaves in view, cut by
/// `TerminalImages.Cutter` (the cutter of overlay pieces): a picture of exactly the visible
/// cells' pixels, showing those rows of the fitted picture; cut once per picture and cells,
/// and the cutter's pieces stay within its bounds.
final class CroppedPieceCutTests: XCTestCase {
    let cell = Size(width: 10, height: 20)

    /// A 12x9-cell picture of a vertical gradient, encoded for `graphics` as the detail page gets it.
    private func picture(_ graphics: GraphicsProtocol) throws -> (TerminalImage, RGBImage) {
        // Green rises row by row (what a piece's rows are checked by); red and blue are flat.
        var pixels: [UInt8] = []
        for y in 0..<180 {
            for _ in 0..<120 { pixels += [80, UInt8(y * 255 / 180), 160] }
        }
        let image = RGBImage(width: 120, height: 180, pixels: pixels)
        let mode = GraphicsMode(graphics: graphics, cellPixels: cell)
        let made = try XCTUnwrap(try TerminalImages.make(image, cols: 12, rows: 9, fit: .cover, mode: mode))
        XCTAssertEqual(made.pixelSize, Size(width: 120, height: 180))
        return (made, image)
    }

    private func decode(_ piece: TerminalImage) throws -> RGBImage {
        piece.graphics == .sixel ? try SixelGraphics.decode(piece.payload) : try ImageDecoder.decode(piece.payload)
    }

    /// Mean absolute difference of the green channel (the rows' gradient) between `piece`
    /// and rows `row...` of `source`.
    private func greenError(_ piece: RGBImage, _ source: RGBImage, row: Int) -> Double {
        var sum = 0
        for y in 0..<piece.height {
            for x in 0..<piece.width {
                sum += abs(Int(piece.pixels[(y * piece.width + x) * 3 + 1]) - Int(source.pixels[((y + row) * source.width + x) * 3 + 1]))
            }
        }
        return Double(sum) / Double(piece.width * piece.height)
    }

    private func check(_ graphics: GraphicsProtocol) throws {
        let (whole, source) = try picture(graphics)
        let cutter = TerminalImages.Cutter(cell: cell)
        // Scrolled 4 rows: rows 4-8 in view, every column.
        let visible = Rect(x: 0, y: 4, width: 12, height: 5)
        let piece = try XCTUnwrap(cutter.piece(of: whole, cells: visible))
        XCTAssertEqual(piece.graphics, graphics)
        XCTAssertEqual(piece.cols, 12)
        XCTAssertEqual(piece.rows, 5)
        XCTAssertEqual(piece.pixelSize, Size(width: 120, height: 100), "the visible cells' pixels")
        XCTAssertNotEqual(piece.id, whole.id)
        let pixels = try decode(piece)
        XCTAssertEqual(pixels.width, 120)
        XCTAssertEqual(pixels.height, 100)
        // Rows 80-179 of the picture (green 113-254), not its top rows (green 0-100).
        let right = greenError(pixels, source, row: 80), top = greenError(pixels, source, row: 0)
        XCTAssertLessThan(right, 6, "the piece shows the picture's rows 80-179")
        XCTAssertGreaterThan(top, 60)

        // Again for the same cells: the same piece, not cut again.
        XCTAssertEqual(cutter.kept.cuts, 1)
        XCTAssertEqual(cutter.piece(of: whole, cells: visible)?.id, piece.id)
        XCTAssertEqual(cutter.kept.cuts, 1)
        // One more row off: a new piece.
        let next = try XCTUnwrap(cutter.piece(of: whole, cells: Rect(x: 0, y: 5, width: 12, height: 4)))
        XCTAssertEqual(next.pixelSize, Size(width: 120, height: 80))
        XCTAssertEqual(cutter.kept.cuts, 2)
        XCTAssertEqual(cutter.kept.bytes, piece.payload.count + next.payload.count)
    }

    func testASixelPictureScrolledPartlyOffIsCutToItsVisibleCells() throws {
        try check(.sixel)
    }

    func testAnITerm2PictureScrolledPartlyOffIsCutToItsVisibleCells() throws {
        try check(.iterm2)
    }

    func testTheCutterKeepsAtMostItsBoundOfPiecesTheOldestLeavingFirst() throws {
        let (whole, _) = try picture(.sixel)
        let cutter = TerminalImages.Cutter(cell: cell)
        var firstID: UInt32?
        // 12x9 cells hold 12*9 one-cell pieces and more of two cells: past 256 distinct ones.
        var asked = 0
        outer: for w in 1...3 {
            for y in 0..<9 {
                for x in 0...(12 - w) {
                    let p = cutter.piece(of: whole, cells: Rect(x: x, y: y, width: w, height: 1))
                    if firstID == nil { firstID = p?.id }
                    asked += 1
                    if asked == 280 { break outer }
                }
            }
        }
        XCTAssertEqual(cutter.kept.cuts, 280)
        XCTAssertEqual(cutter.kept.count, 256)
        // The first went: asked again, it is cut again under a new id.
        XCTAssertNotEqual(cutter.piece(of: whole, cells: Rect(x: 0, y: 0, width: 1, height: 1))?.id, firstID)
        XCTAssertEqual(cutter.kept.cuts, 281)
        XCTAssertEqual(cutter.kept.count, 256)
    }
}
