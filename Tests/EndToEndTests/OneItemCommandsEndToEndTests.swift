import Foundation
import TestSupport
import XCTest

/// `creator ID`, `event ID`, `story ID` and `series ID` open one item as `character ID` and `comic ID` do
/// (the gallery had a page for every type, the command line only for two): plain text with
/// its related lists, the contract's 404 said as that type with exit 1, and the full-screen
/// page that q leaves with exit 0 (Esc says "q quits").
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

    /// `series ID` (the `series` listing with an id): its plain text and lists, JSON, the 404
    /// said as a series with exit 1, and its full-screen page.
    func testSeriesByIdInPlainTextJSONAndNotFound() throws {
        let cache = try temporaryDirectory().path
        let series = try plain(["series", "28056"], cache: cache)
        XCTAssertEqual(series.status, 0, series.output)
        for line in ["id: 28056", "title: Amazing Spider-Man (1963)", "years: 1963-1963", "type: ongoing", "comics: 10",
                     "  - Amazing Spider-Man (1963) #1", "characters: 11", "creators: 3", "  - Stan Lee (letterer)"] {
            XCTAssertTrue(series.output.contains(line + "\n"), "\(line): \(series.output)")
        }
        XCTAssertTrue(series.output.contains("Data provided by Marvel. © 2023 MARVEL"), "the attribution, as the others")
        let json = try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache)", "MARVEL_BASE_URL=", "MARVEL_PUBLIC_KEY=",
                                     "MARVEL_PRIVATE_KEY=", executable.path, "series", "28056", "--json"])
        XCTAssertEqual(json.status, 0, json.output)
        XCTAssertTrue(json.output.contains("\"title\" : \"Amazing Spider-Man (1963)\""), json.output)
        let missing = try plain(["series", "99999999"], cache: cache)
        XCTAssertEqual(missing.status, 1, missing.output)
        XCTAssertTrue(missing.output.contains("We couldn't find that series"), missing.output)
        let list = try plain(["series", "--limit", "2"], cache: cache)
        XCTAssertEqual(list.status, 0, list.output)
        XCTAssertTrue(list.output.contains("1413\tAlligator Loki Infinity Comic (2022)\t"), "the listing without an id: \(list.output)")
    }

    func testASeriesOpensFullScreenAndQQuits() throws {
        // At 40 columns the header names the series (the attribution shortened beside it).
        let page = try fullScreen(["series", "28056"], width: 40, height: 20) { $0.contains("1963–1963 · Ongoing") && $0.contains("? help") }
        XCTAssertTrue(page.hasPrefix(" Amazing Spider-Man (1963) © 2023 MARVEL"), page)
    }

    func testAnEventOpensFullScreenAndQQuits() throws {
        try fullScreen(["event", "349"], width: 120, height: 30) { $0.contains("Age of Ultron") && $0.contains("Esc back") }
    }

    /// The page the command opens in tmux, once `shown` says it is there; then Esc stays and q leaves with exit 0.
    @discardableResult
    private func fullScreen(_ arguments: [String], width: Int, height: Int, shown: (String) -> Bool) throws -> String {
        try Prerequisites.tmux()
        let cache = try temporaryDirectory().path
        let tmux = try TmuxSession(command: ([executable.path] + arguments).map(TmuxSession.quote).joined(separator: " "),
                                   width: width, height: height,
                                   environment: ["XDG_CACHE_HOME": cache, "MARVEL_BASE_URL": "", "MARVEL_PUBLIC_KEY": "",
                                                 "MARVEL_PRIVATE_KEY": ""])
        let page = tmux.waitFor("the page of \(arguments.joined(separator: " "))", timeout: 30, shown)
        // Esc never quits (issue 35): on a page opened on its own it says how to, and q does.
        tmux.send("Escape")
        tmux.waitFor("the quit hint") { $0.contains("q quits") }
        tmux.send("q")
        let after = tmux.waitFor("the exit") { $0.contains("EXIT:") }
        XCTAssertTrue(after.contains("EXIT:0"), after)
        return page
    }
}
