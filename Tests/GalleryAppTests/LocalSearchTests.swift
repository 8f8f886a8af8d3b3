import XCTest
@testable import GalleryApp
import TerminalUI

/// A source that matches name starts only (the Marvel API, mirrors): a search asks the server
/// for the name starts (once the typing pauses), and the loaded names holding the text
/// elsewhere follow them; the status line says so (issue 22, item 2).
final class LocalSearchTests: XCTestCase {
    func testSearchAsksForNameStartsThenFollowsWithLoadedMatches() {
        var h = Harness(count: 300)
        h.state.config.source = .mirror("http://127.0.0.1:9")
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let loaded = h.state.current.items.count
        h.key(.char("/"))
        h.type("man")
        XCTAssertTrue(h.pendingFetches.isEmpty, "nothing per keystroke")
        h.fireLatestDebounce()
        XCTAssertEqual(h.pendingFetches.map(\.query), [.search("man")], "one name-start request")
        h.answerAll()
        let names = h.state.current.items.map(\.name)
        XCTAssertTrue(names.allSatisfy { $0.lowercased().contains("man") }, "\(names)")
        let ranks = names.map { NameMatch.rank($0, key: "man")! }
        XCTAssertEqual(ranks, ranks.sorted(), "the server's name starts, then the loaded word starts and the rest: \(names)")
        let expected = h.state.lists[0].items.map(\.name).filter { $0.lowercased().contains("man") }
        XCTAssertEqual(Set(names), Set(expected))

        // A name the loaded list does not have yet comes from the server.
        h.key(.ctrl("u"))
        h.type("spi")
        h.fireLatestDebounce()
        h.answerAll()
        XCTAssertEqual(h.names, ["Spider-Girl", "Spider-Man", "Spiral"])
        XCTAssertTrue(h.state.current.endReached)

        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        XCTAssertTrue(buffer.text.contains("server's name starts + 0 of the"), buffer.text)
        XCTAssertGreaterThan(loaded, 0)

        h.key(.escape)
        XCTAssertEqual(h.state.lists.count, 1)
    }

    /// A mirror that ignores `nameStartsWith` sends names that do not start with the text: they
    /// are not shown as starts (the loaded ones holding it elsewhere follow, once each).
    func testAServerThatIgnoresTheFilterIsCheckedHere() {
        var h = Harness(count: 40)
        h.state.config.source = .mirror("http://127.0.0.1:9")
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("/"))
        h.type("man")
        h.fireLatestDebounce()
        let request = h.pendingFetches.removeFirst()
        let everything = ItemPage(offset: 0, total: h.catalog.characters.count, items: Array(h.catalog.characters.prefix(20)))
        h.send(.pageLoaded(request, .success(everything)))
        h.answerAll()
        let names = h.names
        XCTAssertEqual(names, ["3-D Man", "Absorbing Man", "Spider-Man"], "no name starts: the loaded word starts only")
    }

    func testFoldingAndRanks() {
        XCTAssertEqual(NameMatch.rank("Araña (Anya Corazón)", key: "arana"), 0)
        XCTAssertEqual(NameMatch.rank("Araña (Anya Corazón)", key: "corazon"), 1)
        XCTAssertEqual(NameMatch.rank("Spider-Man (Peter Parker)", key: "man"), 1)
        XCTAssertEqual(NameMatch.rank("Human Torch", key: "man"), 2)
        XCTAssertNil(NameMatch.rank("Thor", key: "man"))
    }

    /// Metron: typing filters the loaded names (no request per keystroke); Enter sends one
    /// search, and the status line shows the budget.
    func testMetronSearchesOnlyOnEnter() {
        var h = Harness(count: 300)
        h.state.config.source = .live(LiveText { "Metron · 3/18 this minute · 42 today" },
                                      LiveTraits(creatorsOrder: "firstName", ordersComics: false, searchesOnEnter: true))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("/"))
        h.type("man")
        h.fireLatestDebounce()
        XCTAssertTrue(h.pendingFetches.isEmpty, "typing costs no request")
        XCTAssertTrue(h.state.current.items.allSatisfy { $0.name.lowercased().contains("man") })
        h.key(.enter)
        XCTAssertEqual(h.pendingFetches.map(\.query), [.search("man")], "Enter sends the search once")
        h.fireLatestDebounce()
        XCTAssertEqual(h.state.current.query, .search("man"))
        XCTAssertFalse(h.state.current.isLocal, "a late debounce does not put the local results back")

        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        XCTAssertTrue(buffer.text.contains("Metron · 3/18 this minute · 42 today"), buffer.text)
    }
}
