@testable import GalleryApp
import MarvelAPI
import XCTest

/// The covers strip pages on the same sparse slots as the grids: gaps fetched where it looks,
/// each position once, a repeated item not shown twice, a failed page retried.
final class CoverStripPagingTests: XCTestCase {
    private let subject = DetailSubject.character(1)

    private func items(_ ids: Range<Int>) -> [StripItem] {
        ids.map { StripItem(id: $0, title: "Comic \($0)", thumbnail: nil) }
    }

    func testPagesAreAskedWhereTheStripLooksAndEachOnce() throws {
        var strip = CoverStrip()
        let first = try XCTUnwrap(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        XCTAssertEqual(first.offset, 0)
        XCTAssertNil(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4), "one page in flight")
        strip.pending = nil
        strip.receive(StripPage(offset: 0, total: 100, items: items(0..<20)), for: first)
        XCTAssertEqual(strip.count, 100)
        XCTAssertEqual(strip.items.count, 20)
        XCTAssertNil(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4),
                     "the screen and two screens ahead are loaded")

        // Moving right until the gap is within two screens asks for exactly the next run.
        strip.select(12, visible: 4)
        let second = try XCTUnwrap(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        XCTAssertEqual(second.offset, 20)
        XCTAssertEqual(second.limit, 20)

        // A failed page waits for `r`, then the same gap is asked again.
        strip.pending = nil
        strip.failure = "boom"
        XCTAssertNil(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        strip.failure = nil
        let retry = try XCTUnwrap(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        XCTAssertEqual(retry, second)
    }

    func testAnItemTheServerRepeatsIsShownOnceAndPositionsCloseUp() throws {
        var strip = CoverStrip()
        let first = try XCTUnwrap(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        strip.pending = nil
        strip.receive(StripPage(offset: 0, total: 40, items: items(0..<20)), for: first)
        strip.select(19, visible: 4)
        let second = try XCTUnwrap(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        strip.pending = nil
        // One row was inserted on the server: its page starts with the last item seen already.
        strip.receive(StripPage(offset: 20, total: 41, items: items(19..<39)), for: second)
        XCTAssertEqual(strip.items.map(\.id), Array(0..<39), "each item once, in order")
        XCTAssertEqual(strip.count, 40)
        strip.select(39, visible: 4)
        let third = try XCTUnwrap(strip.nextRequest(pageID: 1, subject: subject, related: .comics, visible: 4))
        XCTAssertEqual(third.offset, 40, "the server's offset counts the repeated row")
        XCTAssertEqual(third.limit, 1)
    }
}
