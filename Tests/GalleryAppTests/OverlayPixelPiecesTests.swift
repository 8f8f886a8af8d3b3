import XCTest
@testable import GalleryApp
import ImageCore
import PictureProtocols
import TerminalUI
import TestSupport

/// The help over the grid in sixel and iTerm2 (no z-order: text cannot lie over a picture),
/// through the real session on a headless terminal: tiles the help does not touch stay the
/// same pictures, the part of a tile it covers goes and the rest of that tile stays pixels
/// (pieces cut from its own bytes, `TerminalImages.Cutter`), no tile turns to half-blocks;
/// opening draws only those pieces and closing only the cut tiles whole again, neither with a
/// clear (which would send every other picture again) nor with half-blocks.
final class OverlayPixelPiecesTests: XCTestCase {
    /// Real pixel pictures (libsixel, JPEG for iTerm2) of a gradient per tile.
    final class Thumbnails: ThumbnailProviding, @unchecked Sendable {
        let mode: GraphicsMode
        init(mode: GraphicsMode) { self.mode = mode }
        func load(_ key: ThumbnailKey, priority: ThumbnailPriority, completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
            let hue = UInt8((key.itemID * 37) % 200)
            var cells = HalfBlockCells.gradient(cols: key.columns, rows: key.rows, from: RGB(hue, 40, 200 - hue), to: RGB(250, hue, 30))
            let w = key.columns * mode.cellPixels.width, h = key.rows * mode.cellPixels.height
            var pixels: [UInt8] = []
            pixels.reserveCapacity(w * h * 3)
            for y in 0..<h {
                for x in 0..<w { pixels += [hue, UInt8(x * 255 / w), UInt8(y * 255 / h)] }
            }
            cells.pixels = try? TerminalImages.make(RGBImage(width: w, height: h, pixels: pixels), cols: key.columns,
                                                    rows: key.rows, fit: .cover, mode: mode)
            completion(cells)
        }
        func cancel(_ key: ThumbnailKey) {}
    }

    struct Run {
        var grid: Buffer
        var help: Buffer
        var closed: Buffer
        var openBytes: [UInt8]
        var closeBytes: [UInt8]
        var box: Rect
    }

    /// The grid at 160x50 with every tile a picture, `?`, then `?` again (any key closes it).
    private func run(_ graphics: GraphicsProtocol) async throws -> Run {
        let size = Size(width: 160, height: 50)
        var mode = GraphicsMode(graphics: graphics)
        mode.picturesMoveWithScroll = true  // xterm, mlterm: pictures live in cells
        let backend = HeadlessBackend(size: size, graphics: mode)
        let pages = FakePageSource(catalog: FakeCatalog.make(count: 60))
        let session = Task {
            try await GallerySession.run(backend: backend, pages: pages, thumbnails: Thumbnails(mode: mode),
                                         options: GallerySession.Options(config: AppConfig()))
        }
        var state = AppState(config: AppConfig(), size: size)
        _ = state.update(.resized(size))
        // Every tile drawn: its picture, or the hatching of an item without one.
        await eventually { await backend.frames.last.map { !$0.images.isEmpty && !$0.text.contains("···") } ?? false }
        let gridFrame = await backend.frames.last
        let grid = try XCTUnwrap(gridFrame)
        var mark = await backend.output.count
        await backend.type("?")
        await eventually { await backend.frames.last?.text.contains("any key closes this help") == true }
        let helpFrame = await backend.frames.last
        let help = try XCTUnwrap(helpFrame)
        let openBytes = Array(await backend.output[mark...])
        mark = await backend.output.count
        await backend.type("?")
        await eventually { await backend.frames.last?.text.contains("any key closes this help") == false }
        let closedFrame = await backend.frames.last
        let closed = try XCTUnwrap(closedFrame)
        let closeBytes = Array(await backend.output[mark...])
        await backend.type("q")
        _ = try await session.value
        let box = HelpOverlay.layout(state, in: state.layout.grid).box
        XCTAssertTrue(help.text.split(separator: "\n")[box.y].contains("Keys"), "the help's box is where its title is")
        return Run(grid: grid, help: help, closed: closed, openBytes: openBytes, closeBytes: closeBytes, box: box)
    }

    private func halfBlocks(_ b: Buffer) -> Int {
        b.cells.filter { $0.symbol == "▀" || $0.symbol == "▄" }.count
    }

    private func check(_ graphics: GraphicsProtocol) async throws {
        let r = try await run(graphics)
        let tiles = r.grid.images
        let untouched = tiles.filter { !$0.rect.intersects(r.box) }
        let cut = tiles.filter { $0.rect.intersects(r.box) }
        XCTAssertFalse(untouched.isEmpty)
        XCTAssertFalse(cut.isEmpty, "the help covers part of some tiles")
        XCTAssertTrue(cut.contains { $0.rect.intersection(r.box) != $0.rect }, "some covered tiles show outside the box")

        // Open: the tiles it does not touch are the same pictures, the others are pieces.
        for t in untouched {
            XCTAssertTrue(r.help.images.contains(t), "a tile the help does not touch stays a picture: \(t.rect)")
        }
        XCTAssertFalse(r.help.images.contains { $0.rect.intersects(r.box) }, "no picture under the help")
        for t in cut {
            XCTAssertFalse(r.help.images.contains(t))
            let pieces = r.help.images.filter { $0.cutFrom == t.image.id }
            XCTAssertEqual(Set(pieces.map(\.rect)), Set(t.rect.around(r.box)), "the rest of \(t.rect) stays pixels")
        }
        XCTAssertEqual(halfBlocks(r.help), 0, "no tile is drawn as half-blocks while the help is open")
        // Opening draws only the pieces: text written over pixels erases them (xterm, mlterm),
        // so the pictures it leaves alone are not sent again after a clear.
        var vt = VirtualTerminal(showing: r.grid)
        vt.feed(r.openBytes)
        XCTAssertEqual(vt.unknownSequences, [])
        let opening = String(decoding: r.openBytes, as: UTF8.self)
        XCTAssertFalse(opening.contains("\u{1B}[2J") || opening.contains("\u{1B}[J"), "opening clears nothing")
        XCTAssertEqual(Set(vt.graphics.pixelDraws), Set(r.help.images.filter { $0.cutFrom != nil }.map(\.rect.origin)),
                       "opening draws the pieces")
        // The whole help screen from scratch (a repaint): every picture outside the help is
        // sent as pixels, nothing in its box.
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        var fresh = VirtualTerminal(size: r.help.size)
        fresh.feed(encoder.encode(BufferDiff.fullRepaint(r.help)))
        XCTAssertEqual(Set(fresh.graphics.pixelDraws), Set(r.help.images.map(\.rect.origin)),
                       "every picture outside the help is sent as pixels")
        XCTAssertTrue(Set(untouched.map(\.rect.origin)).isSubset(of: Set(fresh.graphics.pixelDraws)))
        XCTAssertFalse(fresh.graphics.pixelDraws.contains { r.box.contains($0) }, "nothing drawn in the help's box")

        // Close: the cut tiles come back whole; no clear, no half-blocks on the way.
        XCTAssertEqual(Set(r.closed.images), Set(tiles))
        let closing = String(decoding: r.closeBytes, as: UTF8.self)
        XCTAssertFalse(closing.contains("▀") || closing.contains("▄"), "closing writes no half-block cells")
        XCTAssertFalse(closing.contains("\u{1B}[2J") || closing.contains("\u{1B}[J"), "closing clears nothing")
        var after = VirtualTerminal(showing: r.help)
        after.feed(r.closeBytes)
        XCTAssertEqual(after.unknownSequences, [])
        XCTAssertEqual(Set(after.graphics.pixelDraws), Set(cut.map(\.rect.origin)), "only the cut tiles are drawn again")
        XCTAssertEqual(after.graphics.pixelDraws.count, cut.count)
    }

    func testSixelTilesOutsideTheHelpStayPixelsAndCoveredOnesKeepTheirUncoveredPart() async throws {
        try await check(.sixel)
    }

    func testITerm2TilesOutsideTheHelpStayPixelsAndCoveredOnesKeepTheirUncoveredPart() async throws {
        try await check(.iterm2)
    }
}
