import Foundation
import XCTest
@testable import GalleryApp
import ImageCore
import ImagePipeline
import TerminalUI
import TestSupport

/// Issue 23: pictures on screen are fetched before prefetch, in the real program loop (the
/// runner, the effect runner, `PipelineThumbnails` and the real image pipeline with its
/// scheduler) at 200x60 with pages of 100, where one page brings the screen and the band
/// ahead together: every picture of the first screen starts downloading before any picture of
/// the prefetch band does.
final class OnScreenFirstTests: XCTestCase {
    /// The catalog item id in a fake picture URL (`http://127.0.0.1/img/1042/portrait_xlarge.jpg`).
    private func itemID(_ url: String) -> Int? {
        guard let range = url.range(of: "/img/") else { return nil }
        return Int(url[range.upperBound...].prefix { $0.isNumber })
    }

    func testTheFirstScreensPicturesStartBeforeAnyPrefetch() async throws {
        let size = Size(width: 200, height: 60)
        let catalog = FakeCatalog.make(count: 2000)
        let png = try ImageEncoder.png(ImageCore.RGBImage(width: 50, height: 75, fill: ImageCore.RGB(200, 30, 30)))
        let loader = FakeLoader(latency: .milliseconds(15), body: png)
        let pipeline = ImagePipeline(configuration: ImagePipeline.Configuration(dataLoader: loader, dataCache: nil))
        let thumbnails = PipelineThumbnails(pipeline: pipeline)
        let backend = HeadlessBackend(size: size)
        let config = AppConfig()
        XCTAssertEqual(config.pageSize, 100)
        let run = Task {
            try await GallerySession.run(backend: backend, pages: FakePageSource(catalog: catalog), thumbnails: thumbnails,
                                         options: GallerySession.Options(config: config))
        }
        let grid = try XCTUnwrap(AppState(config: config, size: size).layout.tileGrid)
        let onScreen = Set(catalog.characters.prefix(grid.tilesPerScreen).map(\.id))
        let picturesOnScreen = catalog.characters.prefix(grid.tilesPerScreen).filter { $0.thumbnail?.isPlaceholder == false }.count
        // The screen's pictures and at least a screen of prefetch have started.
        await eventually(.seconds(30)) {
            let ids = loader.state.get.starts.compactMap(self.itemID)
            return ids.filter(onScreen.contains).count == picturesOnScreen && ids.count >= picturesOnScreen + grid.tilesPerScreen / 2
        }
        await backend.finish()
        _ = try? await run.value
        _ = await thumbnails.drain()
        pipeline.close()

        let ids = loader.state.get.starts.compactMap(itemID)
        let lastOnScreen = try XCTUnwrap(ids.lastIndex { onScreen.contains($0) })
        let firstPrefetch = try XCTUnwrap(ids.firstIndex { !onScreen.contains($0) })
        print("OnScreenFirstTests: \(grid.columns)x\(grid.visibleRows) tiles, \(picturesOnScreen) pictures on screen; "
              + "the last of them started \(lastOnScreen + 1)th, the first prefetch \(firstPrefetch + 1)th")
        XCTAssertLessThan(lastOnScreen, firstPrefetch, "a prefetch started before the screen's pictures: \(ids)")
    }
}
