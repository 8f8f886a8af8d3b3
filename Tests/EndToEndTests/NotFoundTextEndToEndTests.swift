import Foundation
import TestSupport
import XCTest

/// A 404 says the contract's word for what was not found (issue 22, item 9): the server sends
/// the Marvel API's own text ("We couldn't find that comic_issue", its internal table name);
/// people read "that comic", in plain output and on the gallery's detail screen.
final class NotFoundTextEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    func testAMissingComicIsThatComicInPlainOutputAndInTheGallery() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-404-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        let plain = try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache.path)", "MARVEL_BASE_URL=", "MARVEL_PUBLIC_KEY=",
                                      "MARVEL_PRIVATE_KEY=", executable.path, "comic", "1", "--plain"])
        XCTAssertEqual(plain.status, 1, plain.output)
        XCTAssertTrue(plain.output.contains("not found (404: We couldn't find that comic)"), plain.output)
        XCTAssertFalse(plain.output.contains("comic_issue"), plain.output)

        guard TmuxSession.isAvailable else { return }
        let tmux = try TmuxSession(command: "\(TmuxSession.quote(executable.path)) comic 1", width: 100, height: 30,
                                   environment: ["XDG_CACHE_HOME": cache.path, "MARVEL_BASE_URL": "", "MARVEL_PUBLIC_KEY": "",
                                                 "MARVEL_PRIVATE_KEY": ""])
        let screen = tmux.waitFor("the not-found modal", timeout: 30) { $0.contains("404") }
        XCTAssertTrue(screen.contains("We couldn't find that comic)"), screen)
        XCTAssertFalse(screen.contains("comic_issue"), screen)
        // Dismissed, the run ends as the failure it was: the reason stays on the shell's screen
        // and the status is 1, as with --plain (not 0, as if the comic had been shown).
        tmux.send("q")
        let after = tmux.waitFor("the exit") { $0.contains("EXIT:") }
        XCTAssertTrue(after.contains("EXIT:1"), after)
        XCTAssertTrue(after.contains("marvel-gallery: not found (404: We couldn't find that comic)"), after)
    }
}
