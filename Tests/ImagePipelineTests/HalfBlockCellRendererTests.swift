import XCTest
import ImageCore
import ImagePipeline
import TerminalUI

/// The renderer's half-block cells and its pixel rendition show the same part of the picture
/// in the same cells, whatever the terminal's cell shape (the backdrop's dimmed panel sits next
/// to the pixels, an overlay's fallback replaces them); with a hole the pixels come in pieces.
final class HalfBlockCellRendererTests: XCTestCase {
    /// A portrait picture, blue with a red band across rows 150..<170 of 450.
    let source: RGBImage = {
        var px = [UInt8](repeating: 0, count: 300 * 450 * 3)
        for y in 0..<450 {
            for x in 0..<300 {
                let i = (y * 300 + x) * 3
                if (150..<170).contains(y) { px[i] = 230 } else { px[i + 2] = 200 }
            }
        }
        return RGBImage(width: 300, height: 450, pixels: px)
    }()

    /// Cell rows where the band shows in the half-block cells.
    func bandRows(_ cells: HalfBlockCells) -> [Int] {
        (0..<cells.rows).filter { row in
            let (top, bottom) = cells[cells.cols / 2, row]
            return [top, bottom].contains { ($0?.r ?? 0) > 100 }
        }
    }

    /// Cell rows mostly covered by the band in a decoded pixel rendition of `cellHeight`-pixel cells.
    func bandRows(_ image: RGBImage, cellHeight: Int) -> [Int] {
        (0..<(image.height / cellHeight)).filter { row in
            (row * cellHeight..<(row + 1) * cellHeight).filter { image.pixels[(($0 * image.width) + image.width / 2) * 3] > 100 }
                .count * 2 >= cellHeight
        }
    }

    func testHalfBlocksAndPixelsShowTheBandInTheSameCells() throws {
        // 6x14-pixel cells: taller than the 1x2 of half-blocks, so fitting each on its own
        // would put the band rows apart.
        let mode = GraphicsMode(graphics: .kitty, cellPixels: Size(width: 6, height: 14))
        let request = ImageRequest(url: "http://h/a.png", box: CellBox(cols: 60, rows: 20), fit: .cover, graphics: mode)
        let cells = try HalfBlockCellRenderer().render(source, for: request)
        let pixels = try XCTUnwrap(cells.pixels)
        let decoded = try ImageDecoder.decode(pixels.payload)
        let inPixels = bandRows(decoded, cellHeight: 14)
        XCTAssertFalse(inPixels.isEmpty)
        XCTAssertEqual(bandRows(cells), inPixels)
        // Fitted on their own (blocks), the band sits elsewhere: the test can tell.
        let blocks = try HalfBlockCellRenderer().render(source, for: ImageRequest(url: "http://h/a.png",
                                                        box: CellBox(cols: 60, rows: 20), fit: .cover))
        XCTAssertNotEqual(bandRows(blocks), inPixels)
    }

    func testAHoleGivesPiecesAroundItAndTheSameCells() throws {
        let mode = GraphicsMode(graphics: .kitty, cellPixels: Size(width: 6, height: 14))
        var request = ImageRequest(url: "http://h/a.png", box: CellBox(cols: 60, rows: 20), fit: .cover, graphics: mode)
        let whole = try HalfBlockCellRenderer().render(source, for: request)
        request.hole = Rect(x: 30, y: 2, width: 26, height: 16)
        let holed = try HalfBlockCellRenderer().render(source, for: request)
        XCTAssertNil(holed.pixels)
        XCTAssertEqual(holed.pixelPieces.map(\.offset), [Point(x: 0, y: 0), Point(x: 56, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 18)])
        XCTAssertEqual(holed.top, whole.top)
        XCTAssertEqual(holed.bottom, whole.bottom)
    }
}
