import XCTest
@testable import GalleryApp
import TerminalUI

/// A source that matches name starts only (the Marvel API, mirrors): search anywhere runs over
/// the loaded names, fetches nothing, and the status line says so.
final class LocalSearchTests: XCTestCase {
    func testSearchAnywhereOverLoadedNamesWithANotice() {
        var h = Harness(count: 300)
        h.state.config.source = .officialAPI
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let loaded = h.state.current.items.count
        h.key(.char("/"))
        h.type("man")
        h.fireLatestDebounce()
        XCTAssertTrue(h.pendingFetches.isEmpty, "no request: the source cannot search inside names")
        let names = h.state.current.items.map(\.name)
        XCTAssertFalse(names.isEmpty)
        XCTAssertTrue(names.allSatisfy { $0.lowercased().contains("man") }, "\(names)")
        let expected = h.state.lists[0].items.map(\.name).filter { $0.lowercased().contains("man") }
        XCTAssertEqual(Set(names), Set(expected), "every loaded match, nothing else")
        let ranks = names.map { NameMatch.rank($0, key: "man")! }
        XCTAssertEqual(ranks, ranks.sorted(), "name starts, then word starts, then the rest: \(names)")
        XCTAssertTrue(h.state.current.endReached)

        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        XCTAssertTrue(buffer.text.contains("searched the \(loaded) loaded names"), buffer.text)

        h.key(.escape)
        XCTAssertEqual(h.state.lists.count, 1)
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
        h.state.config.source = .metron(LiveText { "Metron · 3/18 this minute · 42 today" })
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
