import Foundation
import TestSupport
import XCTest

/// Issue 27: terminal replies that reach the gallery split over time (a busy machine, tmux,
/// ssh) are not typed. Typed, a kitty APC reply split by 100 ms (`Esc _Gi=31;E` … `NOENT:jjjG
/// Esc \`) would jump the grid (its j's and G as keys), a split OSC 11 reply would open search
/// (its `/`), and a string of 4 KB or more would leak as keys. The bytes go in through tmux's
/// `send-keys -H`, each part a separate write, 300 ms apart.
final class SplitReplyEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    private func sendBytes(_ tmux: TmuxSession, _ text: String) {
        let hex = text.utf8.map { String(format: "%02x", $0) }
        for chunk in stride(from: 0, to: hex.count, by: 512) {
            _ = try? Spawn.status([TmuxSession.tmuxPath, "-L", tmux.socket, "send-keys", "-t", "0", "-H"]
                                  + hex[chunk..<min(chunk + 512, hex.count)])
        }
    }

    /// Each part written on its own, with `gap` seconds between them.
    private func sendSplit(_ tmux: TmuxSession, _ parts: [String], gap: TimeInterval = 0.3) {
        for (index, part) in parts.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: gap) }
            sendBytes(tmux, part)
        }
    }

    func testSplitAndLongRepliesAreNotTypedAndEscStillWorks() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("split-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let tmux = try TmuxSession(command: "\(TmuxSession.quote(executable.path)) characters --letter 3", width: 120, height: 40,
                                   environment: ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache"])
        // The # list's one character, its status final ("end of list" is said once it is loaded).
        let start = GalleryScreen(tmux.waitFor("the # list") {
            GalleryScreen($0).names == ["3-D Man"] && GalleryScreen($0).status.contains("1 of 1") && $0.contains("end of list")
        })
        let selected = start.selectedName
        let esc = "\u{1B}"
        sendSplit(tmux, ["\(esc)_Gi=31;E", "NOENT:jjjG\(esc)\\"])                         // kitty graphics (APC)
        sendSplit(tmux, ["\(esc)]11;rgb:0000/", "0000/0000\u{7}"])                         // OSC 11 (its / opened search)
        sendSplit(tmux, ["\(esc)P>|kitty(0.26", ".5)\(esc)", "\\"])                         // XTVERSION (DCS), ST split
        sendSplit(tmux, ["\(esc)_G" + String(repeating: "j", count: 3_000),
                         String(repeating: "G", count: 3_000) + "\(esc)\\"])                  // 6 KB APC
        sendBytes(tmux, "\(esc)P" + String(repeating: "/", count: 10_000) + "\(esc)\\")      // 10 KB DCS, whole
        // The program's own answer that every byte before it was read: keys are read in order,
        // so once `?` shows the help every reply above has been parsed (no fixed sleep). Any key
        // closes the help; then check nothing moved, searched or changed list.
        // Both waits are for the help's bottom border, the last row its frames write (tmux 3.3
        // has no synchronized output: a capture can fall inside a frame).
        tmux.send("?")
        var border = ""
        tmux.waitFor("the whole help, after every reply") { screen in
            guard screen.contains("any key closes this help"), let bottom = TmuxSession.helpBottomBorder(screen) else { return false }
            border = bottom
            return true
        }
        tmux.send("Escape")
        let after = GalleryScreen(tmux.waitFor("the list, untouched") {
            !$0.contains("any key closes this help") && !$0.contains(border) && GalleryScreen($0).names.contains("3-D Man")
        })
        XCTAssertEqual(after.selectedName, selected, "no j or G was typed")
        XCTAssertEqual(after.names, start.names)
        XCTAssertEqual(after.status, start.status, "no search opened")
        // A lone Esc is still Escape: back to the whole list.
        tmux.send("Escape")
        tmux.waitFor("the whole list after Esc", timeout: 5) { GalleryScreen($0).names.contains("A-Bomb (HAS)") }
        tmux.send("q")
        tmux.waitFor("the program to quit") { $0.contains("EXIT:0") }
    }
}
