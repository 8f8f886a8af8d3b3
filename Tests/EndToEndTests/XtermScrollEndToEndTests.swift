import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The real gallery in `xterm -ti vt340` (sixel) under Xvfb: one Down that scrolls a tile row
/// is a scroll of the screen that carries the pictures (xterm moves them) plus the new row,
/// and what xterm shows then is the screen drawn afresh at that position (detail and back,
/// which repaints from a cleared screen): PSNR ≥ 30 dB between the two screenshots.
///
/// The program runs on its own pty under `scripts/pty-relay.py`, which logs its output (read
/// back on a virtual terminal to know what was written), types keys, and asks xterm for its
/// device attributes after a frame: xterm's answer is the signal that it has drawn it.
final class XtermScrollEndToEndTests: XCTestCase {
    final class Session {
        let x: XDisplay
        let dir: URL
        let log: String
        let control: FileHandle
        var syncs = 0

        init(found: [String: String], columns: Int, rows: Int) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-xterm-scroll-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            log = dir.appendingPathComponent("out.log").path
            let fifo = dir.appendingPathComponent("control").path
            guard mkfifo(fifo, 0o600) == 0 else { throw XCTSkip("mkfifo failed") }
            let relay = RepoPaths.root.appendingPathComponent("scripts/pty-relay.py").path
            let script = dir.appendingPathComponent("run.sh").path
            try """
            #!/bin/sh
            exec '\(found["python3"]!)' '\(relay)' '\(fifo)' '\(log)' -- '\(RepoPaths.executable.path)' characters --image-cache '\(dir.path)/images'
            """.write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            x = try XDisplay(xvfb: found["Xvfb"]!)
            try x.launch([found["xterm"]!, "-ti", "vt340", "-geometry", "\(columns)x\(rows)+0+0", "-bg", "black", "-fg", "white",
                          "-xrm", "XTerm*numColorRegisters: 256", "-e", script],
                         environment: ["XDG_CACHE_HOME": dir.path + "/cache", "XDG_CONFIG_HOME": dir.path + "/config"])
            // Opening for writing waits for the relay to open its end.
            control = try FileHandle(forWritingTo: URL(fileURLWithPath: fifo))
        }

        deinit {
            x.stop()
            try? FileManager.default.removeItem(at: dir)
        }

        func bytes() -> [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()) }

        func replay(size: Size) -> VirtualTerminal {
            var vt = VirtualTerminal(size: size)
            vt.feed(bytes())
            return vt
        }

        func keys(_ text: String) {
            control.write(Data(("keys " + text.utf8.map { String(format: "%02x", $0) }.joined() + "\n").utf8))
        }

        /// Asks xterm for its device attributes and waits for the answer.
        func sync(timeout: TimeInterval = 60) -> Bool {
            syncs += 1
            let marker = dir.appendingPathComponent("synced-\(syncs)").path
            control.write(Data("sync \(marker)\n".utf8))
            return x.waitFor(file: marker, timeout: timeout)
        }

        /// Polls the log until `condition` holds on what it drew.
        func waitFor(_ what: String, size: Size, timeout: TimeInterval = 120, _ condition: (VirtualTerminal) -> Bool) -> VirtualTerminal? {
            let deadline = Date().addingTimeInterval(timeout)
            var vt = replay(size: size)
            while Date() < deadline {
                vt = replay(size: size)
                if condition(vt) { return vt }
                usleep(100_000)
            }
            XCTFail("timed out waiting for \(what); screen:\n\(vt.screen.text)")
            return nil
        }
    }

    func testATileRowScrollInXtermShowsTheFreshlyDrawnScreenAtThirtyDecibels() throws {
        let found = try XDisplay.require(["Xvfb", "import", "xterm", "python3"])
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        let size = Size(width: 160, height: 50)
        let s = try Session(found: found, columns: size.width, rows: size.height)
        func screen(_ vt: VirtualTerminal) -> GalleryScreen { GalleryScreen(vt.screen.text) }
        // Every tile drawn: names on screen, no loading marks, a picture drawn.
        func complete(_ vt: VirtualTerminal) -> Bool {
            screen(vt).names.count >= 6 && !vt.screen.text.contains("···") && !vt.graphics.pixelDraws.isEmpty
        }
        let first = try XCTUnwrap(s.waitFor("the first screen", size: size, complete))
        let firstNames = screen(first).names
        let firstBytes = s.bytes().count

        // Down until the first row of names changes: that press scrolled a tile row.
        var mark = firstBytes
        var scrolled: VirtualTerminal?
        for _ in 0..<6 {
            mark = s.bytes().count
            let selected = screen(s.replay(size: size)).selectedName
            s.keys("\u{1B}[B")
            let vt = try XCTUnwrap(s.waitFor("the selection to move", size: size) { complete($0) && screen($0).selectedName != selected })
            if screen(vt).names.first != firstNames.first { scrolled = vt; break }
        }
        let after = try XCTUnwrap(scrolled, "a Down scrolled the grid")
        XCTAssertTrue(s.sync(), "xterm answered after the scroll")
        let scrollBytes = Array(s.bytes()[mark...])
        let scrollText = String(decoding: scrollBytes, as: UTF8.self)
        XCTAssertTrue(scrollText.contains("\u{1B}[1;\(size.height)r"), "the screen scrolled (DECSTBM + SU), not repainted")
        XCTAssertFalse(scrollText.contains("\u{1B}[2J"), "no clear")
        let shotDir = ProcessInfo.processInfo.environment["MG_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? s.dir
        let scrolledShot = try s.x.screenshot(importPath: found["import"]!, to: shotDir.appendingPathComponent("xterm-scrolled.png").path)
        let names = screen(after).names

        // The same position drawn afresh: detail, then back (a repaint from a cleared screen).
        s.keys("\r")
        _ = try XCTUnwrap(s.waitFor("the detail page", size: size) { screen($0).names.isEmpty })
        let backMark = s.bytes().count
        s.keys("\u{1B}")
        let back = try XCTUnwrap(s.waitFor("the grid again", size: size) { complete($0) && screen($0).names == names })
        XCTAssertTrue(String(decoding: Array(s.bytes()[backMark...]), as: UTF8.self).contains("\u{1B}[2J")
                      || String(decoding: Array(s.bytes()[backMark...]), as: UTF8.self).contains("\u{1B}[H\u{1B}[J"),
                      "back from the detail repaints from a cleared screen")
        XCTAssertEqual(screen(back).selectedName, screen(after).selectedName)
        XCTAssertTrue(s.sync(), "xterm answered after the repaint")
        let freshShot = try s.x.screenshot(importPath: found["import"]!, to: shotDir.appendingPathComponent("xterm-fresh.png").path)

        // The xterm window (6x13 cells at the default font) is the top-left of the screen.
        let w = min(scrolledShot.width, freshShot.width), h = min(scrolledShot.height, freshShot.height)
        let a = scrolledShot.cropped(x: 0, y: 0, width: w, height: h), b = freshShot.cropped(x: 0, y: 0, width: w, height: h)
        let db = psnr(a.pixels, b.pixels)
        print("XtermScrollEndToEndTests: scroll \(scrollBytes.count) B after a first screen of \(firstBytes) B; scrolled vs fresh \(db) dB")
        XCTAssertGreaterThanOrEqual(db, 30)
        XCTAssertNotNil(brightBox(a), "pictures on the scrolled screen")
    }
}
