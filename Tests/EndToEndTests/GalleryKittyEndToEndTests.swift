import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The characters gallery in a real kitty (software GL, under Xvfb), with nothing forced:
/// detection picks kitty graphics. Replayed from `script`'s log (`KittyRun`): the first screen
/// places ≥ 20 pictures, and a page down and back transmits no picture twice.
final class GalleryKittyEndToEndTests: XCTestCase {
    func testGalleryInKittyPlacesTwentyPicturesAndAScrollDownAndBackSendsNoneTwice() throws {
        let run = try KittyRun("characters")
        let first = run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 20 }.graphics
        let firstScreen = Set(first.placements.keys)
        print("GalleryKittyEndToEndTests: first screen \(first.placements.count) placements, \(first.transmitCount) transmits")
        XCTAssertGreaterThanOrEqual(first.placements.count, 20)
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-gallery.png").path
        if let screen = try? run.x.screenshot(importPath: run.found["import"]!, to: shot) {
            // Pictures, not blank boxes: many distinct colours on the screen.
            XCTAssertGreaterThan(Set(stride(from: 0, to: screen.pixels.count, by: 3 * 97).map { screen.pixels[$0] }).count, 50)
            print("GalleryKittyEndToEndTests: screenshot \(shot)")
        }

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
