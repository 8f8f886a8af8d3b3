import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The characters gallery in a real kitty (software GL, under Xvfb), with nothing forced:
/// detection picks kitty graphics. Replayed from `script`'s log (`KittyRun`): the first screen
/// places ≥ 19 pictures, and a page down and back transmits no picture twice.
final class GalleryKittyEndToEndTests: XCTestCase {
    func testGalleryInKittyPlacesNineteenPicturesAndAScrollDownAndBackSendsNoneTwice() throws {
        let run = try KittyRun("characters")
        // 21 tiles at this size, two of them Marvel's "image not available" (hatching, no pixels).
        let firstVT = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 19 }
        let first = firstVT.graphics
        let firstScreen = Set(first.placements.keys)
        print("GalleryKittyEndToEndTests: first screen \(first.placements.count) placements, \(first.transmitCount) transmits")
        XCTAssertGreaterThanOrEqual(first.placements.count, 19)
        // kitty's own sign that it drew them: every placement's cells show a picture.
        let screen = try run.screenshotWhenDrawn(firstVT, name: "mg-kitty-gallery.png")
        XCTAssertGreaterThan(Set(stride(from: 0, to: screen.pixels.count, by: 3 * 97).map { screen.pixels[$0] }).count, 50)

        // The row below the screen is sent ahead once its pictures are decoded: held, not placed.
        let ahead = run.waitFor("the next row sent ahead") { vt in
            vt.graphics.stored.subtracting(vt.graphics.placements.keys).count >= 3
        }.graphics
        print("GalleryKittyEndToEndTests: \(ahead.stored.count - ahead.placements.count) pictures sent ahead")
        XCTAssertTrue(Set(ahead.placements.keys) == firstScreen, "sending ahead places nothing")

        run.key("\\x1b[6~")  // Page Down
        run.waitFor("the next screen") { !$0.graphics.placements.isEmpty && Set($0.graphics.placements.keys).isDisjoint(with: firstScreen) }
        run.key("\\x1b[5~")  // Page Up
        let back = run.waitFor("the first screen again") { Set($0.graphics.placements.keys) == firstScreen }.graphics
        print("GalleryKittyEndToEndTests: after down and back \(back.transmitCount) transmits of \(back.transmits.count) pictures")
        XCTAssertEqual(back.transmits.values.max(), 1, "no picture transmitted twice")

        run.key("q")
        XCTAssertTrue(run.waitForEnd(), "the gallery quit")
        let end = run.replay().graphics
        XCTAssertEqual(end.placements, [:], "no picture left on screen")
        XCTAssertEqual(end.stored, [], "every picture freed on the way out")
    }
}
