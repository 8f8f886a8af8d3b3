import Foundation
import Synchronization
import XCTest
@testable import GalleryApp
import ImageCore
import ImagePipeline
import TerminalUI
import TestSupport

/// The bridge from the core's thumbnail keys to the real image pipeline (decode, resample,
/// half-block cells) with an in-memory loader: sizes, memory hits, re-prioritising, cancel.
final class PipelineThumbnailsTests: XCTestCase {
    private func png() throws -> [UInt8] {
        try ImageEncoder.png(ImageCore.RGBImage(width: 50, height: 75, fill: ImageCore.RGB(200, 30, 30)))
    }

    private let key = ThumbnailKey(itemID: 7, image: ImageRef(path: "http://127.0.0.1:1/img/7", extension: "png"),
                                   columns: 12, rows: 9)

    private func load(_ thumbnails: PipelineThumbnails, _ key: ThumbnailKey) async -> HalfBlockCells? {
        await withCheckedContinuation { continuation in
            thumbnails.load(key, priority: .high) { continuation.resume(returning: $0) }
        }
    }

    func testLoadsTheSmallestPortraitAtTheTileSizeThenHitsMemory() async throws {
        let loader = FakeLoader(latency: .zero, body: try png())
        let thumbnails = PipelineThumbnails(pipeline: ImagePipeline(configuration: .init(dataLoader: loader, dataCache: nil)))
        let image = await load(thumbnails, key)
        XCTAssertEqual(image?.cols, 12)
        XCTAssertEqual(image?.rows, 9)
        XCTAssertEqual(image?.top[50], TerminalUIRGB.red, "the picture's colour, cover-filled")
        XCTAssertEqual(loader.state.get.starts, ["http://127.0.0.1:1/img/7/portrait_small.png"])

        // Again: answered from memory before `load` returns.
        let box = Box()
        thumbnails.load(key, priority: .high) { box.set($0) }
        XCTAssertTrue(box.called, "synchronous memory hit")
        XCTAssertEqual(loader.totalStarts, 1)
        XCTAssertEqual(thumbnails.inFlight, 0)
    }

    func testRequestsTheSmallestPortraitVariantThatCoversTheTile() {
        func url(_ columns: Int, _ rows: Int) -> String? {
            PipelineThumbnails.request(for: ThumbnailKey(itemID: 1, image: ImageRef(path: "http://h/p", extension: "jpg"),
                                                         columns: columns, rows: rows))?.url
        }
        XCTAssertEqual(url(21, 16), "http://h/p/portrait_small.jpg")
        XCTAssertEqual(url(60, 45), "http://h/p/portrait_medium.jpg")
        XCTAssertEqual(url(400, 300), "http://h/p/detail.jpg", "larger than any portrait: the detail image")
    }

    /// The backdrop's panel is a hole in the pixels for sixel, iTerm2 and kitty through tmux;
    /// kitty placed directly keeps the whole picture under it (issue 26).
    func testTheHoleGoesToThePipelineExceptForKittyPlacedDirectly() {
        let key = ThumbnailKey(itemID: 1, image: ImageRef(path: "http://h/p", extension: "jpg"), columns: 200, rows: 70,
                               use: .detail(pageID: 1), hole: Rect(x: 110, y: 2, width: 84, height: 66))
        func hole(_ mode: GraphicsMode) -> Rect? { PipelineThumbnails.request(for: key, graphics: mode)?.hole }
        XCTAssertNil(hole(GraphicsMode(graphics: .kitty)))
        XCTAssertEqual(hole(GraphicsMode(graphics: .kitty, tmuxPlaceholders: true)), key.hole)
        XCTAssertEqual(hole(GraphicsMode(graphics: .sixel)), key.hole)
        XCTAssertEqual(hole(GraphicsMode(graphics: .iterm2)), key.hole)
        XCTAssertNil(hole(.blocks))
    }

    func testCancelledLoadNeverCallsBack() async throws {
        let loader = FakeLoader(latency: .zero, body: try png())
        loader.state.withLock { $0.holdAll = true }
        let thumbnails = PipelineThumbnails(pipeline: ImagePipeline(configuration: .init(dataLoader: loader, dataCache: nil)))
        let box = Box()
        thumbnails.load(key, priority: .low) { box.set($0) }
        thumbnails.load(key, priority: .high) { box.set($0) }  // re-prioritised, not a second load
        XCTAssertEqual(thumbnails.inFlight, 1)
        thumbnails.cancel(key)
        XCTAssertEqual(thumbnails.inFlight, 0)
        // The pipeline dropped the request at once: nothing is left that could call back.
        XCTAssertEqual(thumbnails.pipeline.activity.renderJobs, 0)
        XCTAssertEqual(thumbnails.pipeline.activity.fetchJobs, 0)
        loader.releaseAll()
        // The same picture asked again arrives: had the cancelled load been kept, it came too.
        let again = await load(thumbnails, key)
        XCTAssertEqual(again?.cols, 12)
        XCTAssertFalse(box.called)
    }

    final class Box: @unchecked Sendable {
        private let lock = Mutex(())
        private var stored: HalfBlockCells??
        func set(_ value: HalfBlockCells?) { lock.withLock { _ in stored = .some(value) } }
        var called: Bool { lock.withLock { _ in stored != nil } }
    }
}
