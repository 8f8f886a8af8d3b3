import XCTest
@testable import GalleryApp
import ImageCore
import TerminalUI
import TestSupport

/// The stacked (narrow) detail page in sixel and iTerm2, through the real session (its cutter,
/// `TerminalImages.Cutter`, on real libsixel / JPEG pictures): scrolled so the viewport's top
/// cuts the picture, the part still in view stays pixels, a picture of exactly its visible
/// cells, drawn at those cells; no frame on the way writes a half-block of it.
final class DetailPixelPiecesScrollTests: XCTestCase {
    let cell = Size(width: 10, height: 20)

    struct Run {
        var whole: ImagePlacement
        var frames: [Buffer]
        var bytes: [UInt8]
        var viewportTop: Int
    }

    /// The first character's page at 80x24 (narrow), its picture shown whole, then `steps`
    /// rows scrolled down one key at a time.
    private func run(_ graphics: GraphicsProtocol, steps: Int) async throws -> Run {
        let size = Size(width: 80, height: 24)
        var mode = GraphicsMode(graphics: graphics, cellPixels: cell)
        mode.picturesMoveWithScroll = graphics == .sixel  // xterm
        let backend = HeadlessBackend(size: size, graphics: mode)
        var options = GallerySession.Options(config: AppConfig())
        options.detail = .character(1009610)
        options.details = FakeDetailSource()
        let session = Task {
            try await GallerySession.run(backend: backend, pages: FakePageSource(catalog: FakeCatalog.make(count: 40)),
                                         thumbnails: OverlayPixelPiecesTests.Thumbnails(mode: mode), options: options)
        }
        var state = AppState(config: AppConfig(), size: size)
        _ = state.openDetail(.character(1009610), standalone: true)
        _ = state.update(.resized(size))
        XCTAssertEqual(state.detailLayout.kind, .narrow)
        let viewport = state.detailLayout.viewport
        // The page's own picture: the one at the top of the viewport.
        await eventually { await backend.frames.last?.images.contains { $0.rect.y == viewport.y } == true }
        let shown = await backend.frames.last
        let whole = try XCTUnwrap(shown?.images.first { $0.rect.y == viewport.y })
        XCTAssertGreaterThan(whole.rect.height, steps)
        let first = await backend.frames.count - 1
        for step in 1...steps {
            await backend.send(.input(.key(KeyEvent(.down))))
            await eventually {
                await backend.frames.last?.images.contains { $0.cutFrom == whole.image.id && $0.rect.height == whole.rect.height - step } == true
            }
        }
        let frames = Array(await backend.frames[first...])
        let bytes = await backend.output
        await backend.type("q")
        _ = try await session.value
        return Run(whole: whole, frames: frames, bytes: bytes, viewportTop: viewport.y)
    }

    private func check(_ graphics: GraphicsProtocol) async throws {
        let steps = 4
        let r = try await run(graphics, steps: steps)
        XCTAssertEqual(r.whole.image.graphics, graphics)
        XCTAssertEqual(r.whole.image.pixelSize, Size(width: r.whole.rect.width * cell.width, height: r.whole.rect.height * cell.height))
        let last = try XCTUnwrap(r.frames.last)
        let piece = try XCTUnwrap(last.images.first { $0.cutFrom == r.whole.image.id })
        let visible = Rect(x: r.whole.rect.x, y: r.viewportTop, width: r.whole.rect.width, height: r.whole.rect.height - steps)
        XCTAssertEqual(piece.rect, visible, "drawn at the visible cells")
        XCTAssertEqual(piece.image.graphics, graphics)
        XCTAssertEqual(piece.image.pixelSize, Size(width: visible.width * cell.width, height: visible.height * cell.height),
                       "the crop is the visible cells' pixels")
        XCTAssertEqual(piece.image.cols, visible.width)
        XCTAssertEqual(piece.image.rows, visible.height)
        let pixels = graphics == .sixel ? try SixelGraphics.decode(piece.image.payload) : try ImageDecoder.decode(piece.image.payload)
        XCTAssertEqual(Size(width: pixels.width, height: pixels.height), piece.image.pixelSize)

        // No frame on the way shows a half-block of the picture: every step is pixels.
        for (n, frame) in r.frames.enumerated() {
            let picture = frame.images.first { $0.image.id == r.whole.image.id || $0.cutFrom == r.whole.image.id }
            XCTAssertNotNil(picture, "frame \(n): the picture is pixels")
            for y in r.viewportTop..<min(r.whole.rect.maxY, frame.size.height) {
                for x in r.whole.rect.minX..<r.whole.rect.maxX {
                    XCTAssertFalse(frame[x, y].symbol == "▀" || frame[x, y].symbol == "▄", "frame \(n): half-block at \(x),\(y)")
                }
            }
        }
        // The terminal: the piece is drawn at the viewport's top, and its cells hold no half-block.
        var vt = VirtualTerminal(size: last.size)
        vt.feed(r.bytes)
        XCTAssertEqual(vt.unknownSequences, [])
        XCTAssertEqual(vt.graphics.pixelDraws.last { $0.x == visible.x }, visible.origin)
        for y in visible.minY..<visible.maxY {
            for x in visible.minX..<visible.maxX {
                XCTAssertFalse(vt.screen[x, y].grapheme == .upperHalf || vt.screen[x, y].grapheme == .lowerHalf, "half-block at \(x),\(y)")
                XCTAssertEqual(vt.screen[x, y].style.background, .default, "picture colour at \(x),\(y)")
            }
        }
        let text = String(decoding: r.bytes, as: UTF8.self)
        if graphics == .iterm2 {
            XCTAssertTrue(text.contains(";width=\(visible.width);height=\(visible.height);preserveAspectRatio=1:"), "an iTerm2 picture of the visible cells")
        }
    }

    func testASixelDetailPictureScrolledPartlyOffStaysPixelsOfItsVisibleCells() async throws {
        try await check(.sixel)
    }

    func testAnITerm2DetailPictureScrolledPartlyOffStaysPixelsOfItsVisibleCells() async throws {
        try await check(.iterm2)
    }
}
