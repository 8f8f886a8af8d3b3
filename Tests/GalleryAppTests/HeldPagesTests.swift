import XCTest
@testable import GalleryApp
import TerminalUI

/// A held PageDown that outruns the list's pages (each answered a round trip after it was
/// asked, longer than a key's repeat) keeps two pages in flight, each the gaps of one block of
/// 100 at a multiple of 100, first where the screen will be; the gaps it leaves are filled once
/// the key is let go, with no position asked twice and no more pages than blocks touched.
final class HeldPagesTests: XCTestCase {
    private static let size = Size(width: 200, height: 60)

    func testHeldPageDownKeepsTwoAlignedPagesInFlightAndFillsTheScreenOnceLetGo() throws {
        var app = SlowPages(count: 20_000, trip: 300, size: Self.size)
        app.send(.resized(Self.size))
        app.now += app.trip
        app.answerDue()
        XCTAssertEqual(app.state.pageRoundTrip.millis ?? 0, Double(app.trip), accuracy: 0.5)
        XCTAssertEqual(app.mostInFlight, 1, "one page in flight before a key is held")

        let before = app.asked.count
        for _ in 0..<60 {
            app.now += 33
            app.answerDue()
            app.send(.key(KeyEvent(.pageDown)))
        }
        let held = app.asked[before...]
        XCTAssertEqual(app.mostInFlight, PagedList.heldPagesInFlight, "pages asked while held: \(held.map(\.request.offset))")
        for page in held {
            let first = page.request.offset, last = page.request.offset + page.request.limit - 1
            XCTAssertEqual(first / 100, last / 100, "a page across two blocks of 100: \(first)+\(page.request.limit)")
            XCTAssertGreaterThanOrEqual(last, page.screenStart, "a page wholly behind the screen, asked while held")
        }

        // Let go: the pages in flight land, the `.letGo` timer fires, the screen's gaps are filled.
        for _ in 0..<20 {
            app.now += 100
            if app.letGoTimer {
                app.letGoTimer = false
                app.send(.timerFired(.letGo))
            }
            app.answerDue()
        }
        XCTAssertTrue(app.inFlight.isEmpty)
        XCTAssertTrue(app.screenLoaded, "a gap left on screen after the key was let go")
        let positions = app.askedPositions
        XCTAssertEqual(Set(positions).count, positions.count, "a position asked twice")
        let blocks = Set(positions.map { $0 / 100 })
        XCTAssertLessThanOrEqual(app.asked.count, blocks.count, "more pages than blocks touched: \(app.asked.map(\.request.offset))")
    }

    /// Forty PageDowns as the end-to-end test presses them (each once the screen has no gap),
    /// at key repeat speed with pages slower than the keys: no more pages than the walk's own
    /// blocks of 100 and the reach past its last screen (12 at 200x60).
    func testFortyPageDownsWithSlowPagesTakeAtMostTwelveRequests() throws {
        var app = SlowPages(count: 50_000, trip: 400, size: Self.size)
        func step() {
            app.now += 10
            app.answerDue()
            app.send(.timerFired(.letGo))
        }
        app.send(.resized(Self.size))
        for _ in 0..<1000 where !app.screenLoaded { step() }
        XCTAssertTrue(app.screenLoaded, "the first screen")
        for press in 0..<40 {
            app.now += 20
            app.send(.key(KeyEvent(.pageDown)))
            for _ in 0..<1000 where !app.screenLoaded { step() }
            XCTAssertTrue(app.screenLoaded, "PageDown \(press + 1): a gap on screen with nothing asked")
        }
        while !app.inFlight.isEmpty { step() }
        let positions = app.askedPositions
        XCTAssertEqual(Set(positions).count, positions.count, "a position asked twice")
        XCTAssertLessThanOrEqual(app.asked.count, 12, "\(app.asked.map { "\($0.request.offset)+\($0.request.limit)" })")
    }
}

/// The app's update loop with a list source that answers each page `trip` ms after it was
/// asked, on a clock the test moves.
private struct SlowPages {
    var state: AppState
    var catalog: FakeCatalog
    var now: UInt64 = 5_000
    let trip: UInt64
    var inFlight: [(request: PageRequest, due: UInt64)] = []
    /// Each page asked, with the first position on screen when it was.
    var asked: [(request: PageRequest, screenStart: Int)] = []
    var mostInFlight = 0
    var letGoTimer = false

    init(count: Int, trip: UInt64, size: Size) {
        state = AppState(config: AppConfig(), size: size)
        catalog = FakeCatalog.make(count: count)
        self.trip = trip
    }

    var screen: Range<Int> {
        guard let grid = state.layout.tileGrid else { return 0..<0 }
        return grid.visibleRange(topRow: state.current.topRow, count: state.current.count)
    }

    /// The screen shows tiles (the first page has landed) and none of them is a gap.
    var screenLoaded: Bool {
        !screen.isEmpty && screen.allSatisfy { state.current.item(at: $0) != nil }
    }

    var askedPositions: [Int] {
        asked.flatMap { $0.request.offset..<($0.request.offset + $0.request.limit) }
    }

    mutating func send(_ msg: Msg) {
        for effect in state.update(msg, atMillis: now) {
            if case .startTimer(.letGo, _) = effect { letGoTimer = true }
            guard case .fetchPage(let request) = effect else { continue }
            inFlight.append((request, now + trip))
            asked.append((request, screen.lowerBound))
            mostInFlight = max(mostInFlight, inFlight.count)
        }
    }

    mutating func answerDue() {
        while let next = inFlight.firstIndex(where: { $0.due <= now }) {
            let page = inFlight.remove(at: next)
            send(.pageLoaded(page.request, .success(catalog.answer(page.request))))
        }
    }
}
