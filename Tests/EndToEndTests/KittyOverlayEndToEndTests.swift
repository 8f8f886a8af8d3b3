import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// Overlays over kitty pictures (issue 26): the help drawn over the grid keeps every tile a
/// placed picture (kitty draws it under the text and under cells with a background colour,
/// `KittyGraphics.underCells`), where it used to turn the tiles it touched into half-blocks;
/// closing it gives back the grid as it was (PSNR ≥ 25 dB against the screenshot before). Real
/// kitty 0.26.5 under Xvfb, software GL.
final class KittyOverlayEndToEndTests: XCTestCase {
    func testHelpOverTheGridKeepsThePicturesAndClosesBackToTheGrid() throws {
        let run = try KittyRun("characters")
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 15 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-overlay-grid.png")
        XCTAssertEqual(Self.halfBlocks(grid), 0, "the grid is all pixels")

        run.key("?")
        let help = run.waitFor("the help over the grid") { Self.showsHelp($0) }
        XCTAssertEqual(help.graphics.placements.filter { $0.key != KittyGraphics.veilID }, tiles,
                       "every tile stays placed under the help")
        XCTAssertNotNil(help.graphics.placements[KittyGraphics.veilID], "a veil between the tiles and the help's text")
        XCTAssertEqual(Self.halfBlocks(help), 0, "no tile is knocked down to half-blocks")
        // kitty shows them: the tiles the help does not reach are still pictures on screen.
        let helpShot = try run.screenshotWhenDrawn(help, name: "mg-kitty-overlay-help.png")
        XCTAssertGreaterThan(psnr(helpShot.pixels, gridShot.pixels), 10, "the grid still shows around the help")

        run.key("?")
        let back = run.waitFor("the grid again") { !Self.showsHelp($0) }
        XCTAssertEqual(back.graphics.placements, tiles, "the same placements, the veil gone")
        XCTAssertEqual(back.graphics.transmits.filter { $0.key != KittyGraphics.veilID && $0.value > 1 }, [:],
                       "no picture sent twice")
        var best = -Double.infinity
        let deadline = Date().addingTimeInterval(30)
        repeat {
            let shot = try run.screenshotWhenDrawn(back, name: "mg-kitty-overlay-closed.png")
            best = max(best, psnr(shot.pixels, gridShot.pixels))
            if best >= 25 { break }
            usleep(300_000)
        } while Date() < deadline
        print("KittyOverlayEndToEndTests: grid with the help closed against before: \(best) dB")
        XCTAssertGreaterThanOrEqual(best, 25, "the grid comes back as it was")
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
