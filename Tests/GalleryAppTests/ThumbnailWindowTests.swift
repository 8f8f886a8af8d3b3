import XCTest
@testable import GalleryApp
import TerminalUI

final class ThumbnailWindowTests: XCTestCase {
    private func loads(_ effects: [Effect], _ priority: ThumbnailPriority) -> [ThumbnailKey] {
        effects.flatMap { effect -> [ThumbnailKey] in
            if case .loadThumbnails(let keys, let p) = effect, p == priority { return keys }
            if case .moveThumbnailWindow(let load, _, let prefetch) = effect { return priority == .high ? load : prefetch }
            return []
        }
    }

    private func cancels(_ effects: [Effect]) -> [ThumbnailKey] {
        effects.flatMap { effect -> [ThumbnailKey] in
            if case .cancelThumbnails(let keys) = effect { return keys }
            if case .moveThumbnailWindow(_, let cancel, _) = effect { return cancel }
            return []
        }
    }

    func testVisibleHighNextScreenLowPlaceholdersNever() throws {
        var h = Harness(count: 200)
        h.send(.resized(Size(width: 120, height: 40)))
        let request = h.pendingFetches.removeFirst()
        let requestPage = h.catalog.answer(request)
        let effects = h.send(.pageLoaded(request, .success(requestPage)))
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let high = loads(effects, .high)
        let low = loads(effects, .low)
        let visible = h.state.current.items.prefix(grid.tilesPerScreen)
        XCTAssertEqual(high.map(\.itemID), visible.filter { !($0.thumbnail?.isPlaceholder ?? true) }.map(\.id))
        XCTAssertTrue(high.allSatisfy { $0.columns == grid.thumbColumns && $0.rows == grid.thumbRows })
        XCTAssertTrue(low.isEmpty, "only 20 items: nothing beyond the first screen yet")
        XCTAssertFalse(high.isEmpty)

        h.answerAll()
        let after = h.state.requestedThumbnails
        XCTAssertEqual(after.values.filter { $0 == .low }.count,
                       h.state.current.items[grid.tilesPerScreen..<2 * grid.tilesPerScreen]
                           .filter { !($0.thumbnail?.isPlaceholder ?? true) }.count)
    }

    func testScrollingCancelsTilesThatLeaveAndKeepsLoadedOnes() throws {
        var h = Harness(count: 300)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let firstScreen = Set(h.state.current.items.prefix(grid.tilesPerScreen).map(\.id))
        // Deliver one visible thumbnail.
        let key = try XCTUnwrap(h.state.requestedThumbnails.first { $0.value == .high }?.key)
        h.send(.thumbnailLoaded(key, .solid(cols: key.columns, rows: key.rows, rgb: RGB(0xff, 0x00, 0x00))))
        XCTAssertNotNil(h.state.thumbnails[key.itemID])
        XCTAssertNil(h.state.requestedThumbnails[key])

        // Two screens down: the first screen's requests are cancelled, its pictures forgotten.
        h.key(.pageDown)
        let effects = h.key(.pageDown)
        let cancelled = Set(cancels(effects).map(\.itemID))
        XCTAssertFalse(cancelled.isEmpty)
        XCTAssertTrue(cancelled.isSubset(of: Set(h.state.current.items.prefix(3 * grid.tilesPerScreen).map(\.id))))
        XCTAssertTrue(h.state.requestedThumbnails.keys.allSatisfy { !firstScreen.contains($0.itemID) })
        XCTAssertNil(h.state.thumbnails[key.itemID])

        // A late answer for a cancelled tile is dropped.
        h.send(.thumbnailLoaded(key, .solid(cols: key.columns, rows: key.rows, rgb: RGB(0xff, 0x00, 0x00))))
        XCTAssertNil(h.state.thumbnails[key.itemID])
    }

    func testScrollingBackPrefetchesBackwards() throws {
        var h = Harness(count: 300)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        for _ in 0..<4 { h.key(.pageDown); h.answerAll() }
        let effects = h.key(.pageUp)
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let visibleStart = h.state.current.topRow * grid.columns
        let low = loads(effects, .low)
        XCTAssertFalse(low.isEmpty)
        let ids = h.state.current.items.map(\.id)
        XCTAssertTrue(low.allSatisfy { ids.firstIndex(of: $0.itemID)! < visibleStart }, "the band is above")
    }

    func testResizeAsksForTheNewSizeAndKeepsTheOldPictureMeanwhile() throws {
        var h = Harness(count: 100)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let key = try XCTUnwrap(h.state.requestedThumbnails.keys.sorted { $0.itemID < $1.itemID }.first)
        h.send(.thumbnailLoaded(key, .solid(cols: key.columns, rows: key.rows, rgb: RGB(0x00, 0xff, 0x00))))
        let effects = h.send(.resized(Size(width: 200, height: 60)))
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        XCTAssertTrue(loads(effects, .high).contains { $0.itemID == key.itemID && $0.columns == grid.thumbColumns })
        XCTAssertEqual(h.state.thumbnails[key.itemID]?.cols, key.columns, "old size drawn until the new one comes")
        XCTAssertFalse(h.state.isGridComplete)
        // The old size arriving late never replaces the new one.
        let newKey = ThumbnailKey(itemID: key.itemID, image: key.image,
                                  columns: grid.thumbColumns, rows: grid.thumbRows)
        h.send(.thumbnailLoaded(newKey, .solid(cols: newKey.columns, rows: newKey.rows, rgb: RGB(1, 1, 1))))
        h.send(.thumbnailLoaded(key, .solid(cols: key.columns, rows: key.rows, rgb: RGB(2, 2, 2))))
        XCTAssertEqual(h.state.thumbnails[key.itemID]?.cols, grid.thumbColumns)
    }

    func testGridIsCompleteWhenEveryVisibleTileHasItsPicture() throws {
        var h = Harness(count: 40)
        h.send(.resized(Size(width: 80, height: 24)))
        h.answerAll()
        XCTAssertFalse(h.state.isGridComplete)
        let high = h.state.requestedThumbnails.filter { $0.value == .high }.keys
        for (n, key) in high.enumerated() {
            if n == 0 {
                h.send(.thumbnailFailed(key))  // a failed picture shows the placeholder
            } else {
                h.send(.thumbnailLoaded(key, .solid(cols: key.columns, rows: key.rows, rgb: RGB(0x12, 0x34, 0x56))))
            }
        }
        XCTAssertTrue(h.state.isGridComplete)
    }
}
