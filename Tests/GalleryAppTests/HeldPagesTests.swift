import XCTest
@testable import GalleryApp
import TerminalUI

/// A held PageDown that outruns the list's pages (each answered a round trip after it was
/// asked, longer than a key's repeat) keeps two pages in flight, each the gaps of one block of
/// 100 at a multiple of 100, first where the screen will be; the gaps it leaves are filled once
/// the key is let go, with no position asked twice and no more pages than blocks touched.
final class HeldPagesTests: XCTestCase {
    private let size = Size(width: 200, height: 60)

    func testHeldPageDownKeepsTwoAlignedPagesInFlightAndFillsTheScreenOnceLetGo() throws {
        var state = AppState(config: AppConfig(), size: size)
        var catalog = FakeCatalog.make(count: 20_000)
        var now: UInt64 = 5_000
        let pageTrip: UInt64 = 300
        var inFlight: [(request: PageRequest, due: UInt64)] = []
        var asked: [(request: PageRequest, screenStart: Int)] = []
        var mostInFlight = 0
        var letGoTimer = false
        func screen() -> Range<Int> {
            guard let grid = state.layout.tileGrid else { return 0..<0 }
            return grid.visibleRange(topRow: state.current.topRow, count: state.current.count)
        }
        func send(_ msg: Msg) {
            for effect in state.update(msg, atMillis: now) {
                if case .startTimer(.letGo, _) = effect { letGoTimer = true }
                guard case .fetchPage(let request) = effect else { continue }
                inFlight.append((request, now + pageTrip))
                asked.append((request, screen().lowerBound))
                mostInFlight = max(mostInFlight, inFlight.count)
            }
        }
        func answerDue() {
            while let next = inFlight.firstIndex(where: { $0.due <= now }) {
                let page = inFlight.remove(at: next)
                send(.pageLoaded(page.request, .success(catalog.answer(page.request))))
            }
        }
        send(.resized(size))
        now += pageTrip
        answerDue()
        XCTAssertEqual(state.pageRoundTrip.millis ?? 0, Double(pageTrip), accuracy: 0.5)
        XCTAssertEqual(mostInFlight, 1, "one page in flight before a key is held")

        let before = asked.count
        for _ in 0..<60 {
            now += 33
            answerDue()
            send(.key(KeyEvent(.pageDown)))
        }
        let held = asked[before...]
        XCTAssertEqual(mostInFlight, PagedList.heldPagesInFlight, "pages asked while held: \(held.map(\.request.offset))")
        for page in held {
            let first = page.request.offset, last = page.request.offset + page.request.limit - 1
            XCTAssertEqual(first / 100, last / 100, "a page across two blocks of 100: \(first)+\(page.request.limit)")
            XCTAssertGreaterThanOrEqual(last, page.screenStart, "a page wholly behind the screen, asked while held")
        }

        // Let go: the pages in flight land, the `.letGo` timer fires, the screen's gaps are filled.
        for _ in 0..<20 {
            now += 100
            if letGoTimer {
                letGoTimer = false
                send(.timerFired(.letGo))
            }
            answerDue()
        }
        XCTAssertTrue(inFlight.isEmpty)
        XCTAssertTrue(screen().allSatisfy { state.current.item(at: $0) != nil }, "a gap left on screen after the key was let go")
        let positions = asked.flatMap { $0.request.offset..<($0.request.offset + $0.request.limit) }
        XCTAssertEqual(Set(positions).count, positions.count, "a position asked twice")
        let blocks = Set(positions.map { $0 / 100 })
        XCTAssertLessThanOrEqual(asked.count, blocks.count, "more pages than blocks touched: \(asked.map(\.request.offset))")
    }

    /// Forty PageDowns as the end-to-end test presses them (each once the screen has no gap),
    /// at key repeat speed with pages slower than the keys: no more pages than the walk's own
    /// blocks of 100 and the reach past its last screen (12 at 200x60).
    func testFortyPageDownsWithSlowPagesTakeAtMostTwelveRequests() throws {
        var state = AppState(config: AppConfig(), size: size)
        var catalog = FakeCatalog.make(count: 50_000)
        var now: UInt64 = 5_000
        let pageTrip: UInt64 = 400
        var inFlight: [(request: PageRequest, due: UInt64)] = []
        var asked: [PageRequest] = []
        func send(_ msg: Msg) {
            for effect in state.update(msg, atMillis: now) {
                guard case .fetchPage(let request) = effect else { continue }
                inFlight.append((request, now + pageTrip))
                asked.append(request)
            }
        }
        func screenLoaded() -> Bool {
            guard let grid = state.layout.tileGrid else { return false }
            return grid.visibleRange(topRow: state.current.topRow, count: state.current.count)
                .allSatisfy { state.current.item(at: $0) != nil }
        }
        func step() {
            now += 10
            while let next = inFlight.firstIndex(where: { $0.due <= now }) {
                let page = inFlight.remove(at: next)
                send(.pageLoaded(page.request, .success(catalog.answer(page.request))))
            }
            send(.timerFired(.letGo))
        }
        send(.resized(size))
        for _ in 0..<1000 where !screenLoaded() { step() }
        XCTAssertTrue(screenLoaded(), "the first screen")
        for press in 0..<40 {
            now += 20
            send(.key(KeyEvent(.pageDown)))
            for _ in 0..<1000 where !screenLoaded() { step() }
            XCTAssertTrue(screenLoaded(), "PageDown \(press + 1): a gap on screen with nothing asked")
        }
        while !inFlight.isEmpty { step() }
        let positions = asked.flatMap { $0.offset..<($0.offset + $0.limit) }
        XCTAssertEqual(Set(positions).count, positions.count, "a position asked twice")
        XCTAssertLessThanOrEqual(asked.count, 12, "\(asked.map { "\($0.offset)+\($0.limit)" })")
    }
}
