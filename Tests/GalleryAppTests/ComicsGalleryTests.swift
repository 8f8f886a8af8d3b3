import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// The comics gallery on the grid machinery: queries, format filter, title search, tile colours.
final class ComicsGalleryTests: XCTestCase {
    static let formats = ["Comic", "Digital Comic", "Trade Paperback", "Hardcover", "Digest", "Magazine",
                          "Digital Vertical Comic"]

    private func comicsHarness(_ size: Size = Size(width: 120, height: 40)) -> Harness {
        var config = AppConfig(pageSize: 50)
        config.catalog = .comics
        var h = Harness(size: size, count: 120)
        h.state = AppState(config: config, size: size)
        h.catalog.characters = h.catalog.characters.enumerated().map { n, c in
            GalleryItem(id: c.id, name: c.name, thumbnail: c.thumbnail, format: ComicsGalleryTests.formats[n % 7])
        }
        return h
    }

    /// The comics grid needs a row for its legend: too small at 40x11, and its message says
    /// what it needs (it said "need 24x11" on a 40x11 terminal).
    func testTooSmallSaysTheRowsTheComicsGridNeeds() {
        let h = comicsHarness(Size(width: 40, height: 11))
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let text = buffer.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(text.contains("need 24x12"), text)
    }

    func testFirstPageAsksForComicsFiftyAtATime() throws {
        var h = comicsHarness()
        let effects = h.send(.resized(Size(width: 120, height: 40)))
        let request = try XCTUnwrap(effects.compactMap { if case .fetchPage(let r) = $0 { r } else { nil } }.first)
        XCTAssertEqual(request.query, .comics(ComicsFilter()))
        XCTAssertEqual(request.limit, 50)
        XCTAssertEqual(request.offset, 0)
    }

    func testFormatFilterStepsAndEscReturns() {
        var h = comicsHarness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let main = h.state.lists
        h.key(.char("t"))
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter(format: "comic")))
        h.key(.char("t"))
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter(format: "digital comic")))
        XCTAssertEqual(h.state.lists.count, 2, "a filter replaces the previous one")
        XCTAssertTrue(h.detailText.contains("Comics · Digital Comic"))
        h.key(.escape)
        XCTAssertEqual(h.state.lists, main)
        h.key(.char("T"))
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter(format: "infinite comic")))
    }

    func testSearchUsesTitleStartsWith() {
        var h = comicsHarness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("/"))
        h.type("spi")
        h.fireLatestDebounce()
        XCTAssertEqual(h.state.current.query, .comics(ComicsFilter(titleStartsWith: "spi")))
    }

    /// `i` on the comics grid: the A–Z index of titles (issue 22), in the format shown; since
    /// issue 26 a letter moves the selection within that list (nothing filtered); the help
    /// lists it from the same table as the keys.
    func testIndexOfTitles() throws {
        var h = comicsHarness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.char("t"))  // comics of one format
        h.answerAll()
        let formatList = h.state.current.query
        h.key(.char("i"))
        XCTAssertNotNil(h.state.indexCursor, "the index bar opens")
        h.key(.char("s"))
        XCTAssertEqual(h.pendingFetches.first?.startsWith, "S")
        XCTAssertEqual(h.pendingFetches.first?.query, formatList, "asked within the format shown")
        h.answerAll()
        XCTAssertEqual(h.state.current.query, formatList, "the format's list stays")
        XCTAssertEqual(h.state.current.selectedItem?.name, "Spider-Girl")
        XCTAssertTrue(h.detailText.contains("Spider-Girl"), h.detailText)
        h.key(.char("i"))
        h.key(.char("#"))
        h.answerAll()
        XCTAssertEqual(h.state.current.selectedItem?.name, "3-D Man", "titles starting with a digit come first")
        XCTAssertEqual(h.state.lists.count, 2)
        h.key(.char("?"))
        XCTAssertTrue(h.detailText.contains("A–Z index of titles"), h.detailText)
    }

    func testEnterOpensTheComicDetail() throws {
        var h = comicsHarness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let id = try XCTUnwrap(h.state.current.selectedItem?.id)
        h.openAndLoad()
        XCTAssertEqual(h.state.details.top?.subject, .comic(id))
    }

    func testTilesAreFramedInTheirFormatColourWithALegend() throws {
        var h = comicsHarness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.right)
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        XCTAssertEqual(grid.area.y, 2, "one legend line under the header")
        for index in [0, 2, 3, 4, 5, 6] {  // 1 is selected (accent frame)
            let frame = try XCTUnwrap(grid.frame(ofItem: index, topRow: 0))
            let format = try XCTUnwrap(h.state.current.items[index].format)
            XCTAssertEqual(buffer[frame.x, frame.y].style.foreground, FormatPalette.color(of: format), format)
            let label = buffer.row(frame.maxY - 1).map(\.symbol).joined()
            XCTAssertTrue(label.contains(String(format.prefix(6))), "format on the bottom frame: \(label)")
        }
        XCTAssertEqual(FormatPalette.color(of: "Digital Vertical Comic"), FormatPalette.color(of: "Digital Comic"))
        XCTAssertEqual(FormatPalette.group(of: "Magazine"), .other)
        XCTAssertEqual(FormatPalette.group(of: ""), .other)
        let legend = buffer.row(1).map(\.symbol).joined()
        for word in ["Digital", "Comic", "Trade paperback", "Hardcover", "Digest", "Other"] {
            XCTAssertTrue(legend.contains(word), legend)
        }
        Snapshot.assert(buffer.text, named: "comics-grid-120x40")
    }
}
