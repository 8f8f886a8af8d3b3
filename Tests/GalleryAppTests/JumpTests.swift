import XCTest
@testable import GalleryApp
import TerminalUI

/// Issue 26: jump by typing (`'` then letters) moves the selection to the first name with the
/// prefix, in the list on screen, also for names not loaded yet; a pause ends the prefix.
final class JumpTests: XCTestCase {
    private func loaded(count: Int = 2000, size: Size = Size(width: 80, height: 24)) -> Harness {
        Harness.loaded(count: count, size: size)
    }

    private func fire(_ h: inout Harness, debounce: Bool) {
        guard let tag = h.timers.last(where: {
            switch $0 {
            case .jumpDebounce: debounce
            case .jumpPause: !debounce
            default: false
            }
        }) else { return XCTFail("no jump timer started") }
        h.send(.timerFired(tag))
    }

    /// On a narrow terminal the prefix being typed still shows: at 30 columns (tmux) the status
    /// line is not " Spider-Girl (May Parker)  │ …", the selected name taking the whole line.
    func testThePrefixShowsOnANarrowStatusLine() throws {
        var h = loaded(size: Size(width: 30, height: 12))
        h.key(.char("'"))
        h.type("zz extra 15")
        let status = try XCTUnwrap(h.detailText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(status.contains("jump › zz extra 15"), "the prefix: \(status)")
        h.key(.escape)
        h.key(.char("f"))
        let starred = try XCTUnwrap(h.detailText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(starred.contains("starred: 3-D Man"), "what f did: \(starred)")
    }

    func testTypingAPrefixMovesToThatNameWithoutLeavingTheGrid() throws {
        var h = loaded()
        XCTAssertNil(h.state.current.item(at: 1500), "not loaded yet")
        h.key(.char("'"))
        h.type("zz extra 1500")
        XCTAssertEqual(h.state.jumpTyping?.text, "zz extra 1500")
        XCTAssertTrue(h.detailText.contains("jump › zz extra 1500"), "the status line shows the prefix: \(h.detailText)")
        XCTAssertEqual(h.pendingFetches, [], "nothing asked per keystroke")
        fire(&h, debounce: true)
        let question = try XCTUnwrap(h.pendingFetches.first)
        XCTAssertEqual(question.startsWith, "zz extra 1500")
        XCTAssertEqual(question.limit, 1)
        h.answerAll()
        let expected = try XCTUnwrap(h.catalog.characters.firstIndex { $0.name == "Zz Extra 1500" })
        XCTAssertEqual(h.state.current.selection, expected)
        XCTAssertEqual(h.state.current.selectedItem?.name, "Zz Extra 1500")
        XCTAssertEqual(h.state.lists.count, 1, "the grid stays the whole list")
        XCTAssertEqual(h.state.current.query, .all)
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        XCTAssertEqual(h.state.current.topRow, expected / grid.columns, "the name found heads the screen")
        XCTAssertTrue(h.detailText.contains("Zz Extra 1500"), h.detailText)
    }

    func testLettersAreTheFieldsWhileTyping() {
        var h = loaded(count: 100)
        h.key(.char("'"))
        h.type("sp")
        XCTAssertEqual(h.state.current.selection, 0, "j, k and q are letters of the prefix now, not moves")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Spider-Girl")
        h.type("o")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Sponge", "the prefix grows: spo")
        h.key(.backspace)
        h.key(.backspace)
        h.type("q")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Squirrel Girl")
        XCTAssertFalse(h.state.isQuitting)
    }

    func testAPauseEndsThePrefixAndKeysAreKeysAgain() {
        var h = loaded(count: 100)
        h.key(.char("'"))
        h.type("th")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Thanos")
        fire(&h, debounce: false)
        XCTAssertNil(h.state.jumpTyping, "the pause ended the prefix")
        XCTAssertFalse(h.detailText.contains("jump ›"), h.detailText)
        let at = h.state.current.selection
        h.key(.char("l"))
        XCTAssertEqual(h.state.current.selection, at + 1, "l moves again")
        h.key(.char("'"))
        h.type("a")
        let stale = h.timers.filter { if case .jumpPause = $0 { true } else { false } }.dropLast().last
        if let stale { h.send(.timerFired(stale)) }
        XCTAssertNotNil(h.state.jumpTyping, "an older pause timer does not end a newer prefix")
    }

    func testOtherKeysEndTypingAndDoTheirJob() {
        var h = loaded(count: 100)
        h.key(.char("'"))
        h.type("a")
        h.key(.down)
        XCTAssertNil(h.state.jumpTyping)
        XCTAssertGreaterThan(h.state.current.selection, 0, "Down moved")
        h.key(.char("'"))
        h.key(.escape)
        XCTAssertNil(h.state.jumpTyping)
        XCTAssertFalse(h.state.isQuitting, "Esc ends the prefix, not the program")
    }

    func testNoNameWithThePrefixSaysSoAndStays() {
        var h = loaded(count: 100)
        h.key(.right)
        h.key(.char("'"))
        h.type("xq")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selection, 1, "unmoved")
        XCTAssertEqual(h.state.jumpNotice, "no name starts with “xq”")
        fire(&h, debounce: false)
        XCTAssertTrue(h.detailText.contains("no name starts with “xq”"), h.detailText)
    }

    func testJumpInADescendingListFindsTheFirstOfThePrefixThere() {
        var h = loaded(count: 300)
        h.key(.char("S"))  // by name, Z–A
        h.answerAll()
        XCTAssertEqual(h.state.current.order, ListOrder(.name, descending: true))
        XCTAssertEqual(h.state.current.selectedItem?.name.hasPrefix("Zz Extra"), true)
        h.key(.char("'"))
        h.type("sp")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Sponge", "Z–A: the last Sp name comes first")
    }

    func testJumpAndIndexSayWhyNotWhenSortedOtherwise() {
        var h = loaded(count: 100)
        h.key(.char("s"))  // modified
        h.answerAll()
        h.key(.char("'"))
        XCTAssertNil(h.state.jumpTyping)
        XCTAssertEqual(h.state.jumpNotice, "sorted by modified ↓: the index and jump need the name order (s)")
        h.key(.char("i"))
        XCTAssertNil(h.state.indexCursor, "no index bar over a list not in name order")
        XCTAssertTrue(h.detailText.contains("the index and jump need the name order"), h.detailText)
    }

    func testASearchIsClosedAndTheJumpHappensInTheList() {
        var h = loaded(count: 100)
        h.searchAndKeep("man")
        XCTAssertEqual(h.state.lists.count, 2)
        h.key(.char("i"))
        h.key(.char("t"))
        h.answerAll()
        XCTAssertNil(h.state.search)
        XCTAssertEqual(h.state.lists.count, 1)
        XCTAssertEqual(h.state.current.selectedItem?.name, "Thanos")
    }

    func testEnterLooksUpAtOnceAndMetronWaitsForIt() {
        var h = loaded(count: 100)
        h.key(.char("'"))
        h.type("th")
        h.key(.enter)
        XCTAssertNil(h.state.jumpTyping)
        XCTAssertEqual(h.pendingFetches.first?.startsWith, "th", "Enter asks without waiting for the debounce")
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Thanos")

        var metron = Harness(count: 100)
        metron.state = AppState(config: AppConfig(source: .live(LiveText { "Metron · 0/20 this minute" },
                                                                 LiveTraits(creatorsOrder: "firstName", ordersComics: false, searchesOnEnter: true))), size: Size(width: 80, height: 24))
        metron.send(.resized(Size(width: 80, height: 24)))
        metron.answerAll()
        metron.key(.char("'"))
        metron.type("th")
        XCTAssertFalse(metron.timers.contains { if case .jumpDebounce = $0 { true } else { false } },
                       "Metron's small budget: no lookup while typing")
        metron.key(.enter)
        XCTAssertEqual(metron.pendingFetches.first?.startsWith, "th")
    }

    /// The cost of a jump to a name not loaded in 50,000 (pages of 100, as 23c makes them): the
    /// question, the halving pages, then the screen around the name. Printed, and bounded by
    /// the halving's log2 of the pages (9) plus the question and a screen's pages.
    func testAJumpInFiftyThousandNamesCostsAFewPages() throws {
        var h = Harness(size: Size(width: 120, height: 40), count: 50_000)
        h.state = AppState(config: AppConfig(pageSize: 100), size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let before = h.log.count
        h.key(.char("'"))
        h.type("zz extra 31415")
        fire(&h, debounce: true)
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Zz Extra 31415")
        let fetches = h.log[before...].compactMap { if case .fetchPage(let r) = $0 { r } else { nil } }
        print("jump in 50,000 names, pages of 100: \(fetches.count) requests (1 question + \(fetches.count - 1) pages, the screen's included), " +
              "\(h.state.current.loadedCount) names loaded")
        XCTAssertLessThanOrEqual(fetches.count, 1 + 9 + 4)
    }

    /// Series and events grids (in title order) have the index and the jump; the creators grid
    /// (full names ordered by last name) says why it has not.
    func testSeriesGridJumpsAndCreatorsSayWhyNot() {
        var config = AppConfig()
        config.catalog = .titles(.series)
        var h = Harness.loaded(size: Size(width: 80, height: 24), config: config)
        h.key(.char("i"))
        XCTAssertNotNil(h.state.indexCursor)
        h.key(.char("t"))
        XCTAssertEqual(h.pendingFetches.first?.query, .titles(.series, startsWith: nil))
        XCTAssertEqual(h.pendingFetches.first?.startsWith, "T")
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "Thanos")

        config.catalog = .titles(.creators)
        var creators = Harness.loaded(size: Size(width: 80, height: 24), config: config)
        creators.key(.char("i"))
        XCTAssertNil(creators.state.indexCursor)
        XCTAssertEqual(creators.state.jumpNotice, "this list is not in name order: the index and jump do not apply")
    }

    /// A key on the grid while a jump is still being placed wins: the late answer moves nothing.
    func testAKeyOnTheGridCancelsAJumpOnItsWay() {
        var h = loaded()
        h.key(.char("i"))
        h.key(.char("z"))
        XCTAssertNotNil(h.state.jump)
        h.key(.right)
        XCTAssertNil(h.state.jump)
        h.answerAll()
        XCTAssertEqual(h.state.current.selection, 1, "where Right put it")
    }
}
