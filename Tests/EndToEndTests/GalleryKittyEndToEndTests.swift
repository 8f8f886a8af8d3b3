import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The characters gallery in a real kitty (software GL, under Xvfb), with nothing forced:
/// detection picks kitty graphics. Everything the program writes is logged by `script` (which
/// sits between kitty and the program as a pty), and the log is replayed on a virtual terminal
/// that understands kitty's commands: the first screen places ≥ 20 pictures, and a page down
/// and back transmits no picture twice. Keys go in through kitty's remote control.
final class GalleryKittyEndToEndTests: XCTestCase {
    func testGalleryInKittyPlacesTwentyPicturesAndAScrollDownAndBackSendsNoneTwice() throws {
        let found = try XDisplay.require(["Xvfb", "import", "kitty", "script"])
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("marvel-gallery is not built")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("out.log").path
        let socket = dir.appendingPathComponent("kitty.sock").path
        let script = dir.appendingPathComponent("run.sh").path
        let command = "'\(RepoPaths.executable.path)' characters --image-cache '\(dir.path)/images'"
        try """
        #!/bin/sh
        script -q -f -c "\(command)" '\(log)'
        touch '\(dir.path)/ended'
        sleep 300
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)

        let x = try XDisplay(xvfb: found["Xvfb"]!)
        defer { x.stop() }
        try x.launch([found["kitty"]!, "-o", "allow_remote_control=yes", "--listen-on", "unix:\(socket)",
                      "-o", "background=#000000", "-o", "window_padding_width=0", "-o", "font_size=9",
                      "-o", "remember_window_size=no", "-o", "initial_window_width=1024",
                      "-o", "initial_window_height=768", script],
                     environment: ["LIBGL_ALWAYS_SOFTWARE": "1", "XDG_CACHE_HOME": dir.path + "/cache",
                                   "XDG_CONFIG_HOME": dir.path + "/config"])

        func replay() -> VirtualGraphics {
            var vt = VirtualTerminal(size: Size(width: 400, height: 200))
            vt.feed([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data()))
            return vt.graphics
        }
        @discardableResult
        func waitFor(_ what: String, timeout: TimeInterval = 120, _ condition: (VirtualGraphics) -> Bool) -> VirtualGraphics {
            let deadline = Date().addingTimeInterval(timeout)
            var g = replay()
            // Two replays in a row must agree (the frame is complete, not half written).
            while Date() < deadline {
                let next = replay()
                if condition(next), next.placements == g.placements { return next }
                g = next
                usleep(300_000)
            }
            XCTFail("timed out waiting for \(what): \(g.placements.count) placements, \(g.transmitCount) transmits")
            return g
        }
        func key(_ text: String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: found["kitty"]!)
            p.arguments = ["@", "--to", "unix:\(socket)", "send-text", text]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try? p.run()
            p.waitUntilExit()
        }

        let first = waitFor("the first screen's pictures") { $0.placements.count >= 20 }
        let firstScreen = Set(first.placements.keys)
        print("GalleryKittyEndToEndTests: first screen \(first.placements.count) placements, \(first.transmitCount) transmits")
        XCTAssertGreaterThanOrEqual(first.placements.count, 20)
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-gallery.png").path
        if let screen = try? x.screenshot(importPath: found["import"]!, to: shot) {
            // Pictures, not blank boxes: many distinct colours on the screen.
            XCTAssertGreaterThan(Set(stride(from: 0, to: screen.pixels.count, by: 3 * 97).map { screen.pixels[$0] }).count, 50)
            print("GalleryKittyEndToEndTests: screenshot \(shot)")
        }

        key("\\x1b[6~")  // Page Down
        waitFor("the next screen") { !$0.placements.isEmpty && Set($0.placements.keys).isDisjoint(with: firstScreen) }
        key("\\x1b[5~")  // Page Up
        let back = waitFor("the first screen again") { Set($0.placements.keys) == firstScreen }
        print("GalleryKittyEndToEndTests: after down and back \(back.transmitCount) transmits of \(back.transmits.count) pictures")
        XCTAssertEqual(back.transmits.values.max(), 1, "no picture transmitted twice")

        key("q")
        XCTAssertTrue(x.waitFor(file: dir.path + "/ended"), "the gallery quit")
        let end = replay()
        XCTAssertEqual(end.placements, [:], "no picture left on screen")
        XCTAssertEqual(end.stored, [], "every picture freed on the way out")
    }
}
