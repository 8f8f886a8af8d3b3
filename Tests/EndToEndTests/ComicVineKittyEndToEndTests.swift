import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// `--source comicvine` in a real kitty (software GL, under Xvfb) against the Comic Vine
/// stand-in (100 ms a request): the first screen's pictures are placed as kitty graphics, and
/// kitty's own screenshot shows each tile's own character (each picture has its own colour);
/// a detail page and back, then quit, leave no picture behind.
final class ComicVineKittyEndToEndTests: XCTestCase {
    func testEveryTileShowsItsOwnPortraitInKittyThroughADetailAndBack() throws {
        let cv = try ComicVineTestServer(latency: .milliseconds(100))
        let run = try KittyRun("characters --source comicvine --comicvine-url '\(cv.baseURL.absoluteString)'",
                               environment: ["COMICVINE_API_KEY": cv.apiKey])
        var text = ""
        XCTAssertTrue(run.waitForText(timeout: 60) { text = $0; return GalleryScreen($0).names.count >= 12 },
                      "the grid's names:\n\(text)")
        let shown = GalleryScreen(text).names
        let wanted = Set(shown.compactMap { cv.characterID(named: $0) }.map { Self.colour(ComicVineTestServer.colour(ofCharacter: $0)) })
        XCTAssertEqual(wanted.count, shown.count, "every name shown is a stand-in character: \(shown)")
        let grid = run.waitFor("every tile's picture placed") { $0.graphics.placements.count >= shown.count }
        let rects = Array(grid.graphics.placements.values)

        // kitty's own pixels: the middle of every placement is one of the shown characters'
        // colours, and every shown character's colour is there.
        guard let cell = run.cellPixels() else { return XCTFail("kitty's cell size") }
        var seen = Set<Int>()
        var shot: RGBImage?
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, seen != wanted {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-comicvine.png").path
            let image = try run.x.screenshot(importPath: run.found["import"]!, to: path)
            shot = image
            seen = Set(rects.map { rect in
                let x = (rect.x * 2 + rect.width) * cell.width / 2, y = (rect.y * 2 + rect.height) * cell.height / 2
                let i = (min(y, image.height - 1) * image.width + min(x, image.width - 1)) * 3
                return Self.nearest((image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]), in: wanted)
            }.compactMap { $0 })
            if seen != wanted { usleep(200_000) }
        }
        print("ComicVineKittyEndToEndTests: \(shown.count) tiles, \(rects.count) placements, "
              + "\(seen.intersection(wanted).count) own colours on kitty's screen, \(cv.apiHits) API requests")
        XCTAssertEqual(seen, wanted, "kitty shows each tile's own picture (screenshot \(NSTemporaryDirectory())mg-kitty-comicvine.png)")
        XCTAssertNotNil(shot)
        XCTAssertLessThanOrEqual(cv.apiHits, 2)

        let firstScreen = Set(grid.graphics.placements.keys)
        run.key("\r")
        // Counts Comic Vine's record does not give are "…", never a made-up 0.
        XCTAssertTrue(run.waitForText(timeout: 60) { $0.contains("a made record.") && $0.contains("Series …") && $0.contains("Events …") },
                      "the detail page, its unknown counts shown as such")
        let detail = run.waitFor("the detail's picture") { vt in
            !vt.graphics.placements.isEmpty && Set(vt.graphics.placements.keys).isDisjoint(with: firstScreen)
        }
        _ = try run.screenshotWhenDrawn(detail, name: "mg-kitty-comicvine-detail.png", minColours: 1)
        run.key("\\x1b")
        run.waitFor("the grid again") { Set($0.graphics.placements.keys).isSuperset(of: firstScreen) }
        run.key("q")
        XCTAssertTrue(run.waitForEnd(), "the gallery quit")
        let end = run.replay().graphics
        XCTAssertEqual(end.placements, [:], "no picture left on screen")
        XCTAssertEqual(end.stored, [], "every picture freed on the way out")
    }

    private static func colour(_ rgb: (UInt8, UInt8, UInt8)) -> Int { Int(rgb.0) << 16 | Int(rgb.1) << 8 | Int(rgb.2) }

    /// The wanted colour within 12 a channel of `rgb` (a scaled, blended pixel may differ by a
    /// few steps), the nearest if several; nil if none.
    private static func nearest(_ rgb: (UInt8, UInt8, UInt8), in wanted: Set<Int>) -> Int? {
        let channels = [Int(rgb.0), Int(rgb.1), Int(rgb.2)]
        return wanted.map { c in (c, zip(channels, [c >> 16, (c >> 8) & 255, c & 255]).map { abs($0 - $1) }.max()!) }
            .filter { $0.1 <= 12 }.min { $0.1 < $1.1 }?.0
    }
}
