import Synchronization
import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// The detail pages through the real runtime: `GallerySession` on a fake backend with fake
/// details, thumbnails and link opener.
final class DetailProgramLoopTests: XCTestCase {
    private func session(opener: FakeOpener, thumbnails: RecordingThumbnails = RecordingThumbnails())
        -> (HeadlessBackend, Task<(AppState, RunStats), any Error>) {
        let backend = HeadlessBackend(size: Size(width: 120, height: 40))
        var options = GallerySession.Options(config: AppConfig())
        options.detail = .character(1009610)
        options.details = FakeDetailSource()
        options.opener = opener
        let pages = FakePageSource(catalog: FakeCatalog.make(count: 40))
        let run = Task {
            try await GallerySession.run(backend: backend, pages: pages, thumbnails: thumbnails, options: options)
        }
        return (backend, run)
    }

    func testStandaloneDetailOpensALinkWithTheOpenerAndQQuits() async throws {
        let opener = FakeOpener(succeeds: true)
        let thumbnails = RecordingThumbnails()
        let (backend, run) = session(opener: opener, thumbnails: thumbnails)
        await waitForScreen(backend) { $0.contains("Spider-Man") && $0.contains("Links") && $0.contains("▀") }
        // Detail pictures reach the provider under their own keys (never shared with grid tiles).
        XCTAssertTrue(thumbnails.loadedKeys.contains { $0.itemID == 1009610 && $0.use != .tile })
        XCTAssertFalse(thumbnails.loadedKeys.contains { $0.itemID == 1009610 && $0.use == .tile })
        await backend.type("uo")
        await waitForScreen(backend) { $0.contains("opened https://marvel.com/universe/1009610") }
        XCTAssertEqual(opener.opened, ["https://marvel.com/universe/1009610"])
        await backend.send(.input(.key(.init(.escape))))
        await waitForScreen(backend) { $0.contains("q quits") }
        await backend.send(.input(.key(.char("q"))))
        let (final, _) = try await run.value
        XCTAssertTrue(final.isQuitting, "q on a standalone detail ends the program; Esc does not")
        XCTAssertTrue(final.lists[0].items.isEmpty, "no grid was loaded behind it")
    }

    func testWithoutAnOpenerTheLinkIsShown() async throws {
        let opener = FakeOpener(succeeds: false)
        let (backend, run) = session(opener: opener)
        await waitForScreen(backend) { $0.contains("Links") }
        await backend.type("o")
        await waitForScreen(backend) { $0.contains("could not open (xdg-open); link: https://marvel.com/characters/1009610/detail") }
        await backend.type("q")
        _ = try await run.value
    }
}

/// Pictures drawn on demand at once, recording every key asked for (under a lock).
final class RecordingThumbnails: ThumbnailProviding, @unchecked Sendable {
    private let keys = Mutex<[ThumbnailKey]>([])
    var loadedKeys: [ThumbnailKey] { keys.withLock { keys in keys } }

    func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
        keys.withLock { keys in keys.append(key) }
        completion(FakeDetails.picture(key))
    }

    func cancel(_ key: ThumbnailKey) {}
}
