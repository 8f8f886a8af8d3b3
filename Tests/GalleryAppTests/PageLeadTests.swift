import XCTest
@testable import GalleryApp
import TerminalUI

/// A held key that outruns the list's pages (one in flight, each answered a round trip later)
/// asks for the page where the screen will be when it lands, not for the screen it is about
/// to leave; let go, the screen's gaps are asked for and filled.
final class PageLeadTests: XCTestCase {
    func testHeldPageDownAsksPagesAheadAndFillsTheScreenOnceLetGo() throws {
        let size = Size(width: 120, height: 40)
        var state = AppState(config: AppConfig(), size: size)
        var catalog = FakeCatalog.make(count: 20_000)
        var now: UInt64 = 5_000
        let pageTrip: UInt64 = 200
        /// Pages asked for, each answered `pageTrip` ms after it was asked; and where the screen
        /// ended when each was asked.
        var inFlight: [(request: PageRequest, due: UInt64)] = []
        var asked: [(offset: Int, screenEnd: Int)] = []
        func screenEnd() -> Int {
            guard let grid = state.layout.tileGrid else { return 0 }
            return grid.visibleRange(topRow: state.current.topRow, count: state.current.count).upperBound
        }
        /// A `.letGo` timer the model asked for and that has not fired yet.
        var letGoTimer = false
        func send(_ msg: Msg) {
            for effect in state.update(msg, atMillis: now) {
                if case .startTimer(.letGo, _) = effect { letGoTimer = true }
                guard case .fetchPage(let request) = effect else { continue }
                inFlight.append((request, now + pageTrip))
                asked.append((request.offset, screenEnd()))
            }
        }
        func answerDue() {
            while let next = inFlight.first, next.due <= now {
                inFlight.removeFirst()
                send(.pageLoaded(next.request, .success(catalog.answer(next.request))))
            }
        }
        send(.resized(size))
        now += pageTrip
        answerDue()
        XCTAssertEqual(state.pageRoundTrip.millis ?? 0, Double(pageTrip), accuracy: 0.5)
        let grid = try XCTUnwrap(state.layout.tileGrid)
        let screen = grid.tilesPerScreen

        let before = asked.count
        for _ in 0..<40 {
            now += 33
            answerDue()
            send(.key(KeyEvent(.pageDown)))
        }
        let held = asked[before...]
        XCTAssertFalse(held.isEmpty)
        // Once the hold is measured, every page asked for starts past the screen by at least
        // the screens covered in a page's round trip (200 ms at 33 ms a move: 6 moves).
        let ahead = held.dropFirst(2)
        XCTAssertFalse(ahead.isEmpty, "pages asked while held: \(held)")
        for page in ahead {
            XCTAssertGreaterThanOrEqual(page.offset, page.screenEnd + 5 * screen, "a page for the screen being left: \(held)")
        }

        // The pages in flight land while the key is still held; then it is let go with nothing
        // in flight: only the model's own `.letGo` timer tells it, and the screen's gaps are
        // asked for and answered.
        for _ in 0..<50 where !inFlight.isEmpty {
            for i in inFlight.indices { inFlight[i].due = now }
            answerDue()
        }
        XCTAssertTrue(inFlight.isEmpty)
        let gaps = grid.visibleRange(topRow: state.current.topRow, count: state.current.count)
            .filter { state.current.item(at: $0) == nil }
        XCTAssertFalse(gaps.isEmpty, "the held key left no gap on screen: nothing for the let-go to fill")
        for _ in 0..<10 {
            now += 100
            if letGoTimer {
                letGoTimer = false
                send(.timerFired(.letGo))
            }
            answerDue()
        }
        let visible = grid.visibleRange(topRow: state.current.topRow, count: state.current.count)
        XCTAssertFalse(visible.isEmpty)
        XCTAssertTrue(visible.allSatisfy { state.current.item(at: $0) != nil }, "a gap left on screen after the key was let go")
    }
}
