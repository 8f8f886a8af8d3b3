import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI
import TestSupport

/// The gallery with kitty graphics on a fake backend: the first screen places a picture per
/// tile, a page down and back transmits no picture twice, and every frame leaves exactly the
/// placements it shows (checked on a virtual terminal fed with everything the program wrote).
final class PixelGridTests: XCTestCase {
    /// Thumbnails with a kitty rendition, one image id per character (as the pipeline's memory
    /// cache gives the same picture back for the same key).
    final class PixelThumbnails: ThumbnailProviding, @unchecked Sendable {
        func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
            var cells = HalfBlockCells.solid(cols: key.columns, rows: key.rows, rgb: RGB(UInt8(key.itemID % 200), 80, 160))
            cells.pixels = TerminalImage(id: UInt32(key.itemID + 1), graphics: .kitty, cols: key.columns,
                                         rows: key.rows, payload: Array("png-\(key.itemID)".utf8))
            completion(cells)
        }
        func cancel(_ key: ThumbnailKey) {}
    }

    func testFirstScreenPlacesEveryTileAndAScrollDownAndBackTransmitsNothingTwice() async throws {
        let size = Size(width: 200, height: 60)
        let backend = HeadlessBackend(size: size, graphics: GraphicsMode(graphics: .kitty))
        let catalog = FakeCatalog.make(count: 300)
        let effects = EffectRunner(pages: FakePageSource(catalog: catalog), thumbnails: PixelThumbnails())
        var state = AppState(config: AppConfig(pageSize: 100), size: size)
        let initial = state.update(.resized(size))
        let tiles = try XCTUnwrap(state.layout.tileGrid).tilesPerScreen
        let columns = try XCTUnwrap(state.layout.tileGrid).columns
        // Tiles whose character has a picture (Marvel's "not available" ones show initials).
        func pictures(_ range: Range<Int>) -> Int { catalog.characters[range].filter { $0.thumbnail?.isPlaceholder == false }.count }
        let firstCount = pictures(0..<tiles), secondCount = pictures(tiles..<(2 * tiles))
        let runner = ProgramRunner(program: GalleryProgram(), backend: backend, pictures: PixelPictureLayer(), perform: effects.performer)
        let run = Task { try await runner.run(state, initialEffects: initial) }

        func placed() async -> Int { await backend.frames.last?.images.count ?? 0 }
        await waitForScreen(backend) { $0.contains("3-D Man") }
        await eventually { await placed() == firstCount }
        var vt = VirtualTerminal(size: size)
        vt.feed(await backend.output)
        XCTAssertGreaterThanOrEqual(vt.graphics.placements.count, 20)
        XCTAssertEqual(vt.graphics.placements.count, firstCount)
        let firstScreen = Set(vt.graphics.placements.keys)

        await backend.send(.input(.key(.init(.pageDown))))
        await eventually { await backend.frames.last.map { Set($0.images.map(\.image.id)).isDisjoint(with: firstScreen) && $0.images.count == secondCount } ?? false }
        await backend.send(.input(.key(.init(.pageUp))))
        await eventually { await backend.frames.last.map { Set($0.images.map(\.image.id)) == firstScreen } ?? false }

        vt = VirtualTerminal(size: size)
        vt.feed(await backend.output)
        XCTAssertEqual(Set(vt.graphics.placements.keys), firstScreen, "back where it started, nothing else placed")
        XCTAssertEqual(vt.graphics.transmits.values.max(), 1, "no picture transmitted twice")
        // Both screens' pictures, plus at most the row below the second screen, sent ahead while
        // it was shown (the row below the first screen is the second screen's first row).
        let aheadCount = pictures((2 * tiles)..<(2 * tiles + columns))
        XCTAssertTrue(firstScreen.isSubset(of: vt.graphics.transmits.keys))
        XCTAssertGreaterThanOrEqual(vt.graphics.transmits.count, firstCount + secondCount)
        XCTAssertLessThanOrEqual(vt.graphics.transmits.count, firstCount + secondCount + aheadCount)
        // The placements sit exactly on the tiles' picture cells.
        let frames = await backend.frames
        let last = try XCTUnwrap(frames.last)
        for p in last.images { XCTAssertEqual(vt.graphics.placements[p.image.id], p.rect) }

        await backend.send(.input(.key(.char("q"))))
        _ = try await run.value
    }
}
