import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The help over a kitty grid, in real kitty 0.26.5 under Xvfb (software GL). Tiles the help
/// touches give way to their half-blocks; the rest stay placed pictures, and closing the help
/// gives back the grid as it was (PSNR >= 25 dB against the screenshot before). Keeping the
/// tiles under the text (z below INT32_MIN/2) was tried (issue 26): this kitty then drew the
/// help's changed cells beside the pictures over their old glyphs (tile names and the hatching
/// of "not available" tiles read through the help; `kitty @ get-text` held the right text), so
/// only a backdrop stays under its panel (`BackdropKittyEndToEndTests`).
final class KittyOverlayEndToEndTests: XCTestCase {
    func testHelpOverTheGridIsLegibleAndClosesBackToTheGrid() throws {
        let run = try KittyRun("characters")
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 15 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-overlay-grid.png")
        XCTAssertEqual(Self.halfBlocks(grid), 0, "the grid is all pixels")

        run.key("?")
        let help = run.waitFor("the help over the grid") { Self.showsHelp($0) }
        XCTAssertNil(help.graphics.placements[KittyGraphics.veilID], "no tile is kept under the help's text")
        let untouched = help.graphics.placements.filter { tiles[$0.key] == $0.value }
        XCTAssertLessThan(untouched.count, tiles.count, "the tiles the help touches give way (to their half-blocks)")
        XCTAssertGreaterThan(untouched.count, 0, "the tiles the help does not reach stay pictures")
        _ = try run.screenshotWhenDrawn(help, name: "mg-kitty-overlay-help.png")

        run.key("?")
        let back = run.waitFor("the grid again") { !Self.showsHelp($0) && $0.graphics.placements.count == tiles.count }
        XCTAssertEqual(back.graphics.placements, tiles, "the same placements")
        XCTAssertEqual(back.graphics.transmits.filter { $0.value > 1 }, [:], "no picture sent twice")
        let best = try run.score(back, against: gridShot, name: "mg-kitty-overlay-closed.png")
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
