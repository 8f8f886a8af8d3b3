import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// The backdrop layout (≥ 160x50) with pixel graphics: the picture is asked for with the panel
/// as its hole. Sixel (and iTerm2, kitty through tmux): its pixels come in pieces around the
/// panel, every piece stays on screen while the panel's text is drawn, and the panel itself is
/// the picture's half-blocks, darkened. kitty placed directly (issue 26): the pipeline ignores
/// the hole (`PipelineThumbnails`), the whole picture is one placement kept under the panel
/// (veiled), and the panel's cells take the picture's colours, darkened.
final class BackdropPixelTests: XCTestCase {
    /// The character page at 180x56 with its picture answered as the pipeline makes it: the
    /// whole picture for kitty, pieces around the hole for sixel.
    private func backdrop(_ graphics: GraphicsProtocol = .kitty) throws -> (Harness, ThumbnailKey) {
        var (h, slot, key) = try characterPage(Size(width: 180, height: 56), .backdrop)
        var cells = FakeDetails.picture(key)
        let hole = try XCTUnwrap(key.hole, "the backdrop asks for its picture with the panel as a hole")
        var id: UInt32 = 500
        if graphics == .kitty {
            cells.pixels = TerminalImage(id: id, graphics: .kitty, cols: key.columns, rows: key.rows, payload: Array("WHOLE".utf8))
        }
        for rect in Rect(x: 0, y: 0, width: key.columns, height: key.rows).around(hole) where graphics != .kitty {
            id += 1
            let payload = graphics == .sixel ? "\u{1B}Pq#0PIECE-\(id)\u{1B}\\" : "PIECE-\(id)"
            cells.pixelPieces.append(PicturePiece(offset: rect.origin, image: TerminalImage(
                id: id, graphics: graphics, cols: rect.width, rows: rect.height, payload: Array(payload.utf8))))
        }
        h.send(.detail(.imageLoaded(slot, key, cells)))
        return (h, key)
    }

    /// The first character's page at `size`, opened, and what it asked for its own picture.
    private func characterPage(_ size: Size, _ kind: DetailLayout.Kind) throws -> (Harness, ImageSlot, ThumbnailKey) {
        var h = Harness(size: size, count: 60)
        h.send(.resized(h.state.size))
        h.answerAll()
        h.openAndLoad()
        XCTAssertEqual(h.state.detailLayout.kind, kind)
        let asked = h.log.compactMap { effect -> (ImageSlot, ThumbnailKey)? in
            guard case .detail(.loadImages(let slot, let keys)) = effect, case .main = slot, let key = keys.first else { return nil }
            return (slot, key)
        }
        let (slot, key) = try XCTUnwrap(asked.last)
        return (h, slot, key)
    }

    private func frame(_ h: Harness) -> Buffer {
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        buffer.settleImages()
        return buffer
    }

    func testTheHoleIsThePanelInPictureCoordinates() {
        let layout = DetailLayout(size: Size(width: 180, height: 56))
        let hole = layout.pictureHole
        XCTAssertEqual(hole, Rect(x: layout.panel.x - layout.body.x, y: layout.panel.y - layout.body.y,
                                  width: layout.panel.width, height: layout.panel.height))
        XCTAssertNil(DetailLayout(size: Size(width: 120, height: 40)).pictureHole, "only the backdrop has one")
        // Around the hole: four rectangles that with the hole tile the picture exactly.
        let picture = Rect(size: layout.pictureSize)
        let pieces = picture.around(hole!)
        XCTAssertEqual(pieces.count, 4)
        XCTAssertEqual(pieces.reduce(0) { $0 + $1.width * $1.height } + hole!.width * hole!.height, picture.width * picture.height)
        for (i, a) in pieces.enumerated() {
            XCTAssertFalse(a.intersects(hole!))
            for b in pieces[(i + 1)...] { XCTAssertFalse(a.intersects(b)) }
        }
    }

    func testThePiecesAreShownAroundThePanelAndTheTextCoversNoPixels() throws {
        let (h, key) = try backdrop(.sixel)
        let buffer = frame(h)
        let layout = h.state.detailLayout
        XCTAssertEqual(buffer.images.count, 4, "every piece is on screen")
        for p in buffer.images {
            XCTAssertFalse(p.rect.intersects(layout.panel), "no pixels under the panel: \(p.rect)")
            XCTAssertTrue(layout.body.intersection(p.rect) == p.rect)
        }
        XCTAssertEqual(buffer.images.reduce(0) { $0 + $1.rect.width * $1.rect.height },
                       key.columns * key.rows - layout.panel.width * layout.panel.height, "the pieces cover the rest of the picture")
        // The panel: the picture's half-blocks darkened, light text on them.
        let inside = buffer[layout.panel.x + 3, layout.panel.y + 1]
        guard case .rgb(let r, let g, let b) = inside.style.background else { return XCTFail("panel has no shade") }
        XCTAssertLessThan(Int(r) + Int(g) + Int(b), 3 * 80, "darkened")
        XCTAssertFalse(inside.style.attributes.contains(.picture))
        let title = try XCTUnwrap(h.state.details.top.map(DetailPicture.title(of:)))
        XCTAssertFalse(title.isEmpty)
        let panelText = (layout.panel.minY..<layout.panel.maxY).map { y in
            (layout.panel.minX..<layout.panel.maxX).map { buffer[$0, y].symbol }.joined()
        }.joined(separator: "\n")
        XCTAssertTrue(panelText.contains(title), "the page's text is on the panel")
    }

    func testKittyKeepsTheWholePictureUnderThePanelVeiled() throws {
        let (h, key) = try backdrop()
        let buffer = frame(h)
        let layout = h.state.detailLayout
        let picture = try XCTUnwrap(buffer.images.first { $0.image.id == 500 }, "the picture is on screen")
        XCTAssertEqual(picture.rect, Rect(x: layout.body.x, y: layout.body.y, width: key.columns, height: key.rows))
        XCTAssertEqual(picture.veil, layout.panel, "kept under the panel, veiled over it")
        XCTAssertTrue(picture.underText)
        // The panel: the picture's colours darkened (not a flat grey), light text, no half-block.
        let inside = buffer[layout.panel.x + 3, layout.panel.y + 1]
        guard case .rgb(let r, let g, let b) = inside.style.background else { return XCTFail("panel has no shade") }
        XCTAssertLessThan(Int(r) + Int(g) + Int(b), 3 * 80, "darkened")
        XCTAssertNotEqual(inside.style.background, .rgb(0x14, 0x14, 0x14), "the picture's colour there")
        let blocks = FakeDetails.picture(key)  // the picture's own half-blocks (the strip has others)
        var shown = 0
        for y in layout.panel.minY..<layout.panel.maxY {
            for x in layout.panel.minX..<layout.panel.maxX {
                let i = (y - layout.body.y) * key.columns + (x - layout.body.x)
                if buffer[x, y] == HalfBlockImage.cell(top: blocks.top[i], bottom: blocks.bottom[i]) { shown += 1 }
            }
        }
        XCTAssertEqual(shown, 0, "none of the picture's half-blocks in the panel")
        let title = try XCTUnwrap(h.state.details.top.map(DetailPicture.title(of:)))
        let panelText = (layout.panel.minY..<layout.panel.maxY).map { y in
            (layout.panel.minX..<layout.panel.maxX).map { buffer[$0, y].symbol }.joined()
        }.joined(separator: "\n")
        XCTAssertTrue(panelText.contains(title), "the page's text is on the panel")
        // On the wire: placed under the cells, the veil over the panel.
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        let bytes = String(decoding: encoder.encode(BufferDiff.fullRepaint(buffer)), as: UTF8.self)
        XCTAssertTrue(bytes.contains("i=500,p=1,c=\(key.columns),r=\(key.rows),z=\(KittyGraphics.underCells)"), "under the cells")
        XCTAssertTrue(bytes.contains("i=\(KittyGraphics.veilID),p=500,c=\(layout.panel.width),r=\(layout.panel.height),z=-2"), "the veil")
    }

    func testScrollingThePanelSendsNoPixelsAndMovesNoPiece() throws {
        var (h, _) = try backdrop()
        let first = frame(h)
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        var vt = VirtualTerminal(size: first.size)
        vt.feed(encoder.encode(BufferDiff.fullRepaint(first)))
        XCTAssertEqual(vt.graphics.placements.count, 3, "the picture, its veil and the canvas under them")
        XCTAssertEqual(vt.graphics.placements[KittyGraphics.canvasID], Rect(origin: .zero, size: first.size))
        XCTAssertEqual(vt.graphics.transmits.values.max(), 1)
        for p in first.images { XCTAssertEqual(vt.graphics.placements[p.image.id], p.rect) }

        h.key(.down)
        h.key(.down)
        let scrolled = frame(h)
        XCTAssertEqual(scrolled.images, first.images)
        let bytes = encoder.encode(BufferDiff(from: first, to: scrolled))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("\u{1B}_G"), "text scrolls, the pictures stay")
        vt.feed(bytes)
        XCTAssertEqual(vt.graphics.placements.count, 3)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testSixelPiecesAreDrawnOnceEachAtTheirCorners() throws {
        let (h, _) = try backdrop(.sixel)
        let buffer = frame(h)
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        var vt = VirtualTerminal(size: buffer.size)
        vt.feed(encoder.encode(BufferDiff.fullRepaint(buffer)))
        XCTAssertEqual(Set(vt.graphics.pixelDraws), Set(buffer.images.map(\.rect.origin)))
        XCTAssertEqual(vt.graphics.pixelDraws.count, 4)
    }

    /// kitty keeps its picture placed under the help (issue 26: re-placed under the cells, a
    /// veil over the cells drawn over it); sixel pieces under it give way to half-blocks.
    func testTheHelpOverlayKeepsTheKittyPictureAndTurnsSixelPiecesItCoversIntoHalfBlocks() throws {
        var (k, _) = try backdrop()
        k.key(.char("?"))
        let kitty = frame(k)
        XCTAssertEqual(kitty.images.filter { $0.image.id == 500 }.count, 1, "the kitty picture stays")
        XCTAssertTrue(kitty.images.contains { $0.image.id == 500 && $0.veil != nil }, "veiled under the panel and the help")
        var (h, _) = try backdrop(.sixel)
        h.key(.char("?"))
        let buffer = frame(h)
        let overlayed = buffer.images
        XCTAssertLessThan(overlayed.count, 4, "pieces under the overlay give way")
        for (i, cell) in buffer.cells.enumerated() where cell.style.attributes.contains(.picture) {
            let point = Point(x: i % buffer.size.width, y: i / buffer.size.width)
            XCTAssertTrue(overlayed.contains { $0.rect.contains(point) }, "a picture cell without a picture at \(point)")
        }
    }

    /// The wide page (120x40: picture beside the details) in kitty: the help over its picture
    /// keeps it placed, under the text, instead of giving way to half-blocks (issue 26).
    func testTheHelpOverTheWidePagesKittyPictureKeepsItUnderTheText() throws {
        var (h, slot, key) = try characterPage(Size(width: 120, height: 40), .wide)
        var cells = FakeDetails.picture(key)
        cells.pixels = TerminalImage(id: 600, graphics: .kitty, cols: key.columns, rows: key.rows, payload: Array("WHOLE".utf8))
        h.send(.detail(.imageLoaded(slot, key, cells)))
        XCTAssertEqual(frame(h).images.filter { $0.image.id == 600 }.count, 1, "placed before the help")
        h.key(.char("?"))
        let helped = frame(h).images.filter { $0.image.id == 600 }
        XCTAssertEqual(helped.count, 1, "the picture stays placed under the help")
        XCTAssertTrue(helped.allSatisfy(\.underText), "under the text")
    }
}
