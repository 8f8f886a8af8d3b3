import Foundation
import TerminalUI
import TestSupport
import XCTest

/// A character page in the narrow (stacked) layout in a real kitty (0.26.5, software GL, Xvfb):
/// scrolled so the viewport's top cuts the picture, the rows still in view stay pixels (one
/// placement with kitty's source rectangle, cut at the cell boundary), not half-blocks, and
/// scrolled back the whole picture is placed again, never sent twice.
final class KittyDetailScrollEndToEndTests: XCTestCase {
    func testAPictureScrolledPartlyOffStaysPixels() throws {
        let run = try KittyRun("character 1011334", fontSize: 9)
        // Narrow and short (under 100 columns): the picture sits on top of the details.
        _ = run.waitFor("the page") { $0.screen.text.contains("3-D Man") }
        run.resize(width: 640, height: 520)
        // The page's picture: the placement at the top of the body, the tallest one.
        func picture(_ vt: VirtualTerminal) -> (id: UInt32, rect: Rect)? {
            vt.graphics.placements.filter { $0.value.minY == 1 && $0.value.height > 4 }
                .max { $0.value.height < $1.value.height }.map { ($0.key, $0.value) }
        }
        let page = run.waitFor("the narrow page's picture") { vt in
            run.fitsWindow(vt) && picture(vt) != nil && vt.screen.text.contains("Modified")
                && (run.cells()?.width ?? 200) < 100
        }
        let whole = try XCTUnwrap(picture(page), "\(page.graphics.placements) in \(String(describing: run.cells())) cells")
        _ = try run.screenshotWhenDrawn(page, name: "mg-kitty-detail-scroll-whole.png")
        let mark = run.logBytes().count

        run.key("jjj")
        let cut = run.waitFor("the picture cut by the viewport's top") { vt in
            guard let r = vt.graphics.placements[whole.id] else { return false }
            return r.minY == 1 && r.height == whole.rect.height - 3
        }
        let rect = try XCTUnwrap(cut.graphics.placements[whole.id])
        XCTAssertEqual(BackdropKittyEndToEndTests.halfBlocks(cut, in: rect), 0, "the rows in view are pixels")
        let bytes = String(decoding: run.logBytes()[mark...], as: UTF8.self)
        let cell = try XCTUnwrap(run.cellPixels())
        print("KittyDetailScrollEndToEndTests: picture \(whole.rect), cut to \(rect), cell \(cell.width)x\(cell.height)")
        XCTAssertTrue(bytes.contains("a=p,i=\(whole.id),p=1,x=0,y=\(3 * cell.height),"), "the source rectangle starts 3 rows down")
        XCTAssertFalse(bytes.contains("a=t,f=100,t=d,i=\(whole.id),") || bytes.contains("t=t,i=\(whole.id),"), "not sent again")
        let shot = try run.screenshotWhenDrawn(cut, name: "mg-kitty-detail-scroll-cut.png")
        XCTAssertGreaterThan(Set(stride(from: 0, to: shot.pixels.count, by: 3 * 97).map { shot.pixels[$0] }).count, 20)

        run.key("kkk")
        let back = run.waitFor("the whole picture again") { $0.graphics.placements[whole.id] == whole.rect }
        XCTAssertEqual(back.graphics.transmits[whole.id], 1, "transmitted once")
        run.key("q")
        XCTAssertTrue(run.waitForEnd(), "the page quit")
        XCTAssertEqual(run.replay().graphics.placements, [:], "no picture left on screen")
    }
}
