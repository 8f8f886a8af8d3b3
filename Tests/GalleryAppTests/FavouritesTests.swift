import Foundation
import XCTest
@testable import GalleryApp
import MarvelAPI
import TerminalUI
import TestSupport

/// `f` (star), `H` (history) and the saved grids on the pure core: what is kept, what is
/// written (`Effect.save`), what the tiles and pages show.
final class FavouritesTests: XCTestCase {
    static let fixedClock = WallClock { Date(timeIntervalSince1970: 1_764_000_000) }

    private func loaded(_ size: Size = Size(width: 120, height: 40), count: Int = 40) -> Harness {
        var h = Harness(size: size, count: count)
        h.state.wallClock = Self.fixedClock
        h.send(.resized(size))
        h.answerAll()
        return h
    }

    private func saves(_ effects: [Effect]) -> [(SavedList, [SavedEntry])] {
        effects.compactMap { if case .save(let list, let entries, _, _) = $0 { (list, entries) } else { nil } }
    }

    func testFStarsTheSelectedTileAndWritesTheFavourites() throws {
        var h = loaded()
        h.key(.right)
        let item = try XCTUnwrap(h.state.current.selectedItem)
        let effects = h.key(.char("f"))
        let written = try XCTUnwrap(saves(effects).first)
        XCTAssertEqual(written.0, .favourites)
        XCTAssertEqual(written.1.map(\.id), [item.id])
        XCTAssertEqual(written.1[0].name, item.name)
        XCTAssertEqual(written.1[0].kind, "characters")
        XCTAssertEqual(written.1[0].thumbnail, item.thumbnail)
        XCTAssertEqual(written.1[0].resourceURI, "http://gateway.marvel.com/v1/public/characters/\(item.id)")
        XCTAssertEqual(written.1[0].source, "offline catalog")
        XCTAssertEqual(written.1[0].at, Date(timeIntervalSince1970: 1_764_000_000))
        XCTAssertTrue(h.state.isFavourite(item))
        XCTAssertTrue(h.detailText.contains("★ starred: \(item.name)"))
        let again = h.key(.char("f"))
        XCTAssertEqual(saves(again).first?.1, [])
        XCTAssertFalse(h.state.isFavourite(item))
    }

    func testComicsGridStarsComicsAndKeepsFormatsOnT() throws {
        var config = AppConfig(pageSize: 50)
        config.catalog = .comics
        var h = Harness(size: Size(width: 120, height: 40), count: 30)
        h.state = AppState(config: config, size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let written = try XCTUnwrap(saves(h.key(.char("f"))).first)
        XCTAssertEqual(written.1.first?.kind, "comics")
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter()), "f no longer changes the format")
        h.key(.char("t"))
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter(format: "comic")))
    }

    /// The star on the tile: on the frame's top left corner, gold, the picture untouched.
    func testStarMarkSnapshot() throws {
        var h = loaded(Size(width: 80, height: 24), count: 40)
        h.key(.char("f"))
        h.key(.right)
        h.key(.right)
        h.key(.char("f"))
        h.key(.left)  // the confirmation goes with the next key
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        Snapshot.assert(buffer.text, named: "favourites-star-80x24")
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let first = try XCTUnwrap(grid.frame(ofItem: 0, topRow: 0))
        let second = try XCTUnwrap(grid.frame(ofItem: 1, topRow: 0))
        XCTAssertEqual(buffer[first.x + 1, first.y].symbol, "★")
        XCTAssertEqual(buffer[first.x + 1, first.y].style.background, Theme.standard.starColor)
        XCTAssertNotEqual(buffer[second.x + 1, second.y].symbol, "★")
    }

    func testDetailPageFStarsItAndShowsTheStarBeforeTheTitle() throws {
        var h = loaded()
        h.openAndLoad()
        let page = try XCTUnwrap(h.state.details.top)
        XCTAssertFalse(h.detailText.split(separator: "\n")[0].contains("★"))
        let written = try XCTUnwrap(saves(h.key(.char("f"))).first)
        XCTAssertEqual(written.1.first?.id, page.subject.id)
        XCTAssertEqual(written.1.first?.name, page.content?.title)
        XCTAssertTrue(h.detailText.split(separator: "\n")[0].contains("★ "), h.detailText)
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let star = try XCTUnwrap(buffer.row(0).first { $0.symbol == "★" })
        XCTAssertEqual(star.style.background, Theme.standard.starColor, "the page's star is the tiles' gold badge")
        h.key(.escape)
        let item = try XCTUnwrap(h.state.current.selectedItem)
        XCTAssertTrue(h.state.isFavourite(item), "the grid shows the page's star")
    }

    func testOpenedPagesGoFirstInTheHistoryOncePerOpening() throws {
        var h = loaded()
        h.openAndLoad()
        let first = try XCTUnwrap(h.state.details.top?.subject)
        XCTAssertEqual(h.state.saved.history.map(\.id), [first.id])
        XCTAssertTrue(h.log.contains { if case .save(.recent, _, _, _) = $0 { true } else { false } })
        h.key(.escape)
        h.key(.right)
        h.openAndLoad()
        let second = try XCTUnwrap(h.state.details.top?.subject)
        XCTAssertEqual(h.state.saved.history.map(\.id), [second.id, first.id])
        XCTAssertEqual(h.state.saved.history[0].name, h.state.details.top?.content?.title)
    }

    /// `H`: the history over the grid, from memory (no request), most recent first; Enter opens
    /// each record's own kind; Esc comes back.
    func testHOpensTheRecentGridWithoutARequest() throws {
        var h = loaded()
        h.state.saved = SavedLists(history: [SavedStoreTests.entry(21366, .comics, name: "Avengers #1"),
                                             SavedStoreTests.entry(1009610, name: "Spider-Man")])
        let before = h.pendingFetches.count
        h.key(.char("H"))
        XCTAssertEqual(h.state.current.query, .saved(.recent))
        XCTAssertEqual(h.pendingFetches.count, before, "no page request for a saved grid")
        XCTAssertEqual(h.names, ["Avengers #1", "Spider-Man"])
        XCTAssertTrue(h.detailText.contains("Recently opened"))
        let opened = h.key(.enter)
        XCTAssertTrue(opened.contains(.detail(.load(DetailRequest(pageID: h.state.details.top!.pageID, subject: .comic(21366))))), "\(opened)")
        h.key(.escape)
        h.key(.escape)
        XCTAssertEqual(h.state.current.query, .all)
        XCTAssertFalse(h.state.isQuitting)
    }

    func testTheRecentGridOverASortedGridDoesNotClaimItsOrder() {
        var h = loaded()
        h.state.saved = SavedLists(history: [SavedStoreTests.entry(1009610, name: "Spider-Man")])
        h.key(.char("s"))
        XCTAssertTrue(h.detailText.contains("by modified"), h.detailText)
        h.key(.char("H"))
        XCTAssertTrue(h.detailText.contains("Recently opened"), h.detailText)
        XCTAssertFalse(h.detailText.contains("by modified"), "the recent grid is in visit order: \(h.detailText)")
    }

    func testFavouritesGridStartsWithTheStarredAndSaysWhenEmpty() {
        var config = AppConfig()
        config.catalog = .saved(.favourites)
        var h = Harness(size: Size(width: 120, height: 40), count: 10)
        h.state = AppState(config: config, size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertTrue(h.detailText.contains("No favourites yet"), h.detailText)
        h.state = AppState(config: config, size: Size(width: 120, height: 40))
        h.state.saved = SavedLists(favourites: (0..<150).map { SavedStoreTests.entry($0) })
        h.send(.resized(Size(width: 120, height: 40)))
        XCTAssertTrue(h.pendingFetches.isEmpty)
        XCTAssertEqual(h.state.current.count, 150)
        XCTAssertTrue(h.detailText.contains("★ Favourites"))
        XCTAssertTrue(h.detailText.contains("1 of 150"), h.detailText)
        h.key(.end)
        XCTAssertEqual(h.state.current.selectedItem?.name, "Entry 149")
    }

    /// An empty favourites grid whose file could not be read says why where the user looks,
    /// not only "no favourites yet" (which reads as if they were lost); the history's trouble is
    /// not the favourites' business.
    func testAnEmptyFavouritesGridSaysItsFileCouldNotBeRead() {
        var config = AppConfig()
        config.catalog = .saved(.favourites)
        var h = Harness(size: Size(width: 120, height: 40), count: 10)
        h.state = AppState(config: config, size: Size(width: 120, height: 40))
        h.state.noteSavedProblem(SavedStoreProblem(list: .favourites, reason: .corrupt), path: "favourites.json")
        h.state.noteSavedProblem(SavedStoreProblem(list: .recent, reason: .directory), path: "history.json")
        h.send(.resized(Size(width: 120, height: 40)))
        let body = h.detailText.split(separator: "\n").dropLast().joined(separator: "\n")  // not the status line
        XCTAssertTrue(body.contains("⚠ favourites.json: not a readable list (corrupt)"), body)
        XCTAssertTrue(body.contains("No favourites yet"), body)
        XCTAssertFalse(body.contains("history.json"), body)
    }

    /// A star given on a disk that refuses the write is said again at exit (after the terminal
    /// is back), since the run's changes to that list are gone; the unchanged history is not.
    func testAListChangedButNotWrittenIsSaidAtExit() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("mg-notdir-\(UUID().uuidString)")
        try Data("a file where the folder should be".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let store = SavedStore(directory: blocker)
        let (start, problems) = store.load()
        XCTAssertEqual(problems, [])
        var h = loaded()
        h.state.saved = start
        XCTAssertEqual(h.state.unsavedChanges(since: start, store: store), [], "nothing changed yet")
        h.key(.char("f"))
        XCTAssertThrowsError(try store.save(.favourites, h.state.saved.favourites))
        let said = h.state.unsavedChanges(since: start, store: store)
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said[0].hasPrefix("favourites.json: cannot be written ("), said[0])
        XCTAssertTrue(said[0].hasSuffix("this run's changes to it are lost"), said[0])
    }

    /// A file that could not be used is said once in the status line, and a failed write too.
    func testStoreProblemsAreSaidOnceInTheStatusLine() {
        var h = loaded()
        let problem = SavedStoreProblem(list: .favourites, reason: .corrupt)
        h.send(.savedProblem(problem, path: "/data/favourites.json"))
        h.send(.savedProblem(problem, path: "/data/favourites.json"))
        XCTAssertEqual(h.state.savedNotices, ["/data/favourites.json: not a readable list (corrupt); kept in memory this run"])
        XCTAssertTrue(h.detailText.contains("favourites.json: not a readable list"), h.detailText)
    }

    /// A saved name carrying escape sequences is drawn cleaned: no ESC reaches the frame.
    func testHostileSavedNameIsDrawnClean() {
        var h = loaded()
        h.state.saved = SavedLists(history: [SavedStoreTests.entry(5, name: "Evil\u{1B}]0;pwned\u{07}\u{1B}[2JName")])
        h.key(.char("H"))
        let text = h.detailText
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertFalse(text.contains("\u{07}"))
        let effects = h.key(.char("f"))
        XCTAssertFalse(h.state.copyNotice?.contains("\u{1B}") ?? true)
        _ = effects
    }
}

/// Through the real runtime: a star given right before `q` is on disk when the run returns
/// (the runner cancels effects still running at exit; the session writes the final lists).
final class FavouritesSessionTests: XCTestCase {
    func testStarThenQuitAtOnceIsWritten() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fav-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SavedStore(directory: folder)
        let backend = HeadlessBackend(size: Size(width: 120, height: 40))
        var options = GallerySession.Options(config: AppConfig())
        options.savedStore = store
        options.canonicalLink = { $0.replacingOccurrences(of: "http://127.0.0.1/", with: "http://i.annihil.us/") }
        let pages = FakePageSource(catalog: FakeCatalog.make(count: 40))
        let run = Task { try await GallerySession.run(backend: backend, pages: pages, thumbnails: FakeThumbnails(), options: options) }
        await waitForScreen(backend) { $0.contains("3-D Man") && $0.contains("of 40") }
        await backend.type("fq")  // one burst: the write may still be queued when the loop ends
        let (state, _) = try await run.value
        XCTAssertTrue(state.isQuitting)
        let (lists, problems) = SavedStore(directory: folder).load()
        XCTAssertEqual(problems, [])
        XCTAssertEqual(lists.favourites.map(\.name), ["3-D Man"])
        // Pictures are stored as the record's own link, not the run's loopback one.
        XCTAssertEqual(lists.favourites.first?.thumbnailPath?.hasPrefix("http://i.annihil.us/"), true,
                       "\(lists.favourites.first?.thumbnailPath ?? "nil")")
    }
}
