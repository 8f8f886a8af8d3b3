import Foundation
import HTTPTransport
import MarvelAPI
import Synchronization
import TestSupport
import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI

/// Bad days the sources learn about while they work reach the status line once (issue 17):
/// damaged pictures, an image cache whose disk refuses writes, a response cache in memory.
final class HealthNoticeTests: XCTestCase {
    /// FakeThumbnails with a health the test sets.
    final class SickThumbnails: ThumbnailProviding, @unchecked Sendable {
        let inner = FakeThumbnails()
        private let current = Mutex(SourceHealth())
        func set(_ health: SourceHealth) { current.withLock { current in current = health } }
        var health: SourceHealth { current.withLock { current in current } }
        func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
            inner.load(key, priority: priority, completion: completion)
        }
        func cancel(_ key: ThumbnailKey) { inner.cancel(key) }
    }

    private let diskFull = "image cache /tmp/x refused a write (No space left on device): pictures kept in memory"

    private func keys(_ ids: ClosedRange<Int>) -> [ThumbnailKey] {
        ids.map { ThumbnailKey(itemID: $0, image: ImageRef(path: "http://h/\($0)", extension: "jpg"), columns: 10, rows: 5) }
    }

    func testTheRunnerSendsEachChangeOnce() async {
        let thumbnails = SickThumbnails()
        let runner = EffectRunner(pages: FakePageSource(catalog: FakeCatalog.make(count: 10)), thumbnails: thumbnails)
        let received = Mutex<[SourceHealth]>([])
        let dispatch = Dispatch<Msg> { msg in
            if case .healthChanged(let health) = msg { received.withLock { $0.append(health) } }
        }
        await runner.perform(.loadThumbnails(keys(1...3), .high), dispatch)
        XCTAssertEqual(received.withLock { $0 }, [], "nothing to say on a good day")
        thumbnails.set(SourceHealth(damagedPictures: 1))
        await runner.perform(.loadThumbnails(keys(4...6), .high), dispatch)
        thumbnails.set(SourceHealth(damagedPictures: 1, imageCacheProblem: diskFull))
        await runner.perform(.loadThumbnails(keys(7...9), .high), dispatch)
        await runner.perform(.fetchPage(PageRequest(listID: 0, query: .all, offset: 0, limit: 10)), dispatch)
        XCTAssertEqual(received.withLock { $0 }, [SourceHealth(damagedPictures: 1),
                                                  SourceHealth(damagedPictures: 1, imageCacheProblem: diskFull)])
    }

    /// Runs the gallery headless over `count` fake characters whose thumbnails report `health`,
    /// waits until `ready` holds on screen, hands the screen to `check`, then quits.
    private func runGallery(size: Size, count: Int, health: SourceHealth,
                            until ready: (String) -> Bool, check: (String) -> Void) async throws {
        let backend = HeadlessBackend(size: size)
        let thumbnails = SickThumbnails()
        thumbnails.set(health)
        let effects = EffectRunner(pages: FakePageSource(catalog: FakeCatalog.make(count: count)), thumbnails: thumbnails)
        var state = AppState(config: AppConfig(), size: size)
        let initial = state.update(.resized(size))
        let runner = ProgramRunner(program: GalleryProgram(), backend: backend, pictures: PixelPictureLayer(), perform: effects.performer)
        let run = Task { try await runner.run(state, initialEffects: initial) }
        await waitForScreen(backend, ready)
        check(await backend.screen)
        await backend.send(.input(.key(.char("q"))))
        _ = try await run.value
    }

    func testTheStatusLineSaysItInTheRunningGallery() async throws {
        try await runGallery(size: Size(width: 220, height: 40), count: 40,
                             health: SourceHealth(damagedPictures: 2, imageCacheProblem: diskFull)) {
            $0.contains("3-D Man") && $0.contains("refused a write (No space left on device): pictures kept in memory")
                && $0.contains("2 damaged picture(s) shown as far as they decode, not cached")
        } check: { screen in
            XCTAssertEqual(screen.components(separatedBy: "refused a write").count - 1, 1, "said once:\n\(screen)")
        }
    }

    func testTheResponseCacheInMemoryIsSaidToo() {
        var state = AppState(config: AppConfig(), size: Size(width: 200, height: 30))
        _ = state.update(.resized(state.size))
        _ = state.update(.healthChanged(SourceHealth(responseCacheProblem: "response cache /c is not writable (full): responses kept in memory")))
        var buffer = Buffer(size: state.size)
        GalleryView.render(state, into: &buffer)
        XCTAssertTrue(buffer.text.contains("response cache /c is not writable (full): responses kept in memory"), buffer.text)
    }

    /// A long notice on a 120-column terminal is truncated; the selection's position is not pushed out.
    func testANoticeNeverHidesThePosition() async throws {
        try await runGallery(size: Size(width: 120, height: 30), count: 184,
                             health: SourceHealth(damagedPictures: 3, imageCacheProblem: diskFull)) {
            $0.contains("refused a write")
        } check: { screen in
            let statusLine = screen.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertTrue(statusLine.contains("1 of 184"), statusLine)
        }
    }

    /// The real page source reports its response cache falling back to memory (the cache's
    /// folder is a file here, so no write can succeed, whoever runs the test).
    func testTheMarvelPageSourceReportsItsResponseCache() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("health-\(UUID().uuidString)")
        try Data().write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = Data(#"{"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[{"id":1,"name":"Solo"}]}}"#.utf8)
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let transport = try HTTPTransport()
        defer { transport.shutdown() }
        let source = MarvelPageSource(client: MarvelClient(baseURL: server.baseURL, transport: transport,
                                                           cache: ResponseCache(directory: folder)))
        XCTAssertEqual(source.health, SourceHealth())
        let page = await source.page(PageRequest(listID: 0, query: .all, offset: 0, limit: 20))
        XCTAssertEqual(try page.get().items.map(\.name), ["Solo"])
        let problem = try XCTUnwrap(source.health.responseCacheProblem)
        // The system's reason (Foundation's own text said "(NSCocoaErrorDomain error 512.)").
        XCTAssertEqual(problem, "response cache \(folder.path) is not writable (Not a directory): responses kept in memory")
    }

    /// Pictures that could not be shown at all (hatched tiles) are counted with the last reason;
    /// the reason is outside text (a server's words can reach it) and passes the sanitizer.
    func testPicturesThatCouldNotBeShownAreSaidWithTheLastReason() {
        var state = AppState(config: AppConfig(), size: Size(width: 200, height: 30))
        _ = state.update(.resized(state.size))
        _ = state.update(.healthChanged(SourceHealth(failedPictures: 3, pictureFailure: "image server answered HTTP 500\u{1B}[2J")))
        var buffer = Buffer(size: state.size)
        GalleryView.render(state, into: &buffer)
        XCTAssertTrue(buffer.text.contains("3 picture(s) failed: image server answered HTTP 500"), buffer.text)
        XCTAssertFalse(buffer.text.contains("\u{1B}"))
    }
}
