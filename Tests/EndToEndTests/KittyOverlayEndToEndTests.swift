import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The help over a kitty grid, in real kitty 0.26.5 under Xvfb (software GL). The tiles the help
/// touches stay placed pictures, under its text (issue 26), over the canvas that paints every
/// cell's background (`ANSIEncoder+KittyCanvas`): without it this kitty showed the help's
/// changed cells over their old glyphs (tile names, the hatching of "not available" tiles).
/// Checked on screenshots: the help's blank cells are their own colour (no old glyph), the
/// tiles under it are their pictures dimmed by the veil, and closing the help gives back the
/// grid as it was (PSNR >= 25 dB against the screenshot before).
final class KittyOverlayEndToEndTests: XCTestCase {
    func testHelpOverTheGridKeepsTheTilesAsPicturesUnderItsText() throws {
        let run = try KittyRun("characters")
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 15 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-overlay-grid.png")
        XCTAssertEqual(Self.halfBlocks(grid), 0, "the grid is all pixels")

        run.key("?")
        let help = run.waitFor("the help over the grid") {
            Self.showsHelp($0) && $0.graphics.placements[KittyGraphics.canvasID] != nil
        }
        for (id, rect) in tiles {
            XCTAssertEqual(help.graphics.placements[id], rect, "tile \(id) stays placed under the help")
        }
        XCTAssertEqual(Self.halfBlocks(help), 0, "no tile gives way to half-blocks")
        XCTAssertNotNil(help.graphics.placements[KittyGraphics.veilID], "the veil over the tiles under the help")
        XCTAssertEqual(help.graphics.placements[KittyGraphics.canvasID]?.origin, .zero, "the canvas from the top-left cell")
        let cell = try XCTUnwrap(run.cellPixels())
        let panel = try XCTUnwrap(OverlayShot.changed(grid, help, size: cell.size), "the help's cells")
        let canvas = try XCTUnwrap(OverlayShot.lastCanvas(run.logBytes()), "the canvas sent")
        XCTAssertEqual(canvas.cols, cell.size.width)
        let touched = tiles.values.filter { $0.intersects(panel) }
        XCTAssertGreaterThanOrEqual(touched.count, 4, "the help lies over tiles")

        // kitty's own signal: its screen holds the help (`kitty @ get-text`); then screenshots
        // until one shows it whole (no blank cell off its canvas colour, the tiles under the
        // help their pictures dimmed by the veil, the rest as before), or the time is up.
        XCTAssertTrue(run.waitForText("closes this help") || run.waitForText("other keys close"), "kitty has the help")
        var best = (stale: Int.max, dimmed: -Double.infinity, outside: -Double.infinity)
        let deadline = Date().addingTimeInterval(30)
        repeat {
            let shot = try run.screenshotWhenDrawn(help, name: "mg-kitty-overlay-help.png")
            let stale = OverlayShot.staleCells(help, in: shot, canvas: canvas, cell: cell, pictures: Array(tiles.values))
            let dimmed = OverlayShot.dimmedPSNR(help, in: shot, grid: gridShot, cell: cell, pictures: touched, panel: panel)
            let outside = OverlayShot.outsidePSNR(shot, gridShot, cell: cell, panel: panel)
            if stale < best.stale || (stale == best.stale && dimmed + outside > best.dimmed + best.outside) {
                best = (stale, dimmed, outside)
            }
            if best.stale == 0 && best.dimmed >= 25 && best.outside >= 30 { break }
            usleep(300_000)
        } while Date() < deadline
        print("KittyOverlayEndToEndTests: help \(panel) over \(touched.count) tiles: \(best.stale) blank cells off their "
              + "colour; tiles under it against the grid x71/255: \(best.dimmed) dB; outside it against the grid: \(best.outside) dB")
        XCTAssertEqual(best.stale, 0, "every blank cell is its own colour (no old glyph)")
        XCTAssertGreaterThanOrEqual(best.dimmed, 25, "the tiles under the help are their pictures, veiled")
        XCTAssertGreaterThanOrEqual(best.outside, 30, "the rest of the screen as before")

        run.key("?")
        let back = run.waitFor("the grid again") {
            !Self.showsHelp($0) && $0.graphics.placements.count == tiles.count
        }
        XCTAssertEqual(back.graphics.placements, tiles, "the same placements, canvas and veil gone")
        XCTAssertEqual(back.graphics.transmits.filter { $0.value > 1 }, [:], "no picture sent twice")
        let closed = try run.score(back, against: gridShot, name: "mg-kitty-overlay-closed.png")
        print("KittyOverlayEndToEndTests: grid with the help closed against before: \(closed) dB")
        XCTAssertGreaterThanOrEqual(closed, 25, "the grid comes back as it was")
    }

    /// The help's footer is on screen (either form: it fits, or it scrolls).
    static func showsHelp(_ vt: VirtualTerminal) -> Bool {
        let text = vt.screen.text
        return text.contains("closes this help") || text.contains("other keys close")
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
