import Foundation
import XCTest
@testable import GalleryApp
import ImageCore
import ImagePipeline
import TerminalUI
import TestSupport

/// Issue 24: after PageDown while pictures wait (a live source whose budget is spent holds
/// them), the transfer slots go to the screen paged to, at on-screen priority, in the real
/// program loop (runner, effect runner, `PipelineThumbnails`, the real pipeline and its
/// scheduler): never to the queued tiles of the screen left behind, and never to the new
/// screen's tiles while they are still marked prefetch (`Priority: u=5` at the server).
final class PagedToFirstTests: XCTestCase {
    /// The catalog item id in a fake picture URL (`http://127.0.0.1/img/1042/portrait_xlarge.jpg`).
    private func itemID(_ url: String) -> Int? {
        guard let range = url.range(of: "/img/") else { return nil }
        return Int(url[range.upperBound...].prefix { $0.isNumber })
    }

    func testAfterPageDownTheFreedSlotsGoToTheScreenPagedToAtOnScreenPriority() async throws {
        let size = Size(width: 120, height: 40)
        let catalog = FakeCatalog.make(count: 500)
        let png = try ImageEncoder.png(ImageCore.RGBImage(width: 50, height: 75, fill: ImageCore.RGB(200, 30, 30)))
        // Three pictures come, then every load is held (until cancelled).
        let loader = FakeLoader(latency: .zero, body: png)
        loader.state.withLock { $0.holdAll = true; $0.passFirst = 3 }
        let pipeline = ImagePipeline(configuration: ImagePipeline.Configuration(dataLoader: loader, dataCache: nil))
        let thumbnails = PipelineThumbnails(pipeline: pipeline)
        let backend = HeadlessBackend(size: size)
        let config = AppConfig()
        let run = Task {
            try await GallerySession.run(backend: backend, pages: FakePageSource(catalog: catalog), thumbnails: thumbnails,
                                         options: GallerySession.Options(config: config))
        }
        let grid = try XCTUnwrap(AppState(config: config, size: size).layout.tileGrid)
        let perScreen = grid.tilesPerScreen
        let leftBehind = Set(catalog.characters.prefix(perScreen).map(\.id))
        let pagedTo = Set(catalog.characters.dropFirst(perScreen).prefix(perScreen).map(\.id))
        // The first screen: three pictures came, then every transfer slot is held.
        await eventually(.seconds(30)) { loader.started.count >= 9 && pipeline.activity.transfers >= 6 }
        let before = loader.started.count
        await backend.send(.input(.key(.pageDown)))
        await eventually(.seconds(30)) { loader.started.count >= before + 6 }
        // Let anything else the key set off start too.
        try await Task.sleep(for: .milliseconds(300))
        await backend.finish()
        _ = try? await run.value
        _ = await thumbnails.drain()
        pipeline.close()

        let after = Array(loader.started.dropFirst(before))
        let described = after.map { "\(itemID($0.url).map(String.init) ?? $0.url):\($0.priority)" }
        print("PagedToFirstTests: \(grid.columns)x\(grid.visibleRows) tiles; \(before) transfers before PageDown, then \(described)")
        let firstSix = after.prefix(6)
        XCTAssertTrue(firstSix.allSatisfy { itemID($0.url).map(pagedTo.contains) ?? false },
                      "the slots went to the screen paged to: \(described)")
        XCTAssertTrue(firstSix.allSatisfy { $0.priority == .high }, "at on-screen priority (u=1), not prefetch: \(described)")
        XCTAssertFalse(after.contains { itemID($0.url).map(leftBehind.contains) ?? false },
                       "no tile of the screen left behind started after the key: \(described)")
    }
}
