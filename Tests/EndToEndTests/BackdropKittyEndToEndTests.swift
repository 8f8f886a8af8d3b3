import Foundation
import TerminalUI
import TestSupport
import XCTest

/// A character page in the backdrop layout (≥ 160x50) in a real kitty (0.26.5, software GL,
/// Xvfb): the picture is one placement under the darkened panel (issue 26: kept under the
/// text, `z` below INT32_MIN/2, a veil over the panel), the panel's cells are its pixels dimmed,
/// not half-blocks, the covers strip in the panel is drawn over it, Esc gives back the grid as
/// it was, and nothing is left after quitting.
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

    /// The veil and the canvas under the cells' backgrounds (`ANSIEncoder+KittyCanvas`).
    static let helpers: Set<UInt32> = [KittyGraphics.veilID, KittyGraphics.canvasID, KittyGraphics.opaqueID]

    /// The backdrop picture: the placement (not the veil or the canvas) that covers the whole panel.
    static func backdrop(_ vt: VirtualTerminal, panel: Rect) -> Rect? {
        vt.graphics.placements.first { !helpers.contains($0.key) && $0.value.intersection(panel) == panel }?.value
    }

    /// `▀`/`▄` cells (a picture's half-block fallback) in `rect`.
    static func halfBlocks(_ vt: VirtualTerminal, in rect: Rect) -> Int {
        var n = 0
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX where vt.screen[x, y].symbol == "▀" || vt.screen[x, y].symbol == "▄" { n += 1 }
        }
        return n
    }

    func testTheBackdropIsOnePictureUnderThePanel() throws {
        let run = try KittyRun("character 1011334", fontSize: 6)
        let vt = run.waitFor("the backdrop under the panel") { vt in
            guard let panel = Self.panel(vt) else { return false }
            return Self.backdrop(vt, panel: panel) != nil && vt.graphics.placements[KittyGraphics.veilID] != nil
        }
        let box = try XCTUnwrap(Self.panel(vt))
        let picture = try XCTUnwrap(Self.backdrop(vt, panel: box))
        let veil = try XCTUnwrap(vt.graphics.placements[KittyGraphics.veilID])
        let covers = vt.graphics.placements.filter { !Self.helpers.contains($0.key) && $0.value != picture }.map(\.value)
        print("BackdropKittyEndToEndTests: panel \(box), picture \(picture), veil \(veil), \(covers.count) covers in the panel")
        XCTAssertEqual(Point(x: picture.minX, y: picture.minY), Point(x: 0, y: 1), "the picture fills the body")
        XCTAssertGreaterThanOrEqual(picture.width, 160)
        XCTAssertTrue(veil.intersection(box) == box, "the veil covers the panel: \(veil)")
        XCTAssertEqual(Self.halfBlocks(vt, in: box), 0, "the panel is the picture's pixels, no half-block cell")
        XCTAssertEqual(Self.halfBlocks(vt, in: picture), 0, "no half-block cell anywhere on the picture")
        for cover in covers {
            XCTAssertTrue(Rect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2).intersection(cover) == cover,
                          "a cover in the panel's interior: \(cover)")
        }
        XCTAssertEqual(vt.graphics.placements[KittyGraphics.canvasID]?.origin, .zero, "the canvas under it all")
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
            return Self.backdrop(vt, panel: panel) != nil && vt.graphics.placements[KittyGraphics.veilID] != nil
        }
        let box = try XCTUnwrap(Self.panel(page))
        XCTAssertEqual(Self.halfBlocks(page, in: box), 0, "the panel is pixels, no half-block cell")
        _ = try run.screenshotWhenDrawn(page, name: "mg-kitty-backdrop-page.png")

        run.key("\u{1B}")
        let picture = try XCTUnwrap(page.graphics.placements.first { !Self.helpers.contains($0.key) && $0.value.intersection(box) == box }?.key)
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
