import XCTest
@testable import GalleryApp
import TerminalUI

/// A server's `total` is a claim: the list's memory follows what is loaded, and End finds the
/// last position the server really answers (issue 36).
final class ClaimedTotalTests: XCTestCase {
    /// Totals up to 2^63 - 1 and negative ones: the list keeps only the loaded items, the status
    /// line counts, and End lands on the real last character in a bounded number of requests.
    func testAnyClaimedTotalCostsWhatIsLoadedAndEndFindsTheRealEnd() throws {
        for claimed in [Int.max, 1 << 62, 1_000_000_000, 100_000_000, nil] {
            var h = Harness(count: 130)
            h.catalog.claimedTotal = claimed
            h.catalog.totalIsUnknown = claimed == nil
            h.send(.resized(Size(width: 120, height: 40)))
            h.answerAll()
            XCTAssertLessThanOrEqual(h.state.current.loadedCount, 100, "a few screens loaded, whatever is claimed")
            XCTAssertTrue(h.detailText.contains("1 of "), h.detailText)
            let before = h.log.filter { if case .fetchPage = $0 { true } else { false } }.count
            h.key(.end)
            h.answerAll()
            let fetches = h.log.compactMap { if case .fetchPage(let r) = $0 { r } else { nil } }.dropFirst(before)
            XCTAssertLessThanOrEqual(fetches.count, 70, "halving, not a screen at a time: \(String(describing: claimed))")
            XCTAssertEqual(h.state.current.count, 130, "\(String(describing: claimed))")
            XCTAssertEqual(h.state.current.selection, 129)
            XCTAssertEqual(h.state.current.selectedItem?.name, h.catalog.characters.last?.name)
            XCTAssertTrue(h.detailText.contains("130 of 130"), h.detailText)
            XCTAssertLessThanOrEqual(h.state.current.loadedCount, 130)
            // The index still jumps within the real list.
            h.key(.home)
            h.answerAll()
            XCTAssertEqual(h.state.current.selectedItem?.name, h.catalog.characters.first?.name)
        }
    }

    func testANegativeTotalIsAnEmptyList() {
        var h = Harness(count: 30)
        h.catalog.claimedTotal = -5
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.key(.end)
        h.answerAll()
        XCTAssertLessThanOrEqual(h.state.current.count, 30)
    }

    /// The covers strip of a detail page keeps its positions the same way.
    func testSlotsHoldOnlyLoadedPositions() {
        var slots = SparseSlots<GalleryItem>()
        let items = (0..<20).map { GalleryItem(id: $0, name: "N\($0)") }
        slots.write(items, at: 0, total: Int.max, unreadable: 0, requested: (0, 20))
        XCTAssertEqual(slots.count, 1 << 53, "a claim past 2^53 is not exact: kept at 2^53")
        XCTAssertEqual(slots.loadedCount, 20)
        let far = slots.count - 20
        slots.write([], at: far, total: Int.max, unreadable: 0, requested: (far, 20))
        XCTAssertEqual(slots.count, far, "an empty page ends the list where it was asked")
        let probe = slots.endProbe(limit: 20)
        XCTAssertEqual(probe?.count, 20)
        XCTAssertGreaterThan(probe?.lowerBound ?? 0, 20)
        XCTAssertLessThan(probe?.lowerBound ?? .max, far)
    }
}
