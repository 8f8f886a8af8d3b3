import XCTest
import Foundation
import Synchronization
@testable import GalleryApp
import TerminalUI

/// The prefetch distance as pure data: measured time between moves and picture round trip in,
/// positions ahead out (a screen of 24 tiles, 6 to a row).
final class TravelPaceTests: XCTestCase {
    private let screen = 24, row = 6

    /// A pace after moves of `stride` positions (negative: backwards) at these times (ms).
    private func pace(_ stride: Int, at times: [UInt64]) -> TravelPace {
        var pace = TravelPace()
        for time in times { pace.moved(by: stride, atMillis: time) }
        return pace
    }

    /// Times of `count` moves `interval` ms apart from `start`.
    private func times(_ count: Int, every interval: UInt64, from start: UInt64 = 10_000) -> [UInt64] {
        (0..<UInt64(count)).map { start + $0 * interval }
    }

    func testDistanceIsWhatTheUserCoversInOneRoundTrip() {
        let hold30Hz = times(8, every: 33)
        let cases: [(name: String, stride: Int, times: [UInt64], roundTrip: Double?, distance: Int)] = [
            ("slow PageDown taps", screen, times(6, every: 400), 100, screen),
            ("slow Down taps", row, times(6, every: 400), 300, screen),
            ("PageDown held at 30 Hz, 100 ms round trip: 3 strides", screen, hold30Hz, 100, 3 * screen),
            ("PageDown held at 30 Hz, 300 ms: 9 strides, capped at 4 screens", screen, hold30Hz, 300, 4 * screen),
            ("PageDown held at 30 Hz, 50 ms: 1.5 moves, rounded up to 2 strides", screen, hold30Hz, 50, 2 * screen),
            ("Down held at 30 Hz, 170 ms: 5.2 moves, 6 rows", row, hold30Hz, 170, 6 * row),
            ("Down held at 30 Hz, 100 ms: 3 rows, less than a screen", row, hold30Hz, 100, screen),
            ("Down held at 30 Hz, 300 ms: 9 rows", row, hold30Hz, 300, 9 * row),
            ("Down held at 30 Hz, 1 s: 30 rows, capped", row, hold30Hz, 1000, 4 * screen),
            ("PageDown held at 15 Hz, 200 ms: 3 strides", screen, times(8, every: 67), 200, 3 * screen),
            ("held, but no round trip measured yet", screen, hold30Hz, nil, screen),
            ("a single press", screen, [10_000], 100, screen),
            ("untimed moves (no clock)", screen, [], 100, screen),
            // The first repeat comes after the keyboard's delay; the lower median ignores it.
            ("hold with a 500 ms repeat delay", screen, [10_000, 10_500, 10_533, 10_566], 100, 3 * screen),
        ]
        for c in cases {
            var pace = c.times.isEmpty ? TravelPace() : self.pace(c.stride, at: c.times)
            if c.times.isEmpty { for _ in 0..<8 { pace.moved(by: c.stride, atMillis: nil) } }
            XCTAssertEqual(pace.prefetchDistance(screen: screen, roundTripMillis: c.roundTrip), c.distance, c.name)
        }
    }

    func testAReversalOrAPauseDropsTheStreak() {
        var pace = pace(screen, at: times(6, every: 33))
        XCTAssertEqual(pace.streak, 6)
        XCTAssertEqual(pace.moveIntervalMillis, 33)
        pace.moved(by: -screen, atMillis: 10_200)
        XCTAssertEqual(pace.streak, 1, "a reversal starts again")
        XCTAssertFalse(pace.forward)
        XCTAssertNil(pace.moveIntervalMillis, "the forward speed says nothing about going back")
        XCTAssertEqual(pace.prefetchDistance(screen: screen, roundTripMillis: 300), screen)
        // Held backwards it grows again, the same way.
        for time in times(5, every: 33, from: 10_233) { pace.moved(by: -screen, atMillis: time) }
        XCTAssertEqual(pace.prefetchDistance(screen: screen, roundTripMillis: 100), 3 * screen)

        // A second's pause: the next press is a tap, not a repeat.
        pace.moved(by: -screen, atMillis: 13_000)
        XCTAssertEqual(pace.streak, 1)
        XCTAssertEqual(pace.prefetchDistance(screen: screen, roundTripMillis: 100), screen)
    }

    func testRoundTripIsASmoothedAverageOfSamples() {
        var estimate = RoundTripEstimate()
        XCTAssertNil(estimate.millis)
        estimate.add(millis: 100)
        XCTAssertEqual(estimate.millis, 100)
        estimate.add(millis: 300)
        XCTAssertEqual(estimate.millis, 150, "a quarter of the way to the new sample")
        for _ in 0..<20 { estimate.add(millis: 300) }
        XCTAssertEqual(estimate.millis ?? 0, 300, accuracy: 1, "settles on a changed load")
    }

    /// Through the app: pictures arrive with their round trips, PageDown is held on the event
    /// loop's clock at 30 Hz; the thumbnail band ahead is three screens, capped at four when the
    /// pictures take 300 ms, one screen again after a turn.
    func testHeldPageDownOnTheClockPrefetchesTheRoundTripsDistance() throws {
        for (roundTrip, screensAhead) in [(100, 3), (300, 4)] {
            var state = AppState(config: AppConfig(), size: Size(width: 120, height: 40))
            var catalog = FakeCatalog.make(count: 2000)
            var now: UInt64 = 5_000
            var pending: [PageRequest] = []
            func send(_ msg: Msg) {
                for case .fetchPage(let request) in state.update(msg, atMillis: now) { pending.append(request) }
            }
            func answerPages() {
                while !pending.isEmpty {
                    let request = pending.removeFirst()
                    send(.pageLoaded(request, .success(catalog.answer(request))))
                }
            }
            send(.resized(Size(width: 120, height: 40)))
            answerPages()
            let grid = try XCTUnwrap(state.layout.tileGrid)
            let screen = grid.tilesPerScreen
            // The first screen's pictures come back after `roundTrip` ms.
            for key in state.requestedThumbnails.keys {
                send(.thumbnailLoaded(key, .solid(cols: key.columns, rows: key.rows, rgb: RGB(9, 9, 9)), roundTripMillis: roundTrip))
            }
            XCTAssertEqual(state.pictureRoundTrip.millis ?? 0, Double(roundTrip), accuracy: 0.5)
            /// The items asked for at low priority off the screen, and the items with pictures in `positions`.
            func band() -> Set<Int> {
                let shown = Set(grid.visibleRange(topRow: state.current.topRow, count: state.current.count)
                    .compactMap { state.current.item(at: $0)?.id })
                return Set(state.requestedThumbnails.filter { $0.value == .low }.keys.map(\.itemID)).subtracting(shown)
            }
            func pictures(_ positions: Range<Int>) -> Set<Int> {
                Set(positions.compactMap { state.current.item(at: $0) }.filter { !($0.thumbnail?.isPlaceholder ?? true) }.map(\.id))
            }
            for _ in 0..<6 {
                now += 33
                send(.key(KeyEvent(.pageDown)))
                answerPages()
            }
            let below = (state.current.topRow + grid.visibleRows) * grid.columns
            XCTAssertEqual(band(), pictures(below..<(below + screensAhead * screen)),
                           "round trip \(roundTrip) ms: \(screensAhead) screens right below the screen")

            // Held faster than the round trip, the screen is asked no sooner than the band: it is
            // left before its pictures could come. The key let go (no move for three intervals),
            // the next message raises it.
            func asked(_ priority: ThumbnailPriority) -> Set<Int> {
                Set(state.requestedThumbnails.filter { $0.value == priority }.keys.map(\.itemID))
            }
            let onScreen = pictures(grid.visibleRange(topRow: state.current.topRow, count: state.current.count))
            XCTAssertFalse(onScreen.isEmpty)
            XCTAssertEqual(asked(.low).intersection(onScreen), onScreen, "held: the screen at low priority")
            XCTAssertTrue(asked(.high).isEmpty)
            now += 4 * 33
            let landed = try XCTUnwrap(state.requestedThumbnails.keys.first { !onScreen.contains($0.itemID) })
            send(.thumbnailLoaded(landed, .solid(cols: landed.columns, rows: landed.rows, rgb: RGB(9, 9, 9)), roundTripMillis: roundTrip))
            XCTAssertEqual(asked(.high), onScreen, "let go: the screen raised")

            now += 33
            send(.key(KeyEvent(.pageUp)))
            answerPages()
            let above = state.current.topRow * grid.columns
            XCTAssertEqual(band(), pictures((above - screen)..<above), "one screen, backwards, after turning")
        }
    }

    func testAHeldKeyOutrunsPicturesSlowerThanItsRepeatUntilLetGo() {
        let held = pace(screen, at: times(6, every: 33))
        let last: UInt64 = 10_000 + 5 * 33
        XCTAssertTrue(held.outruns(atMillis: last + 10, roundTripMillis: 100))
        XCTAssertFalse(held.outruns(atMillis: last + 10, roundTripMillis: 20), "pictures faster than the repeat")
        XCTAssertFalse(held.outruns(atMillis: last + 10, roundTripMillis: nil), "no round trip measured")
        XCTAssertTrue(held.outruns(atMillis: last + 99, roundTripMillis: 100), "a repeat late by up to two intervals")
        XCTAssertFalse(held.outruns(atMillis: last + 100, roundTripMillis: 100), "let go")
        XCTAssertFalse(pace(screen, at: [10_000]).outruns(atMillis: 10_010, roundTripMillis: 100), "one press")
        XCTAssertFalse(pace(screen, at: times(6, every: 400)).outruns(atMillis: 12_010, roundTripMillis: 100), "taps")
    }

    /// The runtime times each picture from its request: one that comes back later carries its
    /// round trip, one answered from memory (inside `load`) carries none.
    func testEffectRunnerMeasuresRoundTripsButNotMemoryHits() async throws {
        let key = ThumbnailKey(itemID: 1, image: ImageRef(path: "http://x/1", extension: "jpg"), columns: 10, rows: 5)
        let messages = MessageLog()
        let dispatch = Dispatch<Msg> { messages.append($0) }
        let runner = EffectRunner(pages: FakePageSource(catalog: FakeCatalog.make(count: 1)), thumbnails: LateThumbnails(delayMillis: 60))
        await runner.perform(.loadThumbnails([key], .low), dispatch)
        let late = try await messages.first(timeout: .seconds(20))
        guard case .thumbnailLoaded(_, _, let roundTrip?) = late else { return XCTFail("\(late)") }
        XCTAssertGreaterThanOrEqual(roundTrip, 60)

        let memory = MessageLog()
        let atOnce = EffectRunner(pages: FakePageSource(catalog: FakeCatalog.make(count: 1)), thumbnails: FakeThumbnails())
        await atOnce.perform(.loadThumbnails([key], .high), Dispatch<Msg> { memory.append($0) })
        let hit = try await memory.first(timeout: .seconds(20))
        guard case .thumbnailLoaded(_, _, nil) = hit else { return XCTFail("a memory hit is no round trip: \(hit)") }
    }
}

/// Thumbnails answered on another thread after a delay, like a download.
private final class LateThumbnails: ThumbnailProviding, @unchecked Sendable {
    let delayMillis: Int
    init(delayMillis: Int) { self.delayMillis = delayMillis }

    func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delayMillis)) {
            completion(.solid(cols: key.columns, rows: key.rows, rgb: RGB(1, 2, 3)))
        }
    }

    func cancel(_ key: ThumbnailKey) {}
}

/// Messages dispatched from any thread, for a test to wait on.
private final class MessageLog: @unchecked Sendable {
    private let messages = Mutex<[Msg]>([])

    func append(_ msg: Msg) { messages.withLock { messages in messages.append(msg) } }

    /// The first message that is not a health report, polling until `timeout`.
    func first(timeout: Duration) async throws -> Msg {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let msg = messages.withLock({ messages in messages.first { if case .healthChanged = $0 { false } else { true } } }) { return msg }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw CancellationError()
    }
}
