import Foundation
import TestSupport
import XCTest

/// `creator ID`, `event ID` and `story ID` open one item as `character ID` and `comic ID` do
/// (the gallery had a page for every type, the command line only for two): plain text with
/// its related lists, the contract's 404 said as that type with exit 1, and the full-screen
/// page that Esc leaves with exit 0.
final class OneItemCommandsEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    private func plain(_ arguments: [String], cache: String) throws -> (status: Int32, output: String) {
        let r = try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache)", "MARVEL_BASE_URL=", "MARVEL_PUBLIC_KEY=",
                                  "MARVEL_PRIVATE_KEY=", executable.path] + arguments + ["--plain"])
        return (r.status, r.output)
    }

    func testCreatorEventAndStoryInPlainTextAndNotFound() throws {
        let cache = try temporaryDirectory().path
        let creator = try plain(["creator", "2963"], cache: cache)
        XCTAssertEqual(creator.status, 0, creator.output)
        XCTAssertTrue(creator.output.contains("name: Stan Lee"), creator.output)
        XCTAssertTrue(creator.output.contains("comics: 90"), creator.output)
        let event = try plain(["event", "349"], cache: cache)
        XCTAssertEqual(event.status, 0, event.output)
        XCTAssertTrue(event.output.contains("title: Age of Ultron"), event.output)
        XCTAssertTrue(event.output.contains("start: 2013-01-01"), event.output)
        let story = try plain(["story", "44256"], cache: cache)
        XCTAssertEqual(story.status, 0, story.output)
        XCTAssertTrue(story.output.contains("original issue: Deadpool (2012) #9"), story.output)
        for type in ["creator", "event", "story"] {
            let missing = try plain([type, "99999999"], cache: cache)
            XCTAssertEqual(missing.status, 1, missing.output)
            XCTAssertTrue(missing.output.contains("We couldn't find that \(type)"), missing.output)
        }
    }

    func testAnEventOpensFullScreenAndEscQuits() throws {
        try Prerequisites.tmux()
        let cache = try temporaryDirectory().path
        let tmux = try TmuxSession(command: "\(TmuxSession.quote(executable.path)) event 349", width: 120, height: 30,
                                   environment: ["XDG_CACHE_HOME": cache, "MARVEL_BASE_URL": "", "MARVEL_PUBLIC_KEY": "",
                                                 "MARVEL_PRIVATE_KEY": ""])
        tmux.waitFor("the event's page", timeout: 30) { $0.contains("Age of Ultron") && $0.contains("Esc back") }
        tmux.send("Escape")
        let after = tmux.waitFor("the exit") { $0.contains("EXIT:") }
        XCTAssertTrue(after.contains("EXIT:0"), after)
    }
}
