import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// The kitty pictures kept in the terminal stay under the byte budget: past it the pictures off
/// screen are freed (`a=d,d=I`), never one on the current frame, and one that comes back is
/// sent again before it is placed (checked on a virtual terminal that frees like kitty 0.26.5,
/// every unplaced picture on any `d=I` or `CSI 2J`, and refuses to place a freed image).
final class KittyImageBudgetTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A 4x2-cell picture of 40x40 pixels: 6,400 bytes in the terminal.
    private func picture(_ id: UInt32, placeholders: Bool = false) -> HalfBlockCells {
        var cells = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(UInt8(id % 200), 90, 200))
        cells.pixels = TerminalImage(id: id, graphics: .kitty, placeholders: placeholders, cols: 4, rows: 2,
                                     payload: Array("PIXELS-\(id)".utf8), pixelSize: Size(width: 40, height: 40))
        return cells
    }

    private func frame(_ ids: [UInt32], placeholders: Bool = false) -> Buffer {
        var b = Buffer(size: Size(width: 40, height: 6))
        for (i, id) in ids.enumerated() {
            b.render(HalfBlockImage(picture(id, placeholders: placeholders)), in: Rect(x: i * 5, y: 1, width: 4, height: 2))
        }
        b.settleImages()
        return b
    }

    /// Shows `frames` on one encoder with room for `budget` pictures; the writes per frame.
    private func show(_ frames: [Buffer], budget pictures: Int) -> (VirtualTerminal, [[UInt8]], ANSIEncoder) {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.kittyStoreBudget = pictures * 6_400
        return encodeFrames(frames, on: enc) { enc, vt, f in
            XCTAssertLessThanOrEqual(enc.kittyStoredBytes, max(enc.kittyStoreBudget, f.images.count * 6_400),
                                     "over budget after a frame (only the frame's own pictures may exceed it)")
            XCTAssertEqual(enc.kittyStoredBytes, vt.graphics.stored.count * 6_400, "the encoder and the terminal agree")
        }
    }

    func testALongWalkKeepsTheTerminalUnderBudget() {
        let frames = (1...12).map { frame([UInt32($0)]) }
        let (vt, writes, enc) = show(frames, budget: 4)
        // 5 pictures exceed 4: kitty 0.26.5 frees every unplaced picture on a `d=I`, so all four
        // that are off screen go (each named, for a newer kitty that frees only the one named).
        for id in 1...4 { XCTAssertTrue(s(writes[4]).contains("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"), s(writes[4])) }
        XCTAssertFalse(s(writes[4]).contains("d=I,i=5,"), "the picture on screen stays")
        XCTAssertLessThanOrEqual(vt.graphics.stored.count, 4)
        XCTAssertTrue(vt.graphics.stored.contains(12))
        XCTAssertEqual(vt.graphics.transmits.values.max(), 1)
        XCTAssertEqual(enc.imagesFreed, vt.graphics.frees.values.reduce(0, +))
        XCTAssertGreaterThanOrEqual(enc.imagesFreed, 8)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testAFreedPictureThatComesBackIsSentAgain() {
        let frames = [frame([1]), frame([2]), frame([3]), frame([4]), frame([1])]
        let (vt, writes, _) = show(frames, budget: 3)
        XCTAssertEqual(vt.graphics.frees[1], 1, "1 was off screen when the budget ran out")
        XCTAssertTrue(s(writes[4]).contains("a=t,f=100,t=d,i=1,"), "sent again before it is placed")
        XCTAssertEqual(vt.graphics.transmits[1], 2)
        XCTAssertEqual(vt.graphics.placements[1], Rect(x: 0, y: 1, width: 4, height: 2))
        XCTAssertEqual(vt.unknownSequences, [], "never placed while freed")
    }

    func testThroughPlaceholdersRecentlyShownPicturesOutliveOlderOnes() {
        // Virtual placements keep a picture from kitty's sweep: there the least recently shown
        // go first. 1 is shown again just before the budget is exceeded: 2 and 3 go first.
        let frames = [frame([1], placeholders: true), frame([2], placeholders: true), frame([3], placeholders: true),
                      frame([1], placeholders: true), frame([4], placeholders: true), frame([5], placeholders: true)]
        let (vt, _, _) = show(frames, budget: 4)
        XCTAssertNil(vt.graphics.frees[1])
        XCTAssertEqual(vt.graphics.frees[2], 1)
        XCTAssertTrue(vt.graphics.stored.contains(1))
    }

    func testTheVirtualTerminalFreesLikeKitty0265() {
        // Two stored pictures, one placed: freeing the placed one takes the other too, and so
        // does a full-screen erase (kitty 0.26.5's filter_refs and grman_clear).
        var vt = VirtualTerminal(size: Size(width: 20, height: 4))
        vt.feed(KittyGraphics.transmit(png: [1], id: 1) + KittyGraphics.transmit(png: [2], id: 2)
                + KittyGraphics.place(id: 1, placement: 1) + KittyGraphics.free(id: 1))
        XCTAssertEqual(vt.graphics.stored, [])
        vt.feed(KittyGraphics.transmit(png: [2], id: 2) + KittyGraphics.deletePlacement(id: 2, placement: 1)
                + KittyGraphics.deletePlacements + Array("\u{1B}[H\u{1B}[J".utf8))
        XCTAssertEqual(vt.graphics.stored, [2], "d=i, d=a and an erase from the corner keep the picture")
        vt.feed(Array("\u{1B}[2J".utf8) + KittyGraphics.place(id: 2, placement: 1))
        XCTAssertEqual(vt.graphics.stored, [])
        XCTAssertEqual(vt.unknownSequences, ["kitty place of image 2, not stored"])
    }

    func testAFullRepaintKeepsTheStoredPictures() {
        // A resize repaints from a cleared screen: the tiles stay stored and are placed again,
        // not one transmitted twice (kitty 0.26.5 frees them all on `CSI 2J`).
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let grid = frame([1, 2, 3]), other = frame([4])
        vt.feed(enc.encode(BufferDiff.fullRepaint(grid)))  // nothing stored yet: `CSI 2J` loses nothing
        for bytes in [enc.encode(BufferDiff(from: grid, to: other)), enc.encode(BufferDiff.fullRepaint(other)),
                      enc.encode(BufferDiff(from: other, to: grid))] {
            XCTAssertFalse(s(bytes).contains("\u{1B}[2J"), s(bytes))
            vt.feed(bytes)
        }
        XCTAssertEqual(vt.graphics.transmits, [1: 1, 2: 1, 3: 1, 4: 1])
        XCTAssertEqual(Set(vt.graphics.placements.keys), [1, 2, 3])
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testPicturesOnTheFrameAreNeverFreedEvenOverBudget() {
        let frames = [frame([1, 2, 3]), frame([4, 5, 6])]
        let (vt, writes, _) = show(frames, budget: 1)
        XCTAssertFalse(s(writes[0]).contains("d=I"), "all three are on screen")
        XCTAssertEqual(vt.graphics.placements.count, 3, "the second frame's three")
        for id: UInt32 in 1...3 { XCTAssertEqual(vt.graphics.frees[id], 1) }
        XCTAssertEqual(Set(vt.graphics.placements.keys), [4, 5, 6])
    }

    func testThroughTmuxTheFreeGoesThroughPassthroughToo() {
        let frames = [frame([1], placeholders: true), frame([2], placeholders: true), frame([3], placeholders: true)]
        let (vt, writes, _) = show(frames, budget: 2)
        XCTAssertTrue(s(writes[2]).contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\u{1B}\\\u{1B}\\"), s(writes[2]))
        XCTAssertFalse(vt.graphics.virtualPlacements.contains(1))
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testTheDefaultBudgetIsWellBelowKittysQuotaAndHoldsSeveralScreens() {
        let budget = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer()).kittyStoreBudget
        XCTAssertLessThanOrEqual(budget, 320_000_000 / 4)
        // A 200x60 screen of tiles at 10x20-pixel cells, twice over (a scroll down and back).
        XCTAssertGreaterThan(budget * 3 / 4, 2 * 200 * 10 * 60 * 20 * 4)
    }
}

/// A page's own picture (a quarter of the screen or more) leaving does not take the grid's
/// tiles with it (issue 22: kitty 0.26.5 freed every unplaced tile with the page's `d=I`).
final class KittyLargePictureTests: XCTestCase {
    private func cells(_ id: UInt32, cols: Int, rows: Int) -> HalfBlockCells {
        var cells = HalfBlockCells.solid(cols: cols, rows: rows, rgb: RGB(UInt8(id % 200), 90, 200))
        cells.pixels = TerminalImage(id: id, graphics: .kitty, cols: cols, rows: rows, payload: Array("PIXELS-\(id)".utf8))
        return cells
    }

    private func frame(_ pictures: [(HalfBlockCells, Point)]) -> Buffer {
        var b = Buffer(size: Size(width: 40, height: 12))
        for (p, at) in pictures { b.render(HalfBlockImage(p), in: Rect(origin: at, size: Size(width: p.cols, height: p.rows))) }
        b.settleImages()
        return b
    }

    func testTheGridsTilesSurviveADetailPageAndAreNotSentAgain() {
        let tiles = (0..<6).map { (cells(UInt32(10 + $0), cols: 4, rows: 2), Point(x: 5 * $0, y: 0)) }
        let page = cells(7, cols: 20, rows: 6)   // 120 of 480 cells
        let frames = [frame(tiles), frame([(page, Point(x: 0, y: 2))]), frame(tiles),
                      frame([(page, Point(x: 0, y: 2))]), frame(tiles)]
        let (vt, bytes, enc) = encodeFrames(frames, on: ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())) { _, vt, _ in
            XCTAssertEqual(vt.unknownSequences, [], "a picture placed after kitty freed it")
        }
        let writes = bytes.map { String(decoding: $0, as: UTF8.self) }
        XCTAssertFalse(writes.joined().contains("d=I"), "nothing freed under the budget")
        XCTAssertTrue(writes[2].contains("\u{1B}_Ga=d,d=i,i=7,p=1,q=2\u{1B}\\"), "the page's placement is deleted")
        XCTAssertEqual(vt.graphics.transmits, [7: 1, 10: 1, 11: 1, 12: 1, 13: 1, 14: 1, 15: 1], "each sent once")
        XCTAssertEqual(Set(vt.graphics.placements.keys), Set(10...15))
        XCTAssertEqual(enc.imagesFreed, 0)
    }
}
