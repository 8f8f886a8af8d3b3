import Foundation
import TestSupport
import XCTest

/// The characters gallery driven in tmux against the loopback catalog server (issue 7, item 10).
final class GalleryEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    private var imageCache: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-images-\(getpid())")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: imageCache)
    }

    private func gallery(_ arguments: String = "", width: Int = 120, height: Int = 40) throws -> TmuxSession {
        let cache = imageCache.path
        return try TmuxSession(command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(cache)) \(arguments)",
                               width: width, height: height)
    }

    func testStartShowsTilesWithNamesFromTheCatalog() throws {
        let tmux = try gallery()
        // The status line is the first frame's last row: once it is there, so is every name above
        // it (tmux 3.3 has no synchronized output; a capture can fall inside a frame).
        let text = tmux.waitFor("the first tiles and the status line") {
            GalleryScreen($0).names.contains("3-D Man") && GalleryScreen($0).status.contains("offline catalog")
        }
        let screen = GalleryScreen(text)
        XCTAssertEqual(Array(screen.names.prefix(4)), ["3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack"])
        XCTAssertEqual(screen.selectedName, "3-D Man")
        XCTAssertTrue(screen.header.contains("Data provided by Marvel"), "attribution")
        tmux.waitFor("the offline catalog in the status line") { GalleryScreen($0).status.contains("offline catalog") }
        tmux.waitFor("pictures") { $0.contains("▀") }
    }

    func testResizeReflowsAndKeepsTheSelectionVisible() throws {
        let tmux = try gallery(width: 200, height: 50)
        let first = GalleryScreen(tmux.waitFor("the grid") { GalleryScreen($0).names.contains("3-D Man") })
        tmux.send("j", "j", "l", "l")
        // Every key read: the status line (the frame's last row) says the position two rows down
        // and two across; no wait for the screen to stop changing.
        let position = 2 * first.columns + 3
        let wide = GalleryScreen(tmux.waitFor("the selection at \(position)") {
            GalleryScreen($0).status.contains(" \(position) of ") && GalleryScreen($0).selectedName != nil
        })
        let selected = try XCTUnwrap(wide.selectedName)
        XCTAssertGreaterThanOrEqual(wide.columns, 8)

        // tmux's own truncated copy of the old frame reads much like the new one: wait for the
        // program's answer to a key sent after the resize, then read the redrawn grid.
        tmux.resize(width: 80, height: 50)
        tmux.waitForKeysRead()
        let narrow = GalleryScreen(tmux.waitFor("fewer columns") {
            (1..<wide.columns).contains(GalleryScreen($0).columns) && GalleryScreen($0).selectedName != nil
        })
        XCTAssertLessThan(narrow.columns, wide.columns)
        XCTAssertEqual(narrow.selectedName.map { String($0.prefix(8)) }, String(selected.prefix(8)),
                       "the selected character stays selected and on screen")

        tmux.resize(width: 200, height: 50)
        tmux.waitForKeysRead()
        let back = GalleryScreen(tmux.waitFor("the columns back") {
            GalleryScreen($0).columns == wide.columns && GalleryScreen($0).selectedName != nil
        })
        XCTAssertEqual(back.selectedName, selected)
    }

    func testScrollingToTheEndLoadsEveryCharacterExactlyOnce() throws {
        let server = try ServeProcess(executable: executable)
        let total = try server.total(of: "/v1/public/characters?limit=1")
        XCTAssertGreaterThan(total, 20)
        _ = try server.post("/debug/reset")
        let tmux = try gallery("--base-url \(server.baseURL.absoluteString)")
        tmux.waitFor("the grid") { GalleryScreen($0).names.contains("3-D Man") }
        let deadline = Date().addingTimeInterval(60)
        func atEnd(_ screen: String) -> Bool { screen.contains("\(total) of \(total)") && screen.contains("end of list") }
        var screen = tmux.capture()
        while !atEnd(screen) && Date() < deadline {
            // A walk (End would jump straight to the last page), each PageDown once the status
            // line has moved on from the last one, not after a fixed pause.
            let before = GalleryScreen(screen).status
            tmux.send("NPage")
            screen = tmux.waitFor("the next screen after \(before)") { GalleryScreen($0).status != before || atEnd($0) }
        }
        XCTAssertTrue(screen.contains("\(total) of \(total)"), "every character loaded once:\n\(screen)")
        XCTAssertTrue(screen.contains("end of list"))
        XCTAssertTrue(GalleryScreen(screen).status.contains("mirror http://127.0.0.1"))
        let pages = (total + 99) / 100  // pages of 100 (issue 23)
        XCTAssertEqual(try server.hits(path: "/v1/public/characters"), pages, "each page asked for exactly once")
    }

    /// One End on 50,000 characters: the last character is on screen after a few list requests
    /// (the page that holds it, not the 2,500 pages before it), and the status line counts over
    /// the gap.
    func testEndOnFiftyThousandFetchesTheLastPageDirectly() throws {
        let server = try ServeProcess(executable: executable, extraArguments: ["--synthetic", "50000x2000"], timeout: 120)
        let last = try server.json("/v1/public/characters?limit=1&offset=49999") as? [String: Any]
        let lastName = try XCTUnwrap(((last?["data"] as? [String: Any])?["results"] as? [[String: Any]])?.first?["name"] as? String)
        let tmux = try gallery("--base-url \(server.baseURL.absoluteString)")
        // The status line says "loading more…" while a list page is asked for: its absence is the
        // program's own word that no request is on its way.
        tmux.waitFor("the first screens loaded", timeout: 60) {
            GalleryScreen($0).status.contains("of 50,000") && !GalleryScreen($0).status.contains("loading more")
        }
        let before = try server.hits(path: "/v1/public/characters")
        tmux.send("End")
        let screen = GalleryScreen(tmux.waitFor("the last character selected", timeout: 60) { text in
            let screen = GalleryScreen(text)
            // Names that differ only at their end ("Ultra Wraith (Earth-740)") are labelled by
            // where they part ("…(Earth-740)", TileLabel.fit of the screen's names).
            let selected = (screen.selectedName ?? "").replacingOccurrences(of: "…", with: "")
            return !selected.isEmpty && lastName.contains(selected) && !screen.names.contains("…")
                && !screen.status.contains("loading more")
        })
        XCTAssertFalse(screen.names.contains("…"), "no gap left on screen: \(screen.names)")
        XCTAssertTrue(screen.status.contains("of 50,000"), screen.status)
        let requests = try server.hits(path: "/v1/public/characters") - before
        XCTAssertGreaterThanOrEqual(requests, 1)
        XCTAssertLessThanOrEqual(requests, 5, "End fetches the last page directly, not the pages before it")
    }

    func testSearchShowsOnlySpiAndEscRestoresListAndPosition() throws {
        let tmux = try gallery()
        tmux.waitFor("the grid") { GalleryScreen($0).names.contains("3-D Man") }
        for _ in 0..<10 { tmux.send("l") }
        // Every key read: `l` walks on along the rows, so the status line says 11.
        let before = GalleryScreen(tmux.waitFor("the selection at 11") {
            GalleryScreen($0).status.contains(" 11 of ") && GalleryScreen($0).selectedName != nil
        })
        let selected = try XCTUnwrap(before.selectedName)

        tmux.send("/")
        tmux.type("spi")
        // Two Spider-Men would both read "Spider-Man…" on a 12-column tile: they are labelled
        // by where their names part ("…(Peter Par…"), which the status line names in full.
        func isSpi(_ label: String) -> Bool { label.lowercased().hasPrefix("spi") || label.hasPrefix("…(") }
        let results = GalleryScreen(tmux.waitFor("results for spi") { text in
            let names = GalleryScreen(text).names
            return !names.isEmpty && names.allSatisfy(isSpi) && GalleryScreen(text).status.hasPrefix(" Spi")
        })
        XCTAssertTrue(results.names.allSatisfy(isSpi), "\(results.names)")
        XCTAssertTrue(results.names.contains { $0.hasPrefix("Spider-") })

        tmux.send("Escape")
        let after = GalleryScreen(tmux.waitFor("the list restored at 11") {
            GalleryScreen($0).names.contains("3-D Man") && GalleryScreen($0).status.contains(" 11 of ")
        })
        XCTAssertEqual(after.selectedName, selected, "selection restored")
        XCTAssertEqual(after.names, before.names, "same tiles in the same places")
    }

    func testLetterThreeShowsThreeDMan() throws {
        let tmux = try gallery("--letter 3")
        let screen = GalleryScreen(tmux.waitFor("the # list") { GalleryScreen($0).names.contains("3-D Man") })
        XCTAssertTrue(screen.names.allSatisfy { $0.first?.isNumber == true }, "\(screen.names)")
        XCTAssertTrue(screen.header.contains("Characters · #"))
        // Esc goes back to the whole list; the index moves to the first name under # in it
        // (issue 26: it does not filter).
        tmux.send("Escape")
        tmux.waitFor("the whole list") { GalleryScreen($0).names.contains("A-Bomb (HAS)") }
        tmux.send("Right")
        tmux.waitFor("A-Bomb selected") { GalleryScreen($0).selectedName == "A-Bomb (HAS)" }
        tmux.send("i")
        tmux.waitFor("the index bar") { $0.contains("# A B C") }
        tmux.send("3")
        tmux.waitFor("3-D Man selected in the whole list") {
            GalleryScreen($0).selectedName == "3-D Man" && GalleryScreen($0).names.contains("A-Bomb (HAS)")
        }
    }

    func testQuitRestoresTheTerminal() throws {
        let tmux = try gallery()
        tmux.waitFor("the grid") { GalleryScreen($0).names.contains("3-D Man") }
        XCTAssertEqual(tmux.paneFlag("alternate_on"), "1")
        tmux.send("q")
        let screen = tmux.waitFor("the program to exit") { $0.contains("EXIT:0") }
        XCTAssertEqual(tmux.paneFlag("alternate_on"), "0", "alternate screen left")
        XCTAssertEqual(tmux.paneFlag("cursor_flag"), "1", "cursor shown again")
        XCTAssertEqual(tmux.paneFlag("mouse_any_flag"), "0", "mouse reporting off")
        XCTAssertFalse(screen.contains("3-D Man"), "the grid is gone from the normal screen")
    }

    func testAFailingServerShowsTheErrorAndRRetries() throws {
        let server = try ServeProcess(executable: executable, extraArguments: ["--fail-rate", "1"])
        let tmux = try gallery("--base-url \(server.baseURL.absoluteString)")
        let screen = tmux.waitFor("the page error") { $0.contains("press r to retry") }
        XCTAssertTrue(screen.contains("Could not load"), screen)
        let hits = try server.hits(path: "/v1/public/characters")
        XCTAssertGreaterThan(hits, 0)
        tmux.send("r")
        tmux.waitFor("a new attempt") { _ in ((try? server.hits(path: "/v1/public/characters")) ?? 0) > hits }
        tmux.waitFor("the error again, no crash") { $0.contains("press r to retry") }
        tmux.send("q")
        tmux.waitFor("a clean exit") { $0.contains("EXIT:0") }
    }
}
