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

        /// `command`: the program's arguments before its image cache (the grid by default).
        init(found: [String: String], terminal: (String) -> [String], environment: [String: String] = [:],
             command: [String] = ["characters"]) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-xterm-scroll-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            log = dir.appendingPathComponent("out.log").path
            let fifo = dir.appendingPathComponent("control").path
            guard mkfifo(fifo, 0o600) == 0 else { throw XCTSkip("mkfifo failed") }
            let relay = RepoPaths.root.appendingPathComponent("scripts/pty-relay.py").path
            let script = dir.appendingPathComponent("run.sh").path
            try """
            #!/bin/sh
            exec env \(environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")) '\(found["python3"]!)' '\(relay)' '\(fifo)' '\(log)' -- '\(RepoPaths.executable.path)' \(command.joined(separator: " ")) --image-cache '\(dir.path)/images'
            """.write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            x = try XDisplay(xvfb: found["Xvfb"]!)
            // A UTF-8 locale whatever the runner has (CI's `env -i` has none): without it xterm
            // shows the frames' box drawing as Latin-1 (seen: 19-22 dB between two garbled screens).
            try x.launch(terminal(script), environment: ["XDG_CACHE_HOME": dir.path + "/cache", "XDG_CONFIG_HOME": dir.path + "/config",
                                                         "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
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
        /// On a timeout the screen, then `explain`'s account of it last (CI shows an output's tail).
        func waitFor(_ what: String, size: Size, timeout: TimeInterval = 120, explain: (VirtualTerminal) -> String = { _ in "" },
                     _ condition: (VirtualTerminal) -> Bool) -> VirtualTerminal? {
            let deadline = Date().addingTimeInterval(timeout)
            var vt = replay(size: size)
            while Date() < deadline {
                vt = replay(size: size)
                if condition(vt) { return vt }
                usleep(100_000)
            }
            XCTFail("timed out waiting for \(what); screen:\n\(vt.screen.text)\n\(explain(vt))\ntimed out waiting for \(what)")
            return nil
        }
    }

    func testATileRowScrollInXtermShowsTheFreshlyDrawnScreenAtThirtyDecibels() throws {
        let found = try XDisplay.require(["Xvfb", "import", "xterm", "python3"])
        try scrollAndCompare(found: found, name: "xterm", size: Size(width: 160, height: 50)) { script in
            [found["xterm"]!, "-ti", "vt340", "-geometry", "160x50+0+0", "-bg", "black", "-fg", "white",
             "-xrm", "XTerm*numColorRegisters: 256", "-e", script]
        }
    }

    /// mlterm keeps iTerm2 inline images in its cells: they move with the scroll too.
    func testATileRowScrollOfITerm2PicturesInMltermShowsTheFreshlyDrawnScreenAtThirtyDecibels() throws {
        let found = try XDisplay.require(["Xvfb", "import", "mlterm", "python3"])
        try scrollAndCompare(found: found, name: "mlterm", size: Size(width: 110, height: 40),
                             environment: ["MARVEL_GALLERY_GRAPHICS": "iterm2"]) { script in
            [found["mlterm"]!, "-g", "110x40+0+0", "-b", "black", "-f", "white", "-O", "none", "-e", script]
        }
    }

    /// Down until a tile row scrolls, then Up until it scrolls back: after each, a screenshot
    /// against the same position drawn afresh (detail and back, a repaint from a cleared screen).
    func scrollAndCompare(found: [String: String], name: String, size: Size, environment: [String: String] = [:],
                          terminal: (String) -> [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        let s = try Session(found: found, terminal: terminal, environment: environment)
        func screen(_ vt: VirtualTerminal) -> GalleryScreen { GalleryScreen(vt.screen.text) }
        // Every tile drawn: names on screen, no loading marks, pictures drawn, and none of them
        // still in its half-block cells (a picture whose pixels are on their way; a busy CI
        // machine screenshotted such a row, 22-26 dB).
        func complete(_ vt: VirtualTerminal) -> Bool {
            screen(vt).names.count >= 6 && !vt.screen.text.contains("···")
                && !vt.screen.text.contains("▀") && !vt.screen.text.contains("▄")
                && (!vt.graphics.pixelDraws.isEmpty || vt.unknownSequences.contains { $0.hasPrefix("OSC 1337;File=") })
        }
        // Why a screen is not complete, for a timeout's message.
        func account(_ vt: VirtualTerminal, expected: [String]? = nil) -> String {
            let text = vt.screen.text, names = screen(vt).names
            var parts = ["names \(names.count): \(names)"]
            if let expected, expected != names { parts.append("expected names: \(expected)") }
            parts.append("loading marks \(text.components(separatedBy: "···").count - 1)")
            parts.append("half-block cells \(text.filter { $0 == "▀" || $0 == "▄" }.count)")
            parts.append("pixel draws \(vt.graphics.pixelDraws.count), bytes \(s.bytes().count)")
            parts.append("picture tiles \(TilePictures.tiles(vt).count)")
            return parts.joined(separator: "; ")
        }
        // The selection's position on the status line, when the screen's last row shows it. That
        // row is the last text a frame writes (ANSIEncoder goes top to bottom; after a scroll the
        // old status line has moved up and the bottom rows are blank until redrawn), so a new
        // position there means every text row of the frame has arrived: a read of the log can
        // fall mid-frame (CI saw 16 of 24 names after a scroll, the third row not yet written).
        func position(_ vt: VirtualTerminal) -> Int? {
            let last = vt.screen.text.components(separatedBy: "\n").last ?? ""
            guard let range = last.range(of: #"(\d+) of \d+"#, options: .regularExpression) else { return nil }
            return Int(last[range].split(separator: " ")[0])
        }
        // A frame's pictures come after its text (xterm and mlterm have no synchronized output):
        // the tiles that show one, each with a whole picture sequence started inside it among
        // `draws` (what the log drew since a mark), or a screenshot can catch them empty.
        func drawn(_ tiles: [Rect], _ vt: VirtualTerminal, since draws: Int) -> Bool {
            TilePictures.undrawn(tiles, draws: vt.graphics.pixelDraws.dropFirst(draws)).isEmpty
        }
        _ = try XCTUnwrap(s.waitFor("the first screen", size: size, explain: { account($0) }) {
            complete($0) && position($0) != nil && !TilePictures.tiles($0).isEmpty && drawn(TilePictures.tiles($0), $0, since: 0)
        })
        let firstBytes = s.bytes().count
        let shotDir = ProcessInfo.processInfo.environment["MG_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? s.dir

        for (step, key) in [("down", "\u{1B}[B"), ("up", "\u{1B}[A")] {
            // Press until the first row of names changes: that press scrolled a tile row.
            let startNames = screen(s.replay(size: size)).names
            var mark = s.bytes().count
            var scrolled: VirtualTerminal?
            for _ in 0..<6 {
                mark = s.bytes().count
                let before = s.replay(size: size)
                let selected = screen(before).selectedName, was = position(before), draws = before.graphics.pixelDraws.count
                s.keys(key)
                // A scroll draws the pictures of the row it brings in (the others move with it).
                func newRowDrawn(_ vt: VirtualTerminal) -> Bool {
                    let tiles = TilePictures.tiles(vt)
                    guard let row = step == "down" ? tiles.map(\.minY).max() : tiles.map(\.minY).min() else { return false }
                    return drawn(tiles.filter { $0.minY == row }, vt, since: draws)
                }
                let vt = try XCTUnwrap(s.waitFor("the selection to move", size: size, explain: { account($0) }) {
                    complete($0) && screen($0).selectedName != selected && position($0) != nil && position($0) != was
                        && (screen($0).names.first == startNames.first || newRowDrawn($0))
                })
                if screen(vt).names.first != startNames.first { scrolled = vt; break }
            }
            let after = try XCTUnwrap(scrolled, "a key scrolled the grid (\(step))")
            XCTAssertTrue(s.sync(), "the terminal answered after the scroll")
            let scrollText = String(decoding: Array(s.bytes()[mark...]), as: UTF8.self)
            let scrollBytes = s.bytes().count - mark
            XCTAssertTrue(scrollText.contains("\u{1B}[1;\(size.height)r"), "the screen scrolled (DECSTBM + SU/SD), not repainted")
            XCTAssertFalse(scrollText.contains("\u{1B}[2J"), "no clear")
            let scrolledShot = try s.x.screenshot(importPath: found["import"]!, to: shotDir.appendingPathComponent("\(name)-\(step)-scrolled.png").path)
            let names = screen(after).names

            // The same position drawn afresh: detail, then back (a repaint from a cleared screen).
            let enterMark = s.bytes().count
            s.keys("\r")
            // Its key hints (a page with a covers strip has names too), and every picture on it
            // decided: no loading mark, none left in half-block cells (pixels on their way).
            _ = try XCTUnwrap(s.waitFor("the detail page drawn", size: size) { vt in
                let text = vt.screen.text
                return text.contains("Esc back") && !text.contains("···") && !text.contains("▀") && !text.contains("▄")
            })
            // The detail's own picture, when its character has one: going back then wipes it
            // with a clear (a tile without a picture leaves nothing to wipe).
            let enterText = String(decoding: Array(s.bytes()[enterMark...]), as: UTF8.self)
            let detailPicture = enterText.contains("\u{1B}P") || enterText.contains("\u{1B}]1337;File=")
            let backMark = s.bytes().count, backDraws = s.replay(size: size).graphics.pixelDraws.count
            s.keys("\u{1B}")
            // Every tile's picture drawn again (the repaint's pictures follow its text).
            let back = try XCTUnwrap(s.waitFor("the grid again", size: size, explain: { account($0, expected: names) }) {
                complete($0) && screen($0).names == names && position($0) == position(after)
                    && drawn(TilePictures.tiles($0), $0, since: backDraws)
            })
            let backText = String(decoding: Array(s.bytes()[backMark...]), as: UTF8.self)
            XCTAssertFalse(backText.contains("\u{1B}[1;\(size.height)r"), "back from the detail is drawn, not scrolled")
            if detailPicture {
                XCTAssertTrue(backText.contains("\u{1B}[2J") || backText.contains("\u{1B}[H\u{1B}[J"), "back from the detail repaints from a cleared screen")
            }
            XCTAssertEqual(screen(back).selectedName, screen(after).selectedName)
            XCTAssertTrue(s.sync(), "the terminal answered after the repaint")
            let freshShot = try s.x.screenshot(importPath: found["import"]!, to: shotDir.appendingPathComponent("\(name)-\(step)-fresh.png").path)

            let w = min(scrolledShot.width, freshShot.width), h = min(scrolledShot.height, freshShot.height)
            let a = scrolledShot.cropped(x: 0, y: 0, width: w, height: h), b = freshShot.cropped(x: 0, y: 0, width: w, height: h)
            let db = psnr(a.pixels, b.pixels)
            print("XtermScrollEndToEndTests \(name) \(step): scroll \(scrollBytes) B after a first screen of \(firstBytes) B; "
                  + "\(TilePictures.tiles(back).count) picture tiles; scrolled vs fresh \(db) dB")
            XCTAssertGreaterThanOrEqual(db, 30, "\(name) \(step)")
            XCTAssertNotNil(brightBox(a), "pictures on the scrolled screen")
        }
    }
}
