import Foundation
import ImageCore
import PictureProtocols
import TerminalUI
import TestSupport
import XCTest

/// The help and the A–Z index over a kitty grid, in real kitty 0.26.5 under Xvfb (software GL).
/// The tiles an overlay touches stay placed pictures, under its text (issue 26), over the
/// canvas that paints every cell's background (`PixelPictureLayer+KittyCanvas`): without it this
/// kitty showed the overlay's changed cells over their old glyphs (tile names, the hatching of
/// "not available" tiles) and drew coloured cells in the wrong colour. Checked on screenshots
/// against the grid before and the canvas the program sent (`OverlayShot`).
final class KittyOverlayEndToEndTests: XCTestCase {
    func testHelpOverTheGridKeepsTheTilesAsPicturesUnderItsText() throws {
        let run = try KittyRun("characters")
        try overlay(in: run, key: "?", close: "?", what: "the help", minTiles: 4, opaque: true) { text in
            text.contains("closes this help") || text.contains("other keys close")
        }
    }

    /// The A–Z index bar over the comics grid (at 1024x768 it lies over the bottom of the
    /// last row's covers; over the characters grid it only reaches names and frames).
    func testIndexOverTheComicsGridKeepsTheCoversAsPicturesUnderIt() throws {
        let run = try KittyRun("comics")
        try overlay(in: run, key: "i", close: "\u{1B}", what: "the index", minTiles: 2) { $0.contains("jump to it") }
    }

    /// Opens an overlay over the first screen of a kitty grid and closes it again: every tile
    /// stays placed (no half-blocks; veil and canvas placed), and, once kitty's own screen holds
    /// the overlay (`kitty @ get-text`), screenshots until one shows it whole: no blank cell off
    /// the colour the canvas gives it (an old glyph), the blank cells of the tiles under it
    /// their pictures dimmed by the veil (>= 25 dB against the grid shot x71/255), the rest as
    /// before (>= 30 dB); closed, the grid as it was (>= 25 dB).
    private func overlay(in run: KittyRun, key: String, close: String, what: String, minTiles: Int, opaque: Bool = false,
                         file: StaticString = #filePath, line: UInt = #line,
                         shows: @escaping (String) -> Bool) throws {
        // A first screen, every tile placed (waitFor also waits for no loading mark): 14 covers
        // on the comics grid, whose labels want wider tiles, more on the characters grid.
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 12 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-overlay-grid.png")
        XCTAssertEqual(Self.halfBlocks(grid), 0, "the grid is all pixels", file: file, line: line)

        run.key(key)
        let open = run.waitFor(what + " over the grid") {
            shows($0.screen.text) && $0.graphics.placements[KittyGraphics.canvasID] != nil
        }
        for (id, rect) in tiles {
            XCTAssertEqual(open.graphics.placements[id], rect, "tile \(id) stays placed under \(what)", file: file, line: line)
        }
        XCTAssertEqual(Self.halfBlocks(open), 0, "no tile gives way to half-blocks", file: file, line: line)
        if opaque {
            XCTAssertNotNil(open.graphics.placements[KittyGraphics.opaqueID], "the opaque veil over the box", file: file, line: line)
        } else {
            XCTAssertNotNil(open.graphics.placements[KittyGraphics.veilID], "the veil over the tiles under it", file: file, line: line)
        }
        XCTAssertEqual(open.graphics.placements[KittyGraphics.canvasID]?.origin, .zero, "the canvas from the top-left cell",
                       file: file, line: line)
        let cell = try XCTUnwrap(run.cellPixels())
        let panel = try XCTUnwrap(OverlayShot.changed(grid, open, size: cell.size), "the overlay's cells")
        // The last canvas of the whole frames: a read of the log can end inside a frame being
        // written, its canvas cut short (no PNG to decode).
        let canvas = try XCTUnwrap(OverlayShot.lastCanvas(run.logOfWholeFrames()), "the canvas sent")
        XCTAssertEqual(canvas.cols, cell.size.width, file: file, line: line)
        let touched = tiles.values.filter { $0.intersects(panel) }
        XCTAssertGreaterThanOrEqual(touched.count, minTiles, "\(what) lies over tiles", file: file, line: line)

        XCTAssertTrue(run.waitForText(shows), "kitty has \(what)", file: file, line: line)
        var best = (stale: Int.max, dimmed: -Double.infinity, outside: -Double.infinity)
        let deadline = Date().addingTimeInterval(30)
        repeat {
            let shot = try run.screenshotWhenDrawn(open, name: "mg-kitty-overlay-open.png")
            let stale = OverlayShot.staleCells(open, in: shot, canvas: canvas, cell: cell, pictures: Array(tiles.values))
            // An opaque box (the help): no blank cell of it shows what is under it (infinite
            // when none does), where the index dims the tiles under it.
            let dimmed = opaque
                ? (OverlayShot.seeThroughCells(open, in: shot, box: panel, cell: cell) == 0 ? .infinity : 0)
                : OverlayShot.dimmedPSNR(open, in: shot, grid: gridShot, cell: cell, pictures: touched, panel: panel)
            let outside = OverlayShot.outsidePSNR(shot, gridShot, cell: cell, panel: panel)
            if stale < best.stale || (stale == best.stale && dimmed + outside > best.dimmed + best.outside) {
                best = (stale, dimmed, outside)
            }
            if best.stale == 0 && best.dimmed >= 25 && best.outside >= 30 { break }
            usleep(300_000)
        } while Date() < deadline
        print("KittyOverlayEndToEndTests: \(what) \(panel) over \(touched.count) tiles: \(best.stale) blank cells off their "
              + "colour; tiles under it against the grid x71/255: \(best.dimmed) dB; outside it against the grid: \(best.outside) dB")
        XCTAssertEqual(best.stale, 0, "every blank cell is its own colour (no old glyph)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(best.dimmed, 25, opaque ? "nothing shows through \(what)" : "the tiles under \(what) are their pictures, veiled",
                                    file: file, line: line)
        XCTAssertGreaterThanOrEqual(best.outside, 30, "the rest of the screen as before", file: file, line: line)

        run.key(close)
        let back = run.waitFor("the grid again") {
            !shows($0.screen.text) && $0.graphics.placements.count == tiles.count
        }
        XCTAssertEqual(back.graphics.placements, tiles, "the same placements, canvas and veil gone", file: file, line: line)
        XCTAssertEqual(back.graphics.transmits.filter { $0.value > 1 }, [:], "no picture sent twice", file: file, line: line)
        let closed = try run.score(back, against: gridShot, name: "mg-kitty-overlay-closed.png")
        print("KittyOverlayEndToEndTests: grid with \(what) closed against before: \(closed) dB")
        XCTAssertGreaterThanOrEqual(closed, 25, "the grid comes back as it was", file: file, line: line)
    }

    /// Cells drawn as `▀`/`▄` (a picture's half-block fallback) on the program's screen.
    static func halfBlocks(_ vt: VirtualTerminal) -> Int {
        var n = 0
        for y in 0..<vt.screen.size.height {
            for x in 0..<vt.screen.size.width where vt.screen[x, y].symbol == "▀" || vt.screen[x, y].symbol == "▄" { n += 1 }
        }
        return n
    }
}
