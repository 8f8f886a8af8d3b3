import Foundation
import TestSupport
import XCTest

/// Issue 22, item 9, in tmux on the built-in catalog: the comics grid has the A–Z index (`i`,
/// titles in order, from the one key table that the help lists too), and "end of list" is said
/// only when the end is on screen (it showed at 131 of 184 once prefetching had loaded all).
final class ComicsIndexEndToEndTests: XCTestCase {
    private var catalog: CatalogCommand!

    override func setUpWithError() throws { catalog = try CatalogCommand(self) }

    private func gallery(_ arguments: String) throws -> TmuxSession { try catalog.tmux(arguments) }

    func testTheComicsGridHasAnIndexOfTitles() throws {
        let tmux = try gallery("comics")
        // Since issue 26 the index moves the selection to the first title under the letter and
        // keeps every title (it filtered them before).
        let screen = tmux.indexComics(to: "S")
        XCTAssertTrue(GalleryScreen(screen).status.contains(" of 440"), GalleryScreen(screen).status)
        XCTAssertFalse(GalleryScreen(screen).header.contains("Comics · S"), GalleryScreen(screen).header)
        tmux.send("?")
        tmux.waitFor("the help with the index") { $0.contains("A–Z index of titles") }
        tmux.send("Escape")
        tmux.waitFor("the grid back") { !$0.contains("A–Z index of titles") && GalleryScreen($0).status.contains("of 440") }
        tmux.send("q")
    }

    func testEndOfListOnlyWhenTheEndIsOnScreen() throws {
        let tmux = try gallery("characters")
        tmux.waitFor("the grid", timeout: 30) { GalleryScreen($0).status.contains("1 of 184") }
        for _ in 0..<5 { tmux.send("PageDown") }
        let middle = tmux.waitFor("a screen in the middle", timeout: 30) { GalleryScreen($0).status.contains(" 121 of 184") }
        XCTAssertFalse(GalleryScreen(middle).status.contains("end of list"), GalleryScreen(middle).status)
        tmux.send("G")
        let end = tmux.waitFor("the end", timeout: 30) { GalleryScreen($0).status.contains("184 of 184") && $0.contains("end of list") }
        XCTAssertTrue(GalleryScreen(end).status.contains("end of list"), GalleryScreen(end).status)
        tmux.send("q")
    }
}
