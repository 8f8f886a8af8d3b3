import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// A character page in the narrow (stacked) layout in `xterm -ti vt340` (sixel) under Xvfb:
/// scrolled so the viewport's top cuts the picture, the rows still in view stay pixels (a
/// sixel of exactly those cells, drawn at the viewport's top), never half-blocks on the way;
/// on screen they are the whole picture's lower rows (the screenshot against the one taken
/// before the scroll, shifted by the rows scrolled). Scrolled back, the whole picture again.
final class XtermDetailScrollEndToEndTests: XCTestCase {
    typealias Session = XtermScrollEndToEndTests.Session

    /// The sixel pictures in `log`, in order: where each was drawn (on a virtual terminal fed
    /// the same bytes) and its size (its raster attributes).
    static func sixels(_ log: [UInt8], size: Size) -> (vt: VirtualTerminal, pictures: [(at: Point, size: Size)]) {
        var vt = VirtualTerminal(size: size)
        vt.feed(log)
        let text = String(decoding: log, as: UTF8.self)
        // Only whole sixels (their ST has come), as `pixelDraws` counts them: a log read while a
        // picture is being written ends inside one, and counting its size would pair every
        // place with the next picture's size.
        let raster = #/\x1BP[0-9;]*q"\d+;\d+;(\d+);(\d+)[^\x1B]*\x1B\\/#
        let sizes = text.matches(of: raster).map { Size(width: Int($0.1) ?? 0, height: Int($0.2) ?? 0) }
        // The start-up questions (XTGETTCAP, DECRQSS) are DCS strings with a `q` too, counted
        // as draws before any picture: the pictures are the last draws.
        return (vt, zip(vt.graphics.pixelDraws.suffix(sizes.count), sizes).map { ($0, $1) })
    }

    /// A log read while a picture is being written: the picture not yet ended is not counted,
    /// and every whole one keeps its own size.
    func testSixelsPairsEachWholePictureWithItsOwnSize() {
        func sixel(_ w: Int, _ h: Int, ended: Bool = true) -> String {
            "\u{1B}P0;1;0q\"1;1;\(w);\(h)#0~-" + (ended ? "\u{1B}\\" : "")
        }
        let log = "\u{1B}P+q544e\u{1B}\\" + "\u{1B}[2;3H" + sixel(168, 240) + "\u{1B}[9;5H" + sixel(80, 15)
            + "\u{1B}[2;3H" + sixel(168, 225, ended: false)
        let found = Self.sixels(Array(log.utf8), size: Size(width: 40, height: 20)).pictures
        XCTAssertEqual(found.map(\.at), [Point(x: 2, y: 1), Point(x: 4, y: 8)])
        XCTAssertEqual(found.map(\.size), [Size(width: 168, height: 240), Size(width: 80, height: 15)])
    }

    func testASixelPictureScrolledPartlyOffStaysPixels() throws {
        let found = try XDisplay.require(["Xvfb", "import", "xterm", "python3"])
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        // Narrow (under 100 columns): the picture sits on top of the details, the page scrolls.
        let size = Size(width: 72, height: 30)
        let s = try Session(found: found, terminal: { script in
            [found["xterm"]!, "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "9", "-geometry", "72x30+0+0",
             "-bg", "black", "-fg", "white", "-xrm", "XTerm*numColorRegisters: 256", "-e", script]
        }, command: ["character", "1011334"])
        func halfBlocks(_ text: String) -> Bool { text.contains("▀") || text.contains("▄") }
        /// Polls the log until `condition` holds on its sixels; the last ones it saw.
        func waitFor(_ what: String, _ condition: (VirtualTerminal, [(at: Point, size: Size)]) -> Bool)
            -> (vt: VirtualTerminal, pictures: [(at: Point, size: Size)]) {
            let deadline = Date().addingTimeInterval(120)
            var seen = Self.sixels(s.bytes(), size: size)
            while Date() < deadline {
                seen = Self.sixels(s.bytes(), size: size)
                if condition(seen.vt, seen.pictures) { return seen }
                usleep(100_000)
            }
            XCTFail("timed out waiting for \(what); screen:\n\(seen.vt.screen.text)\n\(seen.pictures)")
            return seen
        }
        // The page's picture: the sixel drawn at the top of the body (row 1), the whole page drawn.
        let page = waitFor("the page and its picture") { vt, pictures in
            vt.screen.text.contains("Modified") && !halfBlocks(vt.screen.text) && pictures.contains { $0.at.y == 1 }
        }
        let whole = try XCTUnwrap(page.pictures.last { $0.at.y == 1 })
        XCTAssertTrue(s.sync(), "xterm answered after the page")
        let shotDir = ProcessInfo.processInfo.environment["MG_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? s.dir
        let wholeShot = try s.x.screenshot(importPath: found["import"]!, to: shotDir.appendingPathComponent("xterm-detail-whole.png").path)

        // One row: the picture's cell height is what it lost.
        var drawn = page.pictures.count
        let mark = s.bytes().count
        s.keys("j")
        let one = waitFor("the picture one row shorter") { _, pictures in
            pictures.dropFirst(drawn).contains { $0.at == whole.at && $0.size.width == whole.size.width && $0.size.height < whole.size.height }
        }
        let cell = whole.size.height - (one.pictures.dropFirst(drawn).last { $0.at == whole.at }?.size.height ?? 0)
        XCTAssertTrue((8...40).contains(cell) && whole.size.height % cell == 0, "cut at a cell boundary: \(whole.size) lost \(cell) px")
        drawn = one.pictures.count
        s.keys("jj")
        let cut = waitFor("the picture three rows shorter") { _, pictures in
            pictures.dropFirst(drawn).contains { $0.at == whole.at && $0.size.height == whole.size.height - 3 * cell }
        }
        XCTAssertTrue(s.sync(), "xterm answered after the scroll")
        let scrolled = Array(s.bytes()[mark...])
        let scrolledText = String(decoding: scrolled, as: UTF8.self)
        XCTAssertFalse(halfBlocks(scrolledText), "no half-block written on the way")
        // xterm keeps pictures in its cells: the shorter piece drawn over the old one and the
        // text written over the row it left wipe it, so a step does not blank the screen.
        XCTAssertFalse(scrolledText.contains("\u{1B}[2J") || scrolledText.contains("\u{1B}[H\u{1B}[J"), "no clear")
        XCTAssertFalse(halfBlocks(cut.vt.screen.text))
        let piece = try XCTUnwrap(cut.pictures.last { $0.at == whole.at })
        XCTAssertEqual(piece.size, Size(width: whole.size.width, height: whole.size.height - 3 * cell), "the visible cells' pixels")
        let cutShot = try s.x.screenshot(importPath: found["import"]!, to: shotDir.appendingPathComponent("xterm-detail-cut.png").path)

        // On screen the band of the picture's visible rows is the whole picture's lower rows:
        // the same pixels three rows up (the window's border found by the best match).
        let w = min(wholeShot.width, cutShot.width), h = piece.size.height
        var best = 0.0
        for border in 0...8 {
            let top = border + whole.at.y * cell
            guard top + 3 * cell + h <= wholeShot.height, top + h <= cutShot.height else { continue }
            let a = cutShot.cropped(x: 0, y: top, width: w, height: h)
            let b = wholeShot.cropped(x: 0, y: top + 3 * cell, width: w, height: h)
            best = max(best, psnr(a.pixels, b.pixels))
        }
        print("XtermDetailScrollEndToEndTests: picture \(whole.size.width)x\(whole.size.height) px at \(whole.at), "
              + "cell height \(cell), cut to \(piece.size.width)x\(piece.size.height) px; 3 rows down \(scrolled.count) B; "
              + "visible rows vs the whole picture's \(best) dB")
        XCTAssertGreaterThanOrEqual(best, 30, "the visible part shows the picture's lower rows, as pixels")

        drawn = cut.pictures.count
        s.keys("kkk")
        _ = waitFor("the whole picture again") { vt, pictures in
            pictures.dropFirst(drawn).contains { $0.at == whole.at && $0.size == whole.size } && !halfBlocks(vt.screen.text)
        }
        s.keys("q")
    }
}
