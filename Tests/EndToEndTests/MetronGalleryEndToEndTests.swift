import Foundation
import TestSupport
import XCTest

/// The gallery in tmux with `--source metron` against the Metron-compatible loopback server,
/// which answers 429 past Metron's 20 requests a minute: names at once, pictures as the budget
/// allows, Metron's budget and attribution on screen, a search sent only on Enter, a detail
/// page, and never a 429.
final class MetronGalleryEndToEndTests: XCTestCase {
    private var command: MetronCommand!

    override func setUpWithError() throws { command = try MetronCommand("metron-e2e", inTmux: true) }
    override func tearDown() { command?.remove() }

    func testListSearchDetailAndPicturesWithinTheBudget() throws {
        guard let metron = try MetronTestServer(perMinute: 20) else { throw XCTSkip("../shared/metron-recorded is absent") }
        let tmux = try command.tmux(["characters"], metron)
        // tmux may be captured while a frame is half written (8 names of the first row seen on a
        // busy CI machine): wait until the screen holds its names.
        let first = GalleryScreen(tmux.waitFor("the first tiles' names") {
            GalleryScreen($0).names.contains("'Mazing Man") && GalleryScreen($0).names.count >= 12
        })
        XCTAssertGreaterThanOrEqual(first.names.count, 12, "every name of the screen at once, before any picture")
        XCTAssertTrue(first.header.contains("Metron"), "Metron's attribution: \(first.header)")
        tmux.waitFor("the budget on the status line") { GalleryScreen($0).status.contains("this minute") || GalleryScreen($0).status.contains("a minute · next") }
        tmux.waitFor("pictures", timeout: 60) { $0.contains("▀") }

        // Typing filters what is loaded (no request); Enter sends one search.
        let searches = { metron.requests.filter { $0.hasPrefix("/api/character/?") && $0.contains("name=man") }.count }
        tmux.send("/")
        tmux.type("man")
        // The field holds all three keys, and "searched the 100 loaded names…" (cut short when
        // the status line also counts a wait down) is over names that all hold "man": the
        // debounce of the last key has run.
        tmux.waitFor("local results") { screen in
            let whole = GalleryScreen(screen).names.filter { !$0.contains("…") }
            return GalleryScreen(screen).header.contains("Search › man") && screen.contains("searched the")
                && !whole.isEmpty && whole.allSatisfy { $0.lowercased().contains("man") }
        }
        XCTAssertEqual(searches(), 0, "typing sent nothing to Metron")
        tmux.send("Enter")
        tmux.waitFor("the search sent on Enter", timeout: 60) { _ in searches() == 1 }
        tmux.waitFor("its results", timeout: 60) {
            GalleryScreen($0).header.contains("Search “man”") && GalleryScreen($0).names.contains("'Mazing Man") && !$0.contains("searched the")
        }

        tmux.send("Escape")
        // The title (beside Metron's long credit, cut) says Escape was read on its own (Enter
        // after it is not read as Alt-Enter).
        tmux.waitFor("the list back") { GalleryScreen($0).header.contains("Characters") && GalleryScreen($0).selectedName == "'Mazing Man" }
        tmux.send("Enter")
        // Sent at once: part of the minute is kept free of the pictures' lookups.
        tmux.waitFor("the detail page", timeout: 60) { $0.contains("metron.cloud/character/6029") && !$0.contains("Loading") }
        XCTAssertEqual(metron.tooManyRequests, 0, "never over Metron's per-minute limit")
        tmux.send("q")
    }
}
