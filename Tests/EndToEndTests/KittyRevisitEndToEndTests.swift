import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// No picture that can come back is lost in a real kitty 0.26.5 (Debian 12's; software GL
/// under Xvfb). That kitty frees every stored picture without a placement on any `a=d,d=I`
/// and on `CSI 2J`; freeing a detail page's picture on the way out emptied every grid tile for
/// good (issue 22: 11.8 dB against the grid before). The grid after Enter and Esc, the
/// character page after a comic and Esc, and the grid after a resize and back are screenshots
/// of the same picture as before (PSNR ≥ 25 dB), each taken once kitty has drawn every
/// placement the program made.
final class KittyRevisitEndToEndTests: XCTestCase {
    func testGridCoversAndResizeComeBackAsTheSamePicture() throws {
        let run = try KittyRun("characters")
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 15 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-revisit-grid.png")

        // Enter and Esc: the tiles were off screen while the page was shown.
        run.key("\r")
        let page = run.waitFor("the character page with its covers") { vt in
            vt.graphics.placements.count >= 3 && Set(vt.graphics.placements.keys).isDisjoint(with: tiles.keys)
        }
        let pagePlacements = page.graphics.placements
        let pageShot = try run.screenshotWhenDrawn(page, name: "mg-kitty-revisit-page.png")

        // A comic from the covers strip, and back: the strip's covers come back.
        run.key("\r")
        run.waitFor("the comic page") { vt in
            !vt.graphics.placements.isEmpty && Set(vt.graphics.placements.keys).isDisjoint(with: pagePlacements.keys)
        }
        run.key("\u{1b}")
        let pageAgain = run.waitFor("the character page again") { $0.graphics.placements == pagePlacements }
        let pageDB = try run.score(pageAgain, against: pageShot, name: "mg-kitty-revisit-page-again.png")

        run.key("\u{1b}")
        let gridAgain = run.waitFor("the grid again") { $0.graphics.placements == tiles }
        let gridDB = try run.score(gridAgain, against: gridShot, name: "mg-kitty-revisit-grid-again.png")

        // A resize (smaller tiles) and back: the full repaints keep the stored pictures.
        run.resize(width: 800, height: 600)
        run.waitFor("the smaller grid") { vt in
            vt.graphics.placements.count >= 6 && Set(vt.graphics.placements.keys).isDisjoint(with: tiles.keys)
        }
        run.resize(width: 1024, height: 768)
        let resized = run.waitFor("the grid at its first size") { $0.graphics.placements == tiles }
        let resizeDB = try run.score(resized, against: gridShot, name: "mg-kitty-revisit-resized.png")

        // Narrower and back, the height kept (the tiles keep their size, as from 160 to 200
        // columns): the first frame after each resize places every tile it shows, no frame of
        // empty boxes in between (kitty 0.26.5 freed them all on the repaint's `CSI 2J`).
        var mark = run.logBytes().count
        run.resize(width: 800, height: 768)
        let narrow = run.waitFor("the narrower grid") { vt in
            vt.graphics.placements.count >= 12 && vt.graphics.placements != tiles
        }
        let narrowFirst = try XCTUnwrap(run.replay(throughFirstFrameAfter: mark), "a frame after the resize")
        XCTAssertEqual(narrowFirst.graphics.placements, narrow.graphics.placements, "the first frame at 800 px wide")
        mark = run.logBytes().count
        run.resize(width: 1024, height: 768)
        let wide = run.waitFor("the grid at its first size again") { $0.graphics.placements == tiles }
        let wideFirst = try XCTUnwrap(run.replay(throughFirstFrameAfter: mark), "a frame after the resize")
        XCTAssertEqual(wideFirst.graphics.placements, tiles, "the first frame back at 1024 px wide")
        let widthDB = try run.score(wide, against: gridShot, name: "mg-kitty-revisit-width.png")
        XCTAssertGreaterThanOrEqual(widthDB, 25, "the grid after a narrower window and back")
        print("KittyRevisitEndToEndTests: width-only resize: first frames place \(narrowFirst.graphics.placements.count) "
              + "and \(wideFirst.graphics.placements.count) tiles; back \(widthDB) dB")

        print("KittyRevisitEndToEndTests: \(tiles.count) tiles; character page after a comic \(pageDB) dB, "
              + "grid after Enter+Esc \(gridDB) dB, after a resize and back \(resizeDB) dB; "
              + "\(resized.graphics.transmitCount) transmits, \(resized.graphics.frees.values.reduce(0, +)) frees")
        XCTAssertGreaterThanOrEqual(pageDB, 25, "the covers strip after a comic and Esc")
        XCTAssertGreaterThanOrEqual(gridDB, 25, "the grid after Enter and Esc")
        XCTAssertGreaterThanOrEqual(resizeDB, 25, "the grid after a resize and back")
        XCTAssertEqual(resized.unknownSequences.filter { $0.contains("not stored") }, [],
                       "no picture placed after kitty freed it")
        XCTAssertEqual(tiles.keys.compactMap { resized.graphics.transmits[$0] }.max(), 1, "no tile sent twice")

        run.key("q")
        XCTAssertTrue(run.waitForEnd(), "the gallery quit")
        let end = run.replay().graphics
        XCTAssertEqual(end.placements, [:], "no picture left on screen")
        XCTAssertEqual(end.stored, [], "every picture freed on the way out")
    }
}
