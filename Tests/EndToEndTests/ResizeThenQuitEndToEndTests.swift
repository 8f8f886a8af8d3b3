import Foundation
import TestSupport
import XCTest

/// Quitting after the window grew leaves the shell's screen as it was. tmux 3.3a reflows the
/// alternate screen's rows into the main screen when it is left after a widening resize: after
/// 80x24 -> 100x30 and `q`, six rows of tiles would stay above the prompt, so the leave bytes
/// erase the alternate screen first.
final class ResizeThenQuitEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    func testQuitAfterAWiderWindowLeavesNothingOfTheGallery() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-resize-quit-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let tmux = try TmuxSession(command: "\(TmuxSession.quote(RepoPaths.executable.path)) characters --image-cache \(TmuxSession.quote(cache.path))",
                                   width: 80, height: 24)
        tmux.waitFor("the grid") { GalleryScreen($0).names.contains("3-D Man") && GalleryScreen($0).status.contains("of 184") }
        tmux.resize(width: 100, height: 30)
        // The help's answer to a key sent after the resize: the wider frame is drawn by then.
        tmux.waitForKeysRead()
        tmux.waitFor("the wider grid") { $0.components(separatedBy: "\n").first { $0.contains("MARVEL") }.map { $0.count > 90 } ?? false }
        tmux.send("q")
        let shell = tmux.waitFor("the program to end") { $0.contains("EXIT:0") }
        XCTAssertEqual(tmux.paneFlag("alternate_on"), "0")
        let left = shell.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("EXIT:0") }
        XCTAssertEqual(left, [], "rows of the gallery left on the shell's screen")
    }
}
