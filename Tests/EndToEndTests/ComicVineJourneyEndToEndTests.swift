import Foundation
import TerminalUI
import TestSupport
import XCTest

/// The whole gallery on Comic Vine (the stand-in, `--source comicvine`), as a user goes
/// through it in tmux: search sent on Enter, the A–Z index, End, a detail page and back, a
/// favourite saved with its source, the other four grids, `--json`, and a 420 counted down on
/// the status line, never a silent hang.
final class ComicVineJourneyEndToEndTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("comicvine-journey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() { if let home { try? FileManager.default.removeItem(at: home) } }

    private func environment(_ cv: ComicVineTestServer) -> [String: String] {
        ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config",
         "XDG_DATA_HOME": home.path + "/data", "COMICVINE_API_KEY": cv.apiKey]
    }

    private func gallery(_ arguments: [String], _ cv: ComicVineTestServer) throws -> TmuxSession {
        let words = [RepoPaths.executable.path] + arguments + ["--source", "comicvine", "--comicvine-url", cv.baseURL.absoluteString]
        return try TmuxSession(command: words.map(TmuxSession.quote).joined(separator: " "), width: 120, height: 40,
                               environment: environment(cv))
    }

    private func quit(_ tmux: TmuxSession) {
        tmux.send("q")
        tmux.waitFor("the program's end") { $0.contains("EXIT:0") }
    }

    func testSearchIndexEndDetailAndAFavouriteOnComicVine() throws {
        let cv = try ComicVineTestServer()
        let names = cv.marvelCharacterNames.map { Sanitizer.clean($0) }
        let tmux = try gallery(["characters"], cv)
        tmux.waitFor("the first names", timeout: 30) { GalleryScreen($0).names.contains(names[0]) }

        // Typing filters what is loaded; Enter sends one search.
        let searches = { cv.log.all.filter { $0.resource == "characters" }.count }
        let listed = searches()
        tmux.send("/")
        tmux.type("iron")
        tmux.waitFor("the search field") { GalleryScreen($0).header.contains("iron") }
        tmux.send("Enter")
        tmux.waitFor("the search's results", timeout: 30) { screen in
            let shown = GalleryScreen(screen).names
            return GalleryScreen(screen).header.contains("“iron”") && shown.count == names.filter { $0.contains("Iron") }.count
                && shown.allSatisfy { $0.contains("Iron") }
        }
        XCTAssertEqual(searches(), listed + 1, "one request for the search, none while typing")
        tmux.send("Escape")
        tmux.waitFor("the list back") { GalleryScreen($0).header.contains("Characters") && GalleryScreen($0).selectedName == names[0] }

        // The A–Z index: S moves to the first name with S (and closes the index).
        let firstS = try XCTUnwrap(names.first { $0.hasPrefix("S") })
        tmux.send("i")
        tmux.waitFor("the index") { $0.contains("Enter jump to it") }
        tmux.send("s")
        tmux.waitFor("the first S name selected", timeout: 30) { GalleryScreen($0).selectedName == firstS }

        // End: the last name the server really answers.
        tmux.send("End")
        let last = try XCTUnwrap(names.last)
        tmux.waitFor("the last name selected", timeout: 30) { GalleryScreen($0).selectedName == last }

        // Its page: the description as text, its comics count, and back to the same tile.
        tmux.send("Enter")
        tmux.waitFor("the detail page", timeout: 30) { $0.contains("& friends: a made record.") && $0.contains(last) }
        let page = tmux.capture()
        XCTAssertFalse(page.contains("<p>") || page.contains("&amp;"), "HTML shown as text:\n\(page)")
        tmux.send("Escape")
        tmux.waitFor("the grid again") { GalleryScreen($0).selectedName == last }

        // A favourite names its source, so the same id from two sources never collides.
        tmux.send("f")
        tmux.waitFor("the star") { $0.contains("★") }
        quit(tmux)
        let saved = try String(contentsOf: URL(fileURLWithPath: home.path + "/data/marvel-gallery/favourites.json"), encoding: .utf8)
        XCTAssertTrue(saved.contains(last) && saved.contains("comicvine"), saved)
        XCTAssertEqual(cv.log.violations, [])
    }

    func testTheOtherGridsAndJSONOnComicVine() throws {
        let cv = try ComicVineTestServer()
        // Every tile of each grid is one of the stand-in's records (labels may be cut: "Stand-In Sto…").
        for (command, prefix, count) in [("comics", "Stand-In", 12), ("series", "Stand-In", 12), ("events", "Saga", 6),
                                         ("creators", "Writer", 10)] {
            let tmux = try gallery([command], cv)
            tmux.waitFor("the \(command) grid", timeout: 30) { screen in
                let names = GalleryScreen(screen).names
                return names.count >= min(count, 12) && names.allSatisfy { $0.hasPrefix(prefix) }
            }
            quit(tmux)
        }
        let json = try Spawn.status(["/usr/bin/env"] + environment(cv).map { "\($0.key)=\($0.value)" }
            + [RepoPaths.executable.path, "characters", "--json", "--limit", "3", "--source", "comicvine",
               "--comicvine-url", cv.baseURL.absoluteString])
        XCTAssertEqual(json.status, 0, json.output)
        // One pretty-printed array (stderr, if anything, comes before it).
        let array = try XCTUnwrap(json.output.firstIndex(of: "[").map { json.output[$0...] }, json.output)
        let records = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [[String: Any]])
        XCTAssertEqual(records.count, 3)
        let first = records[0]
        XCTAssertEqual(first["name"] as? String, cv.marvelCharacterNames[0], json.output)
        XCTAssertEqual(cv.log.violations, [])
    }

    /// Comic Vine's 420 (no Retry-After: a minute) is counted down on the status line, and q
    /// still quits at once.
    func testA420IsCountedDown() throws {
        let cv = try ComicVineTestServer()
        cv.force420(count: 1)
        let tmux = try gallery(["characters"], cv)
        tmux.waitFor("the countdown", timeout: 30) { GalleryScreen($0).status.contains("Comic Vine asks to wait · 0:") }
        let first = GalleryScreen(tmux.capture()).status
        tmux.waitFor("the countdown moving") { GalleryScreen($0).status.contains("Comic Vine asks to wait · 0:") && GalleryScreen($0).status != first }
        quit(tmux)
    }
}
