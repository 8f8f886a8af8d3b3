import Foundation
import TerminalUI
import TestSupport
import XCTest

/// A character page in the backdrop layout (≥ 160x50) in a real kitty: the picture is placed in
/// four pieces around the darkened panel, none under the panel's text (the covers strip inside
/// the panel is the only other pixels), and nothing is left after quitting.
final class BackdropKittyEndToEndTests: XCTestCase {
    func testTheBackdropsPiecesSurroundThePanelAndNoneIsUnderIt() throws {
        let run = try KittyRun("character 1011334", fontSize: 6)
        /// The panel: from its top-left to its bottom-right corner glyph.
        func panel(_ vt: VirtualTerminal) -> Rect? {
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
        let vt = run.waitFor("the backdrop's pieces") { vt in
            guard let panel = panel(vt) else { return false }
            return vt.graphics.placements.values.filter { !$0.intersects(panel) }.count >= 4
        }
        let box = try XCTUnwrap(panel(vt))
        let placements = Array(vt.graphics.placements.values)
        let outside = placements.filter { !$0.intersects(box) }
        let inside = placements.filter { $0.intersection(box) == $0 }
        print("BackdropKittyEndToEndTests: panel \(box), pieces \(outside), \(inside.count) covers in the panel")
        XCTAssertEqual(outside.count, 4, "the picture in four pieces around the panel")
        XCTAssertEqual(outside.count + inside.count, placements.count, "no placement crosses the panel's edge")
        for cover in inside {
            XCTAssertTrue(Rect(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2).intersection(cover) == cover,
                          "a cover in the panel's interior: \(cover)")
        }
        // The pieces and the panel tile the picture (the screen between header and status line).
        let minX = outside.map(\.minX).min()!, minY = outside.map(\.minY).min()!
        let maxX = outside.map(\.maxX).max()!, maxY = outside.map(\.maxY).max()!
        XCTAssertEqual(Point(x: minX, y: minY), Point(x: 0, y: 1))
        XCTAssertEqual(outside.reduce(0) { $0 + $1.width * $1.height } + box.width * box.height, (maxX - minX) * (maxY - minY))
        XCTAssertGreaterThanOrEqual(maxX - minX, 160)
        XCTAssertEqual(vt.graphics.transmits.values.max(), 1)
        // kitty's own sign that it drew them: every placement's cells show a picture.
        let screen = try run.screenshotWhenDrawn(vt, name: "mg-kitty-backdrop.png")
        XCTAssertGreaterThan(Set(stride(from: 0, to: screen.pixels.count, by: 3 * 97).map { screen.pixels[$0] }).count, 50)

        run.key("q")
        XCTAssertTrue(run.waitForEnd(), "the page quit")
        let end = run.replay().graphics
        XCTAssertEqual(end.placements, [:], "no picture left on screen")
        XCTAssertEqual(end.stored, [], "every picture freed on the way out")
    }
}
