import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// `z` in real kitty 0.26.5 under Xvfb: the selected tile's picture alone, one placed picture
/// (no half-blocks) as tall as the screen less its caption, centred; Esc, and the grid's
/// placements and pixels are back as they were, no picture sent again.
final class FullPictureKittyEndToEndTests: XCTestCase {
    func testZIsOnePlacedPictureAndEscBringsTheGridBack() throws {
        let run = try KittyRun("characters")
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 12 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-z-grid.png")
        let size = try XCTUnwrap(run.cells(), "kitty's window in cells")

        run.key("z")
        let full = run.waitFor("the full picture") {
            $0.screen.text.contains("any key goes back") && $0.graphics.placements.count == 1
        }
        let picture = try XCTUnwrap(full.graphics.placements.values.first)
        print("FullPictureKittyEndToEndTests: \(size.width)x\(size.height) cells, the picture placed at \(picture)")
        XCTAssertEqual(KittyOverlayEndToEndTests.halfBlocks(full), 0, "all pixels")
        XCTAssertEqual(picture.height, size.height - 1, "as tall as the screen less the caption")
        XCTAssertLessThanOrEqual(picture.maxY, size.height - 1, "the caption row stays text")
        XCTAssertLessThanOrEqual(abs((picture.minX + picture.maxX) - size.width), 2, "centred")
        _ = try run.screenshotWhenDrawn(full, name: "mg-kitty-z-full.png")

        run.key("\u{1B}")
        let back = run.waitFor("the grid again") {
            !$0.screen.text.contains("any key goes back") && $0.graphics.placements.count == tiles.count
        }
        XCTAssertEqual(back.graphics.placements, tiles, "the same placements")
        XCTAssertEqual(back.graphics.transmits.filter { $0.value > 1 }, [:], "no tile sent twice")
        let closed = try run.score(back, against: gridShot, name: "mg-kitty-z-back.png", minimum: 40)
        print("FullPictureKittyEndToEndTests: the grid after z and Esc against before: \(closed) dB")
        XCTAssertGreaterThanOrEqual(closed, 40, "the grid comes back as it was")
    }
}
