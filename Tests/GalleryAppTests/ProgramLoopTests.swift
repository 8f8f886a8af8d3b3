import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI
import TestSupport

/// The whole loop: `ProgramRunner` + `GalleryProgram` + `EffectRunner` on a fake backend with
/// scripted input, fake page and thumbnail sources (real timers, so the debounce is real).
final class ProgramLoopTests: XCTestCase {
    func testStartSearchRestoreResizeAndQuit() async throws {
        let backend = HeadlessBackend(size: Size(width: 120, height: 40))
        let pages = FakePageSource(catalog: FakeCatalog.make(count: 120))
        let thumbnails = FakeThumbnails()
        let effects = EffectRunner(pages: pages, thumbnails: thumbnails)
        var state = AppState(config: AppConfig(), size: Size(width: 120, height: 40))
        let initial = state.update(.resized(Size(width: 120, height: 40)))
        let runner = ProgramRunner(program: GalleryProgram(), backend: backend, pictures: PixelPictureLayer(), perform: effects.performer)
        let run = Task { try await runner.run(state, initialEffects: initial) }

        // Pictures come a message after the page: wait for them too (a loaded machine may draw
        // the page's frame first).
        await waitForScreen(backend) { $0.contains("3-D Man") && $0.contains("of 120") && $0.contains("▀") }
        XCTAssertGreaterThan(thumbnails.loadCount, 0)
        let first = await backend.screen
        XCTAssertTrue(first.contains("▀"), "pictures drawn")

        await backend.send(.input(.key(.init(.right))))
        await backend.type("/spi")
        await waitForScreen(backend) { $0.contains("Spiral") && !$0.contains("3-D Man") }
        XCTAssertTrue(pages.requestLog.contains { $0.query == .search("spi") })
        XCTAssertFalse(pages.requestLog.contains { $0.query == .search("s") }, "debounced: no query per key")

        let fetchesBeforeEsc = pages.requestLog.count
        await backend.send(.input(.key(.init(.escape))))
        await waitForScreen(backend) { $0.contains("3-D Man") && $0.contains("┃A-Bomb (HAS)┃") }
        XCTAssertEqual(pages.requestLog.count, fetchesBeforeEsc, "restored without fetching")

        await backend.send(.resize(Size(width: 80, height: 24)))
        // The tile label is trimmed at 80 columns; the status line names the selection in full.
        await waitForScreen(backend) { $0.split(separator: "\n").count == 24 && $0.contains(" A-Bomb (HAS)  │") }

        await backend.send(.input(.key(.char("q"))))
        let (final, _) = try await run.value
        XCTAssertTrue(final.isQuitting)
        let leaves = await backend.leaveCount
        XCTAssertEqual(leaves, 1, "terminal restored")
    }
}
