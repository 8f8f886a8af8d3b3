import XCTest
@testable import TerminalUI
import TestSupport

/// The kitty pictures kept in the terminal stay under the byte budget: the least recently shown
/// are freed (`a=d,d=I`), never one on the current frame, and one that comes back is sent again
/// before it is placed (checked on a virtual terminal that refuses to place a freed image).
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
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        enc.kittyStoreBudget = pictures * 6_400
        var vt = VirtualTerminal(size: frames[0].size)
        var front: Buffer?
        var writes: [[UInt8]] = []
        for f in frames {
            let bytes = enc.encode(front.map { BufferDiff(from: $0, to: f) } ?? BufferDiff.fullRepaint(f))
            vt.feed(bytes)
            writes.append(bytes)
            XCTAssertLessThanOrEqual(enc.kittyStoredBytes, max(enc.kittyStoreBudget, f.images.count * 6_400),
                                     "over budget after a frame (only the frame's own pictures may exceed it)")
            XCTAssertEqual(enc.kittyStoredBytes, vt.graphics.stored.count * 6_400, "the encoder and the terminal agree")
            front = f
        }
        return (vt, writes, enc)
    }

    func testALongWalkKeepsTheLeastRecentlyShownOutOfTheTerminal() {
        let frames = (1...12).map { frame([UInt32($0)]) }
        let (vt, writes, enc) = show(frames, budget: 4)
        // 5 pictures exceed 4: the oldest go until 3 are left (three quarters of the budget).
        XCTAssertTrue(s(writes[4]).contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), s(writes[4]))
        XCTAssertTrue(s(writes[4]).contains("\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"))
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
        XCTAssertEqual(vt.graphics.frees[1], 1, "1 was the least recently shown")
        XCTAssertTrue(s(writes[4]).contains("a=t,f=100,t=d,i=1,"), "sent again before it is placed")
        XCTAssertEqual(vt.graphics.transmits[1], 2)
        XCTAssertEqual(vt.graphics.placements[1], Rect(x: 0, y: 1, width: 4, height: 2))
        XCTAssertEqual(vt.unknownSequences, [], "never placed while freed")
    }

    func testRecentlyShownPicturesOutliveOlderOnes() {
        // 1 is shown again just before the budget is exceeded: 2 and 3 go first.
        let frames = [frame([1]), frame([2]), frame([3]), frame([1]), frame([4]), frame([5])]
        let (vt, _, _) = show(frames, budget: 4)
        XCTAssertNil(vt.graphics.frees[1])
        XCTAssertEqual(vt.graphics.frees[2], 1)
        XCTAssertTrue(vt.graphics.stored.contains(1))
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
        let budget = ANSIEncoder(depth: .truecolor, synchronizedOutput: false).kittyStoreBudget
        XCTAssertLessThanOrEqual(budget, 320_000_000 / 4)
        // A 200x60 screen of tiles at 10x20-pixel cells, twice over (a scroll down and back).
        XCTAssertGreaterThan(budget * 3 / 4, 2 * 200 * 10 * 60 * 20 * 4)
    }
}

/// A page's own picture (a quarter of the screen or more) is freed as soon as it leaves; tiles
/// stay for the way back.
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

    func testAPagesPictureIsFreedWhenItLeavesAndATileIsNot() {
        let page = cells(7, cols: 20, rows: 6), tile = cells(8, cols: 4, rows: 2)   // 120 and 8 of 480 cells
        let frames = [frame([(page, Point(x: 0, y: 0)), (tile, Point(x: 30, y: 0))]), frame([]),
                      frame([(page, Point(x: 0, y: 0)), (tile, Point(x: 30, y: 0))])]
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        var vt = VirtualTerminal(size: frames[0].size)
        var writes: [String] = []
        var front: Buffer?
        for f in frames {
            let bytes = enc.encode(front.map { BufferDiff(from: $0, to: f) } ?? BufferDiff.fullRepaint(f))
            vt.feed(bytes)
            writes.append(String(decoding: bytes, as: UTF8.self))
            front = f
        }
        XCTAssertTrue(writes[1].contains("\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\"), "the page's picture is freed when it leaves")
        XCTAssertFalse(writes[1].contains("d=I,i=8"), "the tile stays stored")
        XCTAssertEqual(vt.graphics.transmits, [7: 2, 8: 1], "the page's picture is sent again when it comes back")
        XCTAssertEqual(vt.graphics.placements.count, 2)
        XCTAssertEqual(vt.unknownSequences, [])
        XCTAssertEqual(enc.imagesFreed, 1)
    }
}
