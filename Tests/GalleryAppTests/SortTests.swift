import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// Issue 26: `s` cycles the grid's order (characters: name / modified / comics; comics: title /
/// on-sale date / issue number), `S` reverses it, sent as the contract's `orderBy` and shown in
/// the header; `--order` starts on one (`AppConfig.order`).
final class SortTests: XCTestCase {
    private func fetchedOrders(_ effects: [Effect]) -> [String?] {
        effects.compactMap { if case .fetchPage(let r) = $0 { r.order?.description } else { nil } }
    }

    func testSCyclesTheCharactersOrdersAndTheHeaderSaysIt() {
        var h = Harness.loaded(count: 100)
        XCTAssertFalse(h.detailText.contains(" · by "), "the usual order is not announced")
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["-modified"])
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("Characters · by modified ↓"), h.detailText)
        XCTAssertEqual(h.state.current.selection, 0)
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["-comics"])
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("Characters · by comics ↓"), h.detailText)
        XCTAssertEqual(h.state.current.selectedItem?.comicsAvailable, 99, "most comics first")
        XCTAssertEqual(fetchedOrders(h.key(.char("S"))), ["comics"])
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("Characters · by comics ↑"), h.detailText)
        XCTAssertEqual(h.state.current.selectedItem?.comicsAvailable, 0, "fewest first")
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["name"])
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "3-D Man")
        XCTAssertFalse(h.detailText.contains(" · by "), h.detailText)
    }

    func testSortKeepsAFormatListAndPagesPushedListsInTheSameOrder() {
        var config = AppConfig(pageSize: 50)
        config.catalog = .comics
        var h = Harness(count: 120)
        h.state = AppState(config: config, size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("t"))
        h.answerAll()
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["-onsaleDate"])
        XCTAssertEqual(h.state.lists.count, 2, "the format list stays over the main list, both re-asked")
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter(format: "comic")))
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("Comics · Comic · by on-sale date ↓"), h.detailText)
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["issueNumber"])
        h.key(.char("/"))
        h.type("sp")
        h.fireLatestDebounce()
        XCTAssertEqual(h.pendingFetches.last?.order, ListOrder(.issueNumber), "a search pages in the grid's order")
        h.key(.escape)
        h.key(.escape)
        XCTAssertEqual(h.state.current.order, ListOrder(.issueNumber), "the main list under it too")
    }

    func testCommandLineOrderStartsTheGridThere() {
        var config = AppConfig()
        config.order = ListOrder("-comics", for: .characters)
        var h = Harness(count: 100)
        h.state = AppState(config: config, size: Size(width: 120, height: 40))
        XCTAssertEqual(fetchedOrders(h.send(.resized(Size(width: 120, height: 40)))), ["-comics"])
        h.answerAll()
        XCTAssertTrue(h.detailText.contains("Characters · by comics ↓"), h.detailText)
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["name"], "s goes on from there")
    }

    func testOrderValuesPerGrid() {
        XCTAssertEqual(ListOrder.values(.characters), ["name", "-name", "modified", "-modified", "comics", "-comics"])
        XCTAssertNotNil(ListOrder("-onsaleDate", for: .comics))
        XCTAssertNil(ListOrder("comics", for: .comics))
        XCTAssertNil(ListOrder("title", for: .characters))
        XCTAssertNil(ListOrder("--name", for: .characters))
        XCTAssertTrue(ListOrder(.title, descending: true).isByName)
        XCTAssertFalse(ListOrder(.issueNumber).isByName)
    }

    /// The one key table: `s`/`S` sort the characters and comics grids; `'` and `i` work on
    /// every grid in name order (series and events too), and the help lists them.
    func testTheKeysAreInTheOneTableAndItsHelp() {
        for catalog in [CatalogKind.characters, .comics] {
            XCTAssertEqual(Keymap.gridAction(for: .char("s"), catalog: catalog), .sort(reverse: false))
            XCTAssertEqual(Keymap.gridAction(for: .char("S"), catalog: catalog), .sort(reverse: true))
        }
        for catalog in [CatalogKind.characters, .comics, .titles(.series), .titles(.events)] {
            XCTAssertEqual(Keymap.gridAction(for: .char("'"), catalog: catalog), .jump)
            XCTAssertEqual(Keymap.gridAction(for: .char("i"), catalog: catalog), .index)
        }
        XCTAssertNil(Keymap.gridAction(for: .char("s"), catalog: .titles(.series)), "series have one order")
        var h = Harness(count: 20)
        h.send(.resized(Size(width: 120, height: 40)))
        h.key(.char("?"))
        XCTAssertTrue(h.detailText.contains("sort: name / modified / comics count; S reverses"), h.detailText)
        XCTAssertTrue(h.detailText.contains("type a prefix: jump to the first name with it"), h.detailText)
        XCTAssertTrue(h.detailText.contains("moves to it"), h.detailText)
    }

    /// Snapshots: the jump prompt with the selection moved to the prefix's first name, and the
    /// header of a grid sorted by comics.
    func testSnapshotsOfJumpAndSort() {
        var h = Harness.loaded(count: 300)
        h.key(.char("'"))
        h.type("sp")
        if let tag = h.timers.last(where: { if case .jumpDebounce = $0 { true } else { false } }) { h.send(.timerFired(tag)) }
        h.answerAll()
        Snapshot.assert(h.detailText, named: "jump-sp-120x40")
        var sorted = Harness.loaded(count: 300)
        sorted.key(.char("s"))
        sorted.answerAll()
        sorted.key(.char("s"))
        sorted.answerAll()
        Snapshot.assert(sorted.detailText, named: "sorted-comics-120x40")
    }

    /// A source that cannot give an order answers 409 (the Marvel API and Metron for `comics`):
    /// the page's error is shown, nothing is listed in another order, and `s` goes on.
    func testARefusedOrderIsShownAndSGoesOn() throws {
        var h = Harness.loaded(count: 100)
        h.key(.char("s"))
        h.answerAll()
        h.key(.char("s"))
        let refused = try XCTUnwrap(h.pendingFetches.first)
        XCTAssertEqual(refused.order?.description, "-comics")
        h.pendingFetches.removeAll()
        h.send(.pageLoaded(refused, .failure(PageFailure("-comics is not a valid ordering parameter."))))
        XCTAssertTrue(h.state.current.isEmpty, "nothing shown in another order")
        XCTAssertTrue(h.detailText.contains("-comics is not a valid ordering parameter."), h.detailText)
        XCTAssertEqual(fetchedOrders(h.key(.char("s"))), ["name"])
    }
}
