import Foundation
import Synchronization
import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// A sixel or iTerm2 picture cut by a scrolled viewport's edge (the detail page's picture,
/// stacked layout) stays pixels: the part inside the viewport is a piece of those cells, cut
/// by the same cutter as the pieces around an overlay (`PictureCutter`), drawn at the visible
/// cells. No half-block cell is written for it; without a cutter it is half-blocks as before.
final class CroppedPixelPiecesTests: XCTestCase {
    /// Cuts by name, recording each piece asked for: the piece's payload says which cells of
    /// which picture it holds.
    final class NamedCutter: PictureCutter, @unchecked Sendable {
        private let asked = Mutex<[Rect]>([])
        var cells: [Rect] { asked.withLock { asked in asked } }

        func piece(of image: TerminalImage, cells: Rect) -> TerminalImage? {
            asked.withLock { asked in asked.append(cells) }
            let name = "PIECE-\(image.id)-\(cells.x),\(cells.y),\(cells.width)x\(cells.height)"
            return TerminalImage(id: image.id * 1000 + UInt32(cells.y * 10 + cells.height), graphics: image.graphics,
                                 cols: cells.width, rows: cells.height,
                                 payload: Array((image.graphics == .sixel ? "\u{1B}Pq#0\(name)\u{1B}\\" : name).utf8),
                                 pixelSize: Size(width: cells.width * 10, height: cells.height * 20), fillsCells: image.fillsCells)
        }
    }

    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private let screenSize = Size(width: 40, height: 12)
    private let viewport = Rect(x: 10, y: 2, width: 20, height: 8)

    /// A document holding one 4x6-cell picture (40x120 pixels: 10x20 cells) at lines 3-8.
    /// `fills`: its pixels fill its cells (cover-fitted, as the detail page's picture is).
    private func document(_ graphics: GraphicsProtocol, fills: Bool = true) -> Buffer {
        var cells = HalfBlockCells.gradient(cols: 4, rows: 6, from: RGB(31, 90, 200), to: RGB(200, 40, 40))
        cells.pixels = TerminalImage(id: 77, graphics: graphics, cols: 4, rows: 6,
                                     payload: Array((graphics == .sixel ? "\u{1B}Pq#0WHOLE\u{1B}\\" : "WHOLE").utf8),
                                     pixelSize: Size(width: 40, height: fills ? 120 : 113), fillsCells: fills)
        var doc = Buffer(size: Size(width: 20, height: 30))
        doc.put("title", at: .zero)
        doc.render(HalfBlockImage(cells), in: Rect(x: 2, y: 3, width: 4, height: 6))
        doc.settleImages()
        return doc
    }

    /// The screen with the document's lines `top...` in the viewport, as the detail page
    /// copies them, settled as the runner settles a frame.
    private func screen(_ doc: Buffer, top: Int, cutter: (any PictureCutter)?, overlay: Rect? = nil) -> Buffer {
        var b = Buffer(size: screenSize)
        b.put("header", at: .zero)
        for row in 0..<viewport.height where top + row < doc.size.height {
            for x in 0..<viewport.width { b.set(doc[x, top + row], at: Point(x: viewport.x + x, y: viewport.y + row)) }
        }
        b.copyImages(from: doc, top: top, into: viewport)
        if let overlay { b.fill(overlay, with: Cell("x")) }
        b.settleImages(cutter: cutter)
        return b
    }

    private func encode(_ frames: [Buffer], picturesAreCells: Bool = false) -> (VirtualTerminal, [String]) {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: true, pictures: PixelPictureLayer())
        enc.picturesAreCells = picturesAreCells
        let (vt, writes, _) = encodeFrames(frames, on: enc, size: screenSize)
        return (vt, writes.map(s))
    }

    private func halfBlocks(_ text: String) -> Bool { text.contains("▀") || text.contains("▄") }

    private func checkCutByTheTop(_ graphics: GraphicsProtocol) throws {
        let cutter = NamedCutter()
        // Scrolled down 5 lines: the picture's first 2 rows are above the viewport.
        let cut = screen(document(graphics), top: 5, cutter: cutter)
        XCTAssertEqual(cut.images.count, 1)
        let p = try XCTUnwrap(cut.images.first)
        XCTAssertEqual(p.rect, Rect(x: 12, y: 2, width: 4, height: 4), "drawn at the visible cells")
        XCTAssertEqual(p.cutFrom, 77)
        XCTAssertNil(p.crop, "a picture of its own, whole")
        XCTAssertEqual(cutter.cells, [Rect(x: 0, y: 2, width: 4, height: 4)], "the picture's rows 2-5, all its columns")
        XCTAssertEqual(p.image.pixelSize, Size(width: 40, height: 80), "4x4 cells of 10x20 pixels")
        XCTAssertEqual(cut.cutAway, [], "its piece shows other pixels than the whole had there")
        let (vt, writes) = encode([cut])
        XCTAssertEqual(vt.graphics.pixelDraws, [Point(x: 12, y: 2)])
        // iTerm2 sends the picture's file in base64.
        func sent(_ name: String) -> String { graphics == .sixel ? name : Data(name.utf8).base64EncodedString() }
        XCTAssertTrue(writes[0].contains(sent("PIECE-77-0,2,4x4")), writes[0])
        XCTAssertFalse(writes[0].contains(sent("WHOLE")), "the whole picture is not drawn")
        if graphics == .iterm2 { XCTAssertTrue(writes[0].contains("\u{1B}]1337;File=inline=1;size=16;width=4;height=4;"), writes[0]) }
        XCTAssertFalse(halfBlocks(writes[0]), writes[0])
        for y in p.rect.minY..<p.rect.maxY {
            for x in p.rect.minX..<p.rect.maxX {
                XCTAssertEqual(vt.screen[x, y].style.background, .default, "no picture colour at \(x),\(y)")
            }
        }
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testASixelCutByTheTopIsAPieceOfItsVisibleCells() throws {
        try checkCutByTheTop(.sixel)
    }

    func testAnITerm2PictureCutByTheTopIsAPieceOfItsVisibleCells() throws {
        try checkCutByTheTop(.iterm2)
    }

    func testACutByTheBottomIsAPieceOfItsTopRows() throws {
        let cutter = NamedCutter()
        let cut = screen(document(.sixel), top: 0, cutter: cutter)
        XCTAssertEqual(cut.images.map(\.rect), [Rect(x: 12, y: 5, width: 4, height: 5)])
        XCTAssertEqual(cutter.cells, [Rect(x: 0, y: 0, width: 4, height: 5)])
        XCTAssertFalse(halfBlocks(encode([cut]).1[0]))
    }

    func testEveryScrollStepIsPixelsAndAStepBackDrawsThePieceItHadBefore() {
        let cutter = NamedCutter()
        let doc = document(.sixel)
        let tops = [2, 3, 4, 5, 7, 8, 9, 5, 2]
        let frames = tops.map { screen(doc, top: $0, cutter: cutter) }
        let (vt, writes) = encode(frames)
        for (top, w) in zip(tops, writes) { XCTAssertFalse(halfBlocks(w), "no half-block at line \(top): \(w)") }
        XCTAssertTrue(writes[0].contains("WHOLE") && writes[1].contains("WHOLE"), "whole while all of it is in view")
        XCTAssertTrue(writes[2].contains("PIECE-77-0,1,4x5"), writes[2])
        XCTAssertTrue(writes[5].contains("PIECE-77-0,5,4x1"), writes[5])
        XCTAssertEqual(frames[6].images, [], "wholly above the viewport: nothing")
        XCTAssertTrue(writes[7].contains("PIECE-77-0,2,4x4"), writes[7])
        XCTAssertTrue(writes[8].contains("WHOLE"), "whole again")
        XCTAssertEqual(frames[3].images, frames[7].images, "the same piece for the same cells")
        XCTAssertEqual(vt.graphics.pixelDraws.count, 8)
        XCTAssertEqual(vt.screen.text, frames.last?.text)
    }

    /// xterm and mlterm keep pictures in their cells: the piece one row shorter (or the whole
    /// again) drawn over the old one, and text written over the row it leaves, wipe it; no
    /// clear, so a scroll step does not blank the screen first. Elsewhere, and for a picture
    /// whose pixels do not fill its cells, a step still clears.
    func testWhereTerminalsKeepPicturesInCellsAScrollStepDoesNotClear() {
        let tops = [2, 3, 4, 5, 7, 8, 5, 3, 2]
        for graphics in [GraphicsProtocol.sixel, .iterm2] {
            let doc = document(graphics)
            let cutter = NamedCutter()
            let frames = tops.map { screen(doc, top: $0, cutter: cutter) }
            let (vt, writes) = encode(frames, picturesAreCells: true)
            for (top, w) in zip(tops, writes).dropFirst() {
                XCTAssertFalse(w.contains("\u{1B}[2J"), "\(graphics) line \(top): no clear")
                XCTAssertFalse(halfBlocks(w))
            }
            XCTAssertEqual(vt.graphics.pixelDraws.count, tops.count, "one picture a step")
            XCTAssertEqual(vt.screen.text, frames.last?.text)

            XCTAssertTrue(encode(frames).1.dropFirst(2).allSatisfy { $0.contains("\u{1B}[2J") },
                          "\(graphics): a terminal not known to keep pictures in cells clears")
            let short = document(graphics, fills: false)
            let shortFrames = tops.map { screen(short, top: $0, cutter: NamedCutter()) }
            // Lines 4, 5, 7, 8 and 5 again: a part of it drawn in place of another.
            XCTAssertTrue(encode(shortFrames, picturesAreCells: true).1[2...6].allSatisfy { $0.contains("\u{1B}[2J") },
                          "\(graphics): pixels that do not fill their cells could leave a sliver: cleared")
        }
    }

    func testAFrameWhereNothingMovedSendsNothing() {
        let doc = document(.iterm2)
        let cutter = NamedCutter()
        let (_, writes) = encode([screen(doc, top: 5, cutter: cutter), screen(doc, top: 5, cutter: cutter)])
        XCTAssertEqual(writes[1], "", "the same piece: nothing written")
    }

    func testAnOverlayOverACutPictureLeavesItsOtherCellsAsPieces() throws {
        let cutter = NamedCutter()
        // The part shown is rows 2-5 at screen rows 2-5; an overlay covers screen columns 14-15 of rows 3-4.
        let overlay = Rect(x: 14, y: 3, width: 10, height: 2)
        let cut = screen(document(.sixel), top: 5, cutter: cutter, overlay: overlay)
        let shown = Rect(x: 12, y: 2, width: 4, height: 4)
        XCTAssertEqual(Set(cut.images.map(\.rect)), Set(shown.around(overlay)))
        // Cells of the picture itself: the crop's rows 2-5 start at its row 2.
        XCTAssertEqual(Set(cutter.cells), Set(shown.around(overlay).map {
            Rect(x: $0.x - shown.x, y: $0.y - shown.y + 2, width: $0.width, height: $0.height)
        }))
        XCTAssertFalse(cut.images.contains { $0.rect.intersects(overlay) })
    }

    func testWithoutACutterTheCutPartIsHalfBlocks() {
        let cut = screen(document(.sixel), top: 5, cutter: nil)
        XCTAssertEqual(cut.images, [])
        XCTAssertTrue(halfBlocks(encode([cut]).1[0]) || cut[12, 2].style.background != .default)
    }
}
