import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// A kitty picture cut by a scrolled viewport's edge (the detail page's picture, stacked layout)
/// stays pixels: the part inside the viewport is placed with kitty's source rectangle
/// (`x,y,w,h`, cut exactly at the cell boundary) over its cells, streamed or sent as a file;
/// through tmux its placeholder cells name the rows and columns shown. No half-block cell is
/// written for it. sixel and iTerm2 cannot show part of a picture: without a cutter their cut
/// part is half-blocks (with one, a piece of those cells: `CroppedPixelPiecesTests`).
final class KittyCroppedPictureTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private let colour = RGB(31, 90, 200)
    private let screenSize = Size(width: 40, height: 12)
    private let viewport = Rect(x: 10, y: 2, width: 20, height: 8)

    /// A document holding one 4x6-cell picture (40x120 pixels: 10x20 cells) at lines 3-8.
    private func document(_ graphics: GraphicsProtocol = .kitty, placeholders: Bool = false) -> Buffer {
        var cells = HalfBlockCells.gradient(cols: 4, rows: 6, from: colour, to: RGB(200, 40, 40))
        cells.pixels = TerminalImage(id: 77, graphics: graphics, placeholders: placeholders, cols: 4, rows: 6,
                                     payload: Array((graphics == .sixel ? "\u{1B}Pq#0PIXELS\u{1B}\\" : "PIXELS-77").utf8),
                                     pixelSize: Size(width: 40, height: 120))
        var doc = Buffer(size: Size(width: 20, height: 30))
        doc.put("title", at: .zero)
        doc.render(HalfBlockImage(cells, staysUnderText: true), in: Rect(x: 2, y: 3, width: 4, height: 6))
        doc.settleImages()
        return doc
    }

    /// The screen with the document's lines `top...` in the viewport, as the detail page copies them.
    private func screen(_ doc: Buffer, top: Int) -> Buffer {
        var b = Buffer(size: screenSize)
        b.put("header", at: .zero)
        for row in 0..<viewport.height where top + row < doc.size.height {
            for x in 0..<viewport.width { b.set(doc[x, top + row], at: Point(x: viewport.x + x, y: viewport.y + row)) }
        }
        b.copyImages(from: doc, top: top, into: viewport)
        b.settleImages()
        return b
    }

    private func encode(_ frames: [Buffer], files: (any KittyPictureFiles)? = nil) -> (VirtualTerminal, [String]) {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: true, pictures: PixelPictureLayer())
        enc.kittyFiles = files
        let (vt, writes, _) = encodeFrames(frames, on: enc, size: screenSize)
        return (vt, writes.map(s))
    }

    /// No cell of `rect` on the terminal shows a half-block or the picture's colours.
    private func assertNoHalfBlocks(_ vt: VirtualTerminal, in rect: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX {
                let cell = vt.screen[x, y]
                XCTAssertFalse(cell.grapheme == .upperHalf || cell.grapheme == .lowerHalf, "half-block at \(x),\(y)", file: file, line: line)
                XCTAssertEqual(cell.style.background, .default, "picture colour at \(x),\(y)", file: file, line: line)
            }
        }
    }

    func testAPictureCutByTheTopIsPlacedAsItsVisiblePixels() throws {
        // Scrolled down 5 lines: the picture's first 2 rows are above the viewport.
        let cut = screen(document(), top: 5)
        let p = try XCTUnwrap(cut.images.first)
        XCTAssertEqual(cut.images.count, 1)
        XCTAssertEqual(p.rect, Rect(x: 12, y: 2, width: 4, height: 4))
        XCTAssertEqual(p.crop, Rect(x: 0, y: 2, width: 4, height: 4))
        XCTAssertEqual(p.sourcePixels, Rect(x: 0, y: 40, width: 40, height: 80), "cut at the cell boundary: 2 rows of 20 pixels")
        let (vt, writes) = encode([cut])
        XCTAssertTrue(writes[0].contains("\u{1B}[3;13H\u{1B}_Ga=p,i=77,p=1,x=0,y=40,w=40,h=80,c=4,r=4,z=1,C=1,q=2\u{1B}\\"), writes[0])
        XCTAssertEqual(vt.graphics.placements[77], Rect(x: 12, y: 2, width: 4, height: 4))
        assertNoHalfBlocks(vt, in: p.rect)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testScrollingOnRePlacesTheNewPartAndSendsNoPixelsAgain() {
        let doc = document()
        let frames = [screen(doc, top: 2), screen(doc, top: 4), screen(doc, top: 7), screen(doc, top: 9), screen(doc, top: 2)]
        let (vt, writes) = encode(frames)
        XCTAssertEqual(vt.graphics.transmits, [77: 1], "transmitted once")
        XCTAssertTrue(writes[0].contains("a=p,i=77,p=1,c=4,r=6,"), "whole while all of it is in view: \(writes[0])")
        XCTAssertTrue(writes[1].contains("a=p,i=77,p=1,x=0,y=20,w=40,h=100,c=4,r=5,"), writes[1])
        XCTAssertTrue(writes[2].contains("a=p,i=77,p=1,x=0,y=80,w=40,h=40,c=4,r=2,"), writes[2])
        XCTAssertTrue(writes[3].contains("a=d,d=i,i=77,p=1"), "deleted once wholly above: \(writes[3])")
        XCTAssertTrue(writes[4].contains("a=p,i=77,p=1,c=4,r=6,"), "whole again: \(writes[4])")
        XCTAssertFalse(writes[1...].contains { $0.contains("a=t") })
        for w in writes { XCTAssertFalse(w.contains("▀") || w.contains("▄"), "no half-blocks: \(w)") }
    }

    func testAPictureCutByTheBottomShowsItsTopRows() throws {
        // Document lines 0-7 in the viewport: the picture's rows 0-4 show, row 5 is below.
        let cut = screen(document(), top: 0)
        let p = try XCTUnwrap(cut.images.first)
        XCTAssertEqual(p.rect, Rect(x: 12, y: 5, width: 4, height: 5))
        XCTAssertEqual(p.sourcePixels, Rect(x: 0, y: 0, width: 40, height: 100))
        let (vt, writes) = encode([cut])
        XCTAssertTrue(writes[0].contains("a=p,i=77,p=1,x=0,y=0,w=40,h=100,c=4,r=5,"), writes[0])
        assertNoHalfBlocks(vt, in: p.rect)
    }

    func testACutPictureSentAsAFileIsPlacedTheSameWay() throws {
        let files = MemoryPictureFiles()
        let cut = screen(document(), top: 5)
        let (vt, writes) = encode([cut], files: files)
        XCTAssertEqual(vt.graphics.transfers, ["t": 1], writes[0])
        XCTAssertEqual(files.written[77], Array("PIXELS-77".utf8), "the whole picture goes; the placement shows part")
        XCTAssertTrue(writes[0].contains("a=p,i=77,p=1,x=0,y=40,w=40,h=80,c=4,r=4,"), writes[0])
        assertNoHalfBlocks(vt, in: try XCTUnwrap(cut.images.first).rect)
    }

    func testThroughTmuxTheVisiblePlaceholderCellsNameTheRowsShown() throws {
        let cut = screen(document(placeholders: true), top: 5)
        let p = try XCTUnwrap(cut.images.first)
        XCTAssertEqual(p.rect, Rect(x: 12, y: 2, width: 4, height: 4))
        // The first visible row is the picture's row 2, its columns 0-3.
        for row in 0..<4 {
            for col in 0..<4 {
                XCTAssertEqual(cut[12 + col, 2 + row].symbol, KittyPlaceholder.symbol(row: row + 2, column: col))
            }
        }
        let (vt, writes) = encode([cut])
        XCTAssertEqual(vt.graphics.virtualPlacements, [77])
        XCTAssertTrue(writes[0].contains("a=p,U=1,i=77,c=4,r=6"), "the virtual placement is the whole picture")
        XCTAssertFalse(writes[0].contains("▀") || writes[0].contains("▄"), writes[0])
        XCTAssertEqual(vt.screen[12, 2].symbol, KittyPlaceholder.symbol(row: 2, column: 0))
    }

    func testACutSixelIsHalfBlocksAndAWholeOneIsPixels() {
        XCTAssertEqual(screen(document(.sixel), top: 2).images.map(\.image.id), [77], "whole: pixels")
        let cut = screen(document(.sixel), top: 5)
        XCTAssertEqual(cut.images, [], "sixel cannot show part of a picture")
        XCTAssertEqual(cut[12, 2].style.foreground, HalfBlockCells.gradient(cols: 4, rows: 6, from: colour, to: RGB(200, 40, 40))
            .top[2 * 4].map { $0.color })
    }
}
