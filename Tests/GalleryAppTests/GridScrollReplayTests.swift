import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI
import TestSupport

/// One Down that scrolls the real grid a tile row, replayed on the virtual terminal: the screen
/// it ends with is the freshly drawn frame of the new position, and the scroll is a DECSTBM +
/// SU plus the new row and the cells the selection changed, not a repaint. With sixel
/// pictures in a terminal that moves them with the scroll, only the new row's are drawn.
final class GridScrollReplayTests: XCTestCase {
    /// Thumbnails whose rows differ (a scroll cannot be mistaken for a repaint of equal rows),
    /// with a sixel picture when `sixel` is set.
    final class Thumbnails: ThumbnailProviding, @unchecked Sendable {
        let sixel: Bool
        init(sixel: Bool) { self.sixel = sixel }
        func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
            let n = key.columns * key.rows
            let top = (0..<n).map { RGB(UInt8(key.itemID % 250), UInt8(($0 / key.columns) * 9 % 250), 120) }
            let bottom = (0..<n).map { RGB(UInt8(key.itemID % 250), UInt8(($0 / key.columns) * 9 % 250), 200) }
            var cells = HalfBlockCells(cols: key.columns, rows: key.rows, top: top, bottom: bottom)
            if sixel {
                cells.pixels = TerminalImage(id: UInt32(key.itemID + 1), graphics: .sixel, cols: key.columns, rows: key.rows,
                                             payload: Array("\u{1B}P0;1;0q\"1;1;8;\(key.itemID)#0~-\u{1B}\\".utf8))
            }
            completion(cells)
        }
        func cancel(_ key: ThumbnailKey) {}
    }

    struct Replay {
        var firstBytes: [UInt8]
        var scrollBytes: [UInt8]
        var before: Buffer
        var after: Buffer
        var fresh: Buffer
    }

    /// Runs the gallery at 200x60, waits for the first screen with every tile drawn, presses
    /// Down until the grid scrolls one tile row and waits for that screen with every tile drawn.
    func replay(_ mode: GraphicsMode) async throws -> Replay {
        let size = Size(width: 200, height: 60)
        let backend = HeadlessBackend(size: size, graphics: mode)
        let catalog = FakeCatalog.make(count: 300)
        let effects = EffectRunner(pages: FakePageSource(catalog: catalog), thumbnails: Thumbnails(sixel: mode.graphics == .sixel))
        var state = AppState(config: AppConfig(pageSize: 100), size: size)
        let initial = state.update(.resized(size))
        let grid = try XCTUnwrap(state.layout.tileGrid)
        let runner = ProgramRunner(program: GalleryProgram(), backend: backend, pictures: PixelPictureLayer(), perform: effects.performer)
        let run = Task { try await runner.run(state, initialEffects: initial) }
        func settled(line: Int) async -> Bool {
            guard let f = await backend.frames.last, f.scrollHint?.line == line else { return false }
            return !f.text.contains("···")
        }
        await eventually { await settled(line: 0) }
        let firstBytes = await backend.output
        // Down moves the selection a row; the press that moves it past the last row scrolls.
        let firstFrame = await backend.frames.last
        var before = try XCTUnwrap(firstFrame)
        var mark = firstBytes.count
        for _ in 0...grid.visibleRows {
            let shown = await backend.frames.last
            before = try XCTUnwrap(shown)
            mark = await backend.output.count
            let count = await backend.frames.count
            await backend.send(.input(.key(.init(.down))))
            await eventually { await backend.frames.count > count }
            if await backend.frames.last?.scrollHint?.line != 0 { break }
        }
        await eventually { await settled(line: grid.tileHeight) }
        let scrollBytes = Array(await backend.output[mark...])
        let last = await backend.frames.last
        let after = try XCTUnwrap(last)
        await backend.send(.input(.key(.char("q"))))
        let (model, _) = try await run.value
        // A freshly drawn screen of the same position.
        var fresh = Buffer(size: size)
        GalleryView.render(model, into: &fresh)
        fresh.settleImages()
        XCTAssertEqual(fresh.cells, after.cells, "the last frame is the freshly drawn screen of that position")
        XCTAssertEqual(fresh.images, after.images)
        return Replay(firstBytes: firstBytes, scrollBytes: scrollBytes, before: before, after: after, fresh: fresh)
    }

    /// The screen a virtual terminal shows after `front` and then `bytes`, against `expected`:
    /// every cell that is not under a picture has the same symbol and style.
    func assertReplays(_ bytes: [UInt8], over front: Buffer, equals expected: Buffer, file: StaticString = #filePath, line: UInt = #line) -> VirtualTerminal {
        var vt = VirtualTerminal(showing: front)
        vt.feed(bytes)
        XCTAssertEqual(vt.unknownSequences, [], file: file, line: line)
        var wrong = 0
        for i in expected.cells.indices where !expected.cells[i].style.attributes.contains(.picture) && expected.cells[i].width != 0 {
            let a = vt.screen.cells[i], b = expected.cells[i]
            if a.symbol != b.symbol || a.style != b.style { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0, "cells that differ from the freshly drawn screen", file: file, line: line)
        return vt
    }

    func testATileRowScrollInBlocksIsAScrollRegionAndReplaysToTheFreshScreen() async throws {
        let r = try await replay(.blocks)
        let text = String(decoding: r.scrollBytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\u{1B}[2;58r\u{1B}[19S"), "DECSTBM over the tile rows and SU by one tile row")
        XCTAssertFalse(text.contains("\u{1B}[2J"), "no clear")
        _ = assertReplays(r.scrollBytes, over: r.before, equals: r.fresh)
        assertCheaperThanWithoutTheScroll(r, .blocks)
    }

    func testSixelPicturesRideTheScrollWhereTheTerminalMovesThemAndOnlyTheNewRowIsDrawn() async throws {
        var mode = GraphicsMode(graphics: .sixel)
        mode.picturesMoveWithScroll = true
        let r = try await replay(mode)
        let text = String(decoding: r.scrollBytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\u{1B}[1;60r\u{1B}[19S"), "the whole screen scrolls: xterm moves every picture")
        XCTAssertFalse(text.contains("\u{1B}[2J"), "no clear")
        let vt = assertReplays(r.scrollBytes, over: r.before, equals: r.fresh)
        let grid = try XCTUnwrap(TileGrid(area: ScreenLayout(size: r.fresh.size).grid))
        let newRowTop = grid.area.y + (grid.visibleRows - 1) * grid.tileHeight
        let newRow = r.fresh.images.filter { $0.rect.minY >= newRowTop }
        XCTAssertGreaterThan(newRow.count, 0)
        XCTAssertEqual(Set(vt.graphics.pixelDraws), Set(newRow.map(\.rect.origin)), "only the new row's pictures are drawn")
        XCTAssertEqual(vt.graphics.pixelDraws.count, newRow.count)
        // (Bytes: these test pictures are a few bytes each; the real ones are measured with
        // ptybytes.py on the built-in catalog, docs/pictures.md.)
    }

    /// The scroll's bytes against the same change written without a scroll (the cells of every
    /// shifted row, and for pictures a repaint): the real program's ratios to the first screen
    /// are measured on the built-in catalog with `ptybytes.py` (docs/pictures.md).
    func assertCheaperThanWithoutTheScroll(_ r: Replay, _ mode: GraphicsMode, file: StaticString = #filePath, line: UInt = #line) {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        _ = enc.encode(BufferDiff.fullRepaint(r.before))
        let without = enc.encode(BufferDiff(from: r.before, to: r.after, detectScroll: false)).count
        print("GridScrollReplayTests \(mode.graphics): scroll \(r.scrollBytes.count) B, without the scroll \(without) B, first screen \(r.firstBytes.count) B")
        XCTAssertLessThan(Double(r.scrollBytes.count), 0.7 * Double(without), file: file, line: line)
    }

    func testSixelElsewhereStillRepaintsFromACleanScreen() async throws {
        let r = try await replay(GraphicsMode(graphics: .sixel))
        let text = String(decoding: r.scrollBytes, as: UTF8.self)
        XCTAssertFalse(text.contains("\u{1B}[19S"), "no scroll where pictures may stay behind")
        _ = assertReplays(r.scrollBytes, over: r.before, equals: r.fresh)
    }
}
