import Foundation
import PictureProtocols
import TerminalUI
import TestSupport
import XCTest

/// A character page in the backdrop layout (≥ 160x50) in a real kitty (0.26.5, software GL,
/// Xvfb): the picture is one placement, whole, beside the darkened panel (issue 35), the
/// covers strip in the panel, the help over it opaque, Esc gives back the grid as it was, and
/// nothing is left after quitting.
final class BackdropKittyEndToEndTests: XCTestCase {
    /// The panel: from its top-left to its bottom-right corner glyph.
    static func panel(_ vt: VirtualTerminal) -> Rect? {
        var topLeft: Point?, bottomRight: Point?
        for y in 0..<vt.screen.size.height {
            for x in 0..<vt.screen.size.width {
                let symbol = vt.screen[x, y].symbol
                if symbol == "╭", topLeft == nil { topLeft = Point(x: x, y: y) }
                if symbol == "╯" { bottomRight = Point(x: x, y: y) }
            }
        }
        guard let a = topLeft, let b = bottomRight else { return nil }
        return Rect(x: a.x, y: a.y, width: b.x - a.x + 1, height: b.y - a.y + 1)
    }

    /// The veil and the canvas under the cells' backgrounds (`PixelPictureLayer+KittyCanvas`).
    static let helpers: Set<UInt32> = [KittyGraphics.veilID, KittyGraphics.canvasID, KittyGraphics.opaqueID]

    /// The page's picture: the placement (not a veil or the canvas) left of the panel, as tall
    /// as the panel's rows at least.
    static func backdrop(_ vt: VirtualTerminal, panel: Rect) -> Rect? {
        vt.graphics.placements.first { !helpers.contains($0.key) && $0.value.maxX <= panel.minX && $0.value.height >= panel.height }?.value
    }

    /// `▀`/`▄` cells (a picture's half-block fallback) in `rect`.
    static func halfBlocks(_ vt: VirtualTerminal, in rect: Rect) -> Int {
        var n = 0
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX where vt.screen[x, y].symbol == "▀" || vt.screen[x, y].symbol == "▄" { n += 1 }
        }
        return n
    }

    /// The page's picture whole beside the panel (issue 35: it filled the screen, cut to its
    /// top third and scaled up 7x): one placement left of the panel, as tall as the body or
    /// nearly, in the 2:3 shape of the catalog's portraits, its pixels no more than twice the
    /// source's (300x450), no half-block cell; the covers strip inside the panel.
    func testTheBackdropShowsThePictureWholeBesideThePanel() throws {
        let run = try KittyRun("character 1011334", fontSize: 6)
        let vt = run.waitFor("the picture beside the panel") { vt in
            guard let panel = Self.panel(vt) else { return false }
            return Self.backdrop(vt, panel: panel) != nil
        }
        let box = try XCTUnwrap(Self.panel(vt))
        let picture = try XCTUnwrap(Self.backdrop(vt, panel: box))
        let cell = try XCTUnwrap(run.cellPixels())
        let covers = vt.graphics.placements.filter { !Self.helpers.contains($0.key) && $0.value != picture }.map(\.value)
        let pixels = (picture.width * cell.width, picture.height * cell.height)
        print("BackdropKittyEndToEndTests: \(cell.size) panel \(box), picture \(picture) = \(pixels.0)x\(pixels.1) px "
              + "(\(Double(pixels.1) / 450)x the source), \(covers.count) covers in the panel")
        XCTAssertGreaterThanOrEqual(cell.size.width, 160, "the backdrop layout")
        XCTAssertLessThanOrEqual(picture.maxX, box.minX, "beside the panel, not under it")
        XCTAssertGreaterThanOrEqual(picture.minY, 1)
        XCTAssertLessThanOrEqual(picture.maxY, cell.size.height - 1)
        XCTAssertLessThanOrEqual(pixels.1, 2 * 450 + cell.height, "never more than 2x the source")
        XCTAssertEqual(Double(pixels.0) / Double(pixels.1), 2.0 / 3.0, accuracy: 0.06, "the whole portrait, 2:3")
        XCTAssertNil(vt.graphics.placements[KittyGraphics.veilID], "no picture under the panel to dim")
        XCTAssertEqual(Self.halfBlocks(vt, in: picture), 0, "no half-block cell on the picture")
        for cover in covers {
            XCTAssertTrue(Rect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2).intersection(cover) == cover,
                          "a cover in the panel's interior: \(cover)")
        }
        XCTAssertEqual(vt.graphics.transmits.filter { !Self.helpers.contains($0.key) }.values.max(), 1)
        // kitty's own sign that it drew them: every placement's cells show a picture.
        let screen = try run.screenshotWhenDrawn(vt, name: "mg-kitty-backdrop.png")
        XCTAssertGreaterThan(Set(stride(from: 0, to: screen.pixels.count, by: 3 * 97).map { screen.pixels[$0] }).count, 50)

        run.key("q")
        XCTAssertTrue(run.waitForEnd(), "the page quit")
        let end = run.replay().graphics
        XCTAssertEqual(end.placements, [:], "no picture left on screen")
        XCTAssertEqual(end.stored, [], "every picture freed on the way out")
    }

    /// The help over the backdrop (issue 35): opaque as in xterm, no blank cell of it shows
    /// the picture or the panel under it (it did at 28 %), an opaque veil over exactly its box,
    /// and every cell outside the box as it was before it opened (the dimmed veil over the
    /// bounding box of help and panel darkened rows far above and below the help).
    func testHelpOverTheBackdropIsOpaqueAndDarkensNothingElse() throws {
        let run = try KittyRun("character 1011334", fontSize: 5)
        let page = run.waitFor("the backdrop under the panel") { vt in
            guard let panel = Self.panel(vt) else { return false }
            return Self.backdrop(vt, panel: panel) != nil
        }
        let before = try run.screenshotWhenDrawn(page, name: "mg-kitty-backdrop-help-before.png")
        let shows: (String) -> Bool = { $0.contains("closes this help") || $0.contains("other keys close") }
        run.key("?")
        let open = run.waitFor("the help over the backdrop") {
            shows($0.screen.text) && $0.graphics.placements[KittyGraphics.opaqueID] != nil
        }
        let cell = try XCTUnwrap(run.cellPixels())
        let box = try XCTUnwrap(OverlayShot.changed(page, open, size: cell.size), "the help's cells")
        XCTAssertEqual(open.graphics.placements[KittyGraphics.opaqueID], box, "the opaque veil covers the help's box")
        XCTAssertTrue(run.waitForText(shows), "kitty has the help")
        var best = (seeThrough: Int.max, outside: -Double.infinity)
        let deadline = Date().addingTimeInterval(30)
        repeat {
            let shot = try run.screenshotWhenDrawn(open, name: "mg-kitty-backdrop-help.png")
            let seeThrough = OverlayShot.seeThroughCells(open, in: shot, box: box, cell: cell)
            let outside = OverlayShot.outsidePSNR(shot, before, cell: cell, panel: box)
            if seeThrough < best.seeThrough || (seeThrough == best.seeThrough && outside > best.outside) { best = (seeThrough, outside) }
            if best.seeThrough == 0 && best.outside >= 30 { break }
            usleep(300_000)
        } while Date() < deadline
        print("BackdropKittyEndToEndTests: \(cell.size) help \(box) over the panel \(Self.panel(open).map { "\($0)" } ?? "-"): "
              + "\(best.seeThrough) blank cells show through; outside it against before: \(best.outside) dB")
        XCTAssertEqual(best.seeThrough, 0, "the help is opaque")
        XCTAssertGreaterThanOrEqual(best.outside, 30, "nothing outside the help's box is darkened")

        run.key("?")
        let back = run.waitFor("the page again") { !shows($0.screen.text) && $0.graphics.placements[KittyGraphics.opaqueID] == nil }
        XCTAssertEqual(back.graphics.placements, page.graphics.placements, "the page's placements as before")
    }

    /// From the grid to the first character's backdrop and back with Esc: the grid's tiles are
    /// placed again as they were, the backdrop and its veil are gone, and the screen is the
    /// grid's before (PSNR against the screenshot taken before opening the page).
    func testEscFromTheBackdropGivesBackTheGrid() throws {
        let run = try KittyRun("characters", fontSize: 6)
        let grid = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 15 }
        let tiles = grid.graphics.placements
        let gridShot = try run.screenshotWhenDrawn(grid, name: "mg-kitty-backdrop-grid.png")

        run.key("\r")
        let page = run.waitFor("the backdrop under the panel") { vt in
            guard let panel = Self.panel(vt) else { return false }
            return Self.backdrop(vt, panel: panel) != nil
        }
        let box = try XCTUnwrap(Self.panel(page))
        XCTAssertEqual(Self.halfBlocks(page, in: box), 0, "the panel is pixels, no half-block cell")
        _ = try run.screenshotWhenDrawn(page, name: "mg-kitty-backdrop-page.png")

        run.key("\u{1B}")
        let picture = try XCTUnwrap(page.graphics.placements.first { $0.value == Self.backdrop(page, panel: box) }?.key)
        let back = run.waitFor("the grid again") { vt in
            vt.graphics.placements[picture] == nil && vt.graphics.placements[KittyGraphics.veilID] == nil
                && vt.graphics.placements[KittyGraphics.canvasID] == nil
                && tiles.allSatisfy { vt.graphics.placements[$0.key] == $0.value }
        }
        XCTAssertNil(back.graphics.placements[KittyGraphics.veilID], "the veil is gone")
        XCTAssertNil(back.graphics.placements[KittyGraphics.canvasID], "the canvas is gone")
        XCTAssertNil(back.graphics.placements[picture], "the backdrop is gone")
        XCTAssertEqual(Self.halfBlocks(back, in: Rect(size: back.screen.size)), 0, "the grid is all pixels")
        let best = try run.score(back, against: gridShot, name: "mg-kitty-backdrop-back.png")
        print("BackdropKittyEndToEndTests: grid after Esc from the backdrop against before: \(best) dB")
        XCTAssertGreaterThanOrEqual(best, 25, "the grid comes back as it was")
    }
}
