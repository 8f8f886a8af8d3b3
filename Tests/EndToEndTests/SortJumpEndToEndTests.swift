import Foundation
import TestSupport
import XCTest

/// Issue 26 in tmux (private server, `-f /dev/null`) on the built-in catalog: jump by typing
/// (`'` then a prefix) and the index move the selection within the whole list; `s` changes the
/// order and the header says it; `--order` starts there. Every wait is for the screen's text.
final class SortJumpEndToEndTests: XCTestCase {
    private var catalog: CatalogCommand!

    override func setUpWithError() throws { catalog = try CatalogCommand(self) }

    private func gallery(_ arguments: String) throws -> TmuxSession { try catalog.tmux(arguments) }

    /// The same program's plain JSON listing (the same built-in catalog).
    private func listing(_ arguments: [String]) throws -> [[String: Any]] {
        let assignments = catalog.environment.map { TmuxSession.quote("\($0.key)=\($0.value)") }
        let words = [catalog.binary] + arguments + ["--json"]
        // stdout alone: the notes on stderr are not JSON.
        let command = "exec /usr/bin/env \(assignments.joined(separator: " ")) \(words.map(TmuxSession.quote).joined(separator: " ")) 2>/dev/null"
        let (status, output) = try Spawn.status(["/bin/sh", "-c", command])
        XCTAssertEqual(status, 0, output)
        let start = try XCTUnwrap(output.firstIndex(of: "["), output)
        let end = try XCTUnwrap(output.lastIndex(of: "]"), output)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output[start...end].utf8)) as? [[String: Any]])
    }

    func testTypingAPrefixMovesToThatNameInTheWholeList() throws {
        let tmux = try gallery("characters")
        tmux.waitFor("the grid", timeout: 30) { GalleryScreen($0).status.contains("1 of 184") }
        tmux.send("'")
        tmux.waitFor("the jump prompt") { GalleryScreen($0).status.contains("jump ›") }
        tmux.type("wi")
        tmux.waitFor("the typed prefix shown") { GalleryScreen($0).status.contains("jump › wi") }
        // The status line names the selection too: it is the frame's last row (tmux 3.3 has no
        // synchronized output; the tile's row can be in with the status line still the prompt's).
        let screen = tmux.waitFor("Wiccan selected", timeout: 20) {
            GalleryScreen($0).selectedName == "Wiccan" && GalleryScreen($0).status.hasPrefix(" Wiccan ")
        }
        let status = GalleryScreen(screen).status
        XCTAssertTrue(status.contains(" of 184"), "the whole list, not a filtered one: \(status)")
        XCTAssertFalse(status.contains(" 1 of 184"), status)
        XCTAssertTrue(GalleryScreen(screen).header.contains("Characters"), GalleryScreen(screen).header)
        XCTAssertFalse(GalleryScreen(screen).header.contains("Characters ·"), GalleryScreen(screen).header)
        // The pause ends the prefix; letters are keys again (l moves right).
        tmux.waitFor("the prefix gone after the pause", timeout: 10) { !GalleryScreen($0).status.contains("jump ›") }
        tmux.send("l")
        tmux.waitFor("the next name selected") { GalleryScreen($0).status.hasPrefix(" Winter Soldier ") }
        tmux.send("'")
        tmux.waitFor("the jump prompt again") { GalleryScreen($0).status.contains("jump ›") }
        tmux.type("xq")
        tmux.waitFor("no such name said", timeout: 20) { GalleryScreen($0).status.contains("no name starts with “xq”") }
        tmux.send("q")
    }

    func testIndexInTheComicsGridMovesToTheLetter() throws {
        let tmux = try gallery("comics")
        let screen = tmux.indexComics(to: "T")
        let status = GalleryScreen(screen).status
        XCTAssertTrue(status.contains(" of 440"), "the grid keeps every title: \(status)")
        XCTAssertEqual(GalleryScreen(screen).header.contains("Comics · T"), false, GalleryScreen(screen).header)
        // Titles before it on the grid do not start with T: it is the first one.
        let names = GalleryScreen(screen).names
        let at = try XCTUnwrap(names.firstIndex { $0.uppercased().hasPrefix("T") })
        XCTAssertEqual(names[at], GalleryScreen(screen).selectedName)
        tmux.send("Escape")
        tmux.send("q")
    }

    func testSChangesTheOrderAndTheHeaderSaysIt() throws {
        let most = try listing(["characters", "--order", "-comics", "--limit", "1"])
        let top = try XCTUnwrap(most.first?["name"] as? String)
        let tmux = try gallery("characters")
        tmux.waitFor("the grid", timeout: 30) { GalleryScreen($0).status.contains("1 of 184") && GalleryScreen($0).selectedName == "3-D Man" }
        tmux.send("s")
        tmux.waitFor("by modified", timeout: 20) {
            GalleryScreen($0).header.contains("Characters · by modified ↓") && GalleryScreen($0).status.contains("1 of 184")
        }
        tmux.send("s")
        tmux.waitFor("by comics, most first", timeout: 20) {
            GalleryScreen($0).header.contains("Characters · by comics ↓") && GalleryScreen($0).status.hasPrefix(" \(top) ")
        }
        tmux.send("'")
        tmux.waitFor("jump refused when not by name") { GalleryScreen($0).status.contains("need the name order") }
        tmux.send("s")
        tmux.waitFor("back to names", timeout: 20) {
            !GalleryScreen($0).header.contains("· by") && GalleryScreen($0).selectedName == "3-D Man"
        }
        tmux.send("q")
    }

    func testOrderOnTheCommandLine() throws {
        let most = try listing(["characters", "--order", "-comics", "--limit", "5"])
        let counts = most.compactMap { ($0["comics"] as? [String: Any])?["available"] as? Int }
        XCTAssertEqual(counts.count, 5)
        XCTAssertEqual(counts, counts.sorted(by: >), "--plain/--json honour --order: \(counts)")
        let top = try XCTUnwrap(most.first?["name"] as? String)
        let tmux = try gallery("characters --order -comics")
        tmux.waitFor("the grid by comics", timeout: 30) {
            GalleryScreen($0).header.contains("Characters · by comics ↓") && GalleryScreen($0).status.hasPrefix(" \(top) ")
        }
        tmux.send("q")
        let comics = try gallery("comics --order -onsaleDate")
        comics.waitFor("the comics grid newest first", timeout: 30) {
            GalleryScreen($0).header.contains("Comics · by on-sale date ↓") && GalleryScreen($0).status.contains("1 of 440")
        }
        comics.send("q")
        let assignments = catalog.environment.map { "\($0.key)=\($0.value)" }
        let (status, output) = try Spawn.status(["/usr/bin/env"] + assignments + [catalog.binary, "characters", "--order", "comic"])
        XCTAssertEqual(status, 64)
        XCTAssertEqual(output.split(separator: "\n").count, 2, "one line and a hint: \(output)")
        XCTAssertTrue(output.hasPrefix("marvel-gallery: unknown --order \"comic\"; use one of: name, -name, modified, -modified, comics, -comics"),
                      output)
    }
}
