import Foundation
import TestSupport
import XCTest

/// Inside tmux with default settings (`-f /dev/null`: allow-passthrough off) the start-up
/// questions change nothing tmux keeps: tmux 3.3a takes an APC string (the kitty graphics
/// query) as the pane's title, which then shows in its default status bar after the program
/// has gone (issue 22: `#{pane_title}` read `Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA`). With
/// passthrough off the query is not asked at all.
final class TmuxTitleEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    /// Runs `arguments` in a pane once the title before is read; returns (before, after, screen).
    private func titles(_ arguments: String, quit: Bool, passthrough: Bool = false) throws -> (String, String, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-title-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let go = dir.appendingPathComponent("go").path
        let inner = "while [ ! -f \(TmuxSession.quote(go)) ]; do sleep 0.05; done; "
            + "exec \(TmuxSession.quote(RepoPaths.executable.path)) \(arguments)"
            + (quit ? " --image-cache \(TmuxSession.quote(dir.path + "/images"))" : "")
        let command = "sh -c \(TmuxSession.quote(inner))"
        let tmux = try TmuxSession(command: command, width: 120, height: 40)
        if passthrough { tmux.setGlobal("allow-passthrough", "on") }
        let before = tmux.paneFlag("pane_title")
        FileManager.default.createFile(atPath: go, contents: nil)
        if quit {
            tmux.waitFor("the gallery") { GalleryScreen($0).names.contains("3-D Man") }
            tmux.send("q")
        }
        let screen = tmux.waitFor("the command to end") { $0.contains("EXIT:") }
        return (before, tmux.paneFlag("pane_title"), screen)
    }

    func testThePaneTitleAfterTheGalleryIsTheTitleBefore() throws {
        let (before, after, screen) = try titles("characters", quit: true)
        print("TmuxTitleEndToEndTests characters: pane_title before \"\(before)\", after \"\(after)\"")
        XCTAssertFalse(before.isEmpty)
        XCTAssertEqual(after, before)
        XCTAssertTrue(screen.contains("EXIT:0"), screen)
        XCTAssertFalse(screen.contains("Gi=31"), "no query left on screen:\n\(screen)")
    }

    func testThePaneTitleAfterRenderIsTheTitleBefore() throws {
        let sample = RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg").path
        let (before, after, screen) = try titles("render --size 30x12 \(TmuxSession.quote(sample))", quit: false)
        print("TmuxTitleEndToEndTests render: pane_title before \"\(before)\", after \"\(after)\"")
        XCTAssertEqual(after, before)
        XCTAssertTrue(screen.contains("EXIT:0"), screen)
        XCTAssertTrue(screen.contains("▀") || screen.contains("▄"), "the picture as half-blocks:\n\(screen)")
        XCTAssertFalse(screen.contains("Gi=31"), "no query left on screen:\n\(screen)")
    }

    func testWithPassthroughOnThePaneTitleStaysToo() throws {
        let sample = RepoPaths.root.appendingPathComponent("Fixtures/images/sample.jpg").path
        let (before, after, screen) = try titles("render --size 30x12 \(TmuxSession.quote(sample))", quit: false, passthrough: true)
        print("TmuxTitleEndToEndTests passthrough on: pane_title before \"\(before)\", after \"\(after)\"")
        XCTAssertEqual(after, before)
        XCTAssertTrue(screen.contains("EXIT:0"), screen)
        XCTAssertFalse(screen.contains("Gi=31"), "no query left on screen:\n\(screen)")
    }
}
