import Foundation
import TestSupport
import XCTest

/// `y` / `Y` in the real program inside tmux (`-f /dev/null`, with `set -g set-clipboard on` and
/// with tmux's default, external, which refuses an application's OSC 52): the text lands in
/// tmux's own paste buffer (`tmux set-buffer -w`), which `show-buffer` reads. On a detail page
/// `Y` copies the record's marvel.com page, never the in-process loopback URL.
final class CopyEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    private func gallery() throws -> (TmuxSession, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let command = "\(TmuxSession.quote(RepoPaths.executable.path)) characters --image-cache \(TmuxSession.quote(dir.path + "/images"))"
        return (try TmuxSession(command: command, width: 120, height: 40), dir)
    }

    func testWithTmuxsDefaultSettingsYStillReachesItsBuffer() throws {
        let (tmux, dir) = try gallery()
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertEqual(tmux.command("show", "-sv", "set-clipboard"), "external\n")
        tmux.waitFor("the gallery") { GalleryScreen($0).names.contains("3-D Man") }
        tmux.send("Right")
        tmux.type("y")
        tmux.waitFor("the confirmation") { $0.contains("copied name: A-Bomb (HAS)") }
        XCTAssertEqual(tmux.command("show-buffer"), "A-Bomb (HAS)")
        tmux.type("q")
        XCTAssertTrue(tmux.waitFor("the exit") { $0.contains("EXIT:") }.contains("EXIT:0"))
    }

    func testYAndShiftYPutTheNameAndTheLinkInTmuxsBuffer() throws {
        let (tmux, dir) = try gallery()
        defer { try? FileManager.default.removeItem(at: dir) }
        tmux.setGlobal("set-clipboard", "on")
        tmux.waitFor("the gallery") { GalleryScreen($0).names.contains("3-D Man") }
        tmux.type("y")
        tmux.waitFor("the confirmation") { $0.contains("copied name: 3-D Man") }
        XCTAssertEqual(tmux.command("show-buffer"), "3-D Man")

        tmux.type("Y")
        // The record's marvel.com page without Marvel's tracking, never the retired gateway's
        // resource URL (which needs keys).
        tmux.waitFor("the link's confirmation") { $0.contains("copied link: https://marvel.com/characters/1011334/3_d_man") }
        let resource = tmux.command("show-buffer")
        XCTAssertEqual(resource, "https://marvel.com/characters/1011334/3_d_man")

        tmux.send("Enter")
        tmux.waitFor("the detail page") { $0.contains("Links") }
        tmux.type("Y")
        let screen = tmux.waitFor("the page's link") { $0.contains("copied link: ") }
        let link = tmux.command("show-buffer")
        print("CopyEndToEndTests: name \"3-D Man\", grid link \(resource), detail link \(link)")
        XCTAssertEqual(link, "https://marvel.com/characters/1011334/3_d_man", "the page's detail link, untracked")
        XCTAssertFalse(link.contains("127.0.0.1") || link.contains("localhost"), "never a loopback URL: \(link)\n\(screen)")
        tmux.type("q")
        tmux.type("q")
        XCTAssertTrue(tmux.waitFor("the exit") { $0.contains("EXIT:") }.contains("EXIT:0"))
    }

    func testDoctorSaysHowFarTheClipboardReachesInTmux() throws {
        let command = "\(TmuxSession.quote(RepoPaths.executable.path)) doctor"
        let off = try TmuxSession(command: command, width: 160, height: 60)
        let offScreen = off.waitFor("doctor") { $0.contains("EXIT:") }
        XCTAssertTrue(offScreen.contains("yes, through tmux's paste buffer (set-buffer -w; set-clipboard external"), offScreen)

        // The program starts once the option is set (a file it waits for), not after a guess.
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("mg-copy-go-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: go) }
        let wait = "while [ ! -f \(TmuxSession.quote(go)) ]; do sleep 0.05; done; exec " + command
        let on = try TmuxSession(command: "sh -c \(TmuxSession.quote(wait))", width: 160, height: 60)
        on.setGlobal("set-clipboard", "off")
        FileManager.default.createFile(atPath: go, contents: nil)
        let onScreen = on.waitFor("doctor") { $0.contains("EXIT:") }
        XCTAssertTrue(onScreen.contains("tmux's paste buffer only (set-clipboard off"), onScreen)
    }
}
