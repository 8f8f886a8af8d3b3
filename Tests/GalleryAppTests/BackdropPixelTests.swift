import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI
import TestSupport

/// The backdrop layout (≥ 160x50) with pixel graphics (issue 35): the page's picture whole,
/// beside the darkened panel, never under it, so no protocol needs a hole, pieces or a veil
/// for it; the help over it is opaque (kitty: an opaque veil over the picture kept under it).
final class BackdropPixelTests: XCTestCase {
    /// The character page at 180x56 with its picture answered as the pipeline makes it.
    private func backdrop(_ graphics: GraphicsProtocol = .kitty) throws -> (Harness, ThumbnailKey) {
        var (h, slot, key) = try characterPage(Size(width: 180, height: 56), .backdrop)
        var cells = FakeDetails.picture(key)
        XCTAssertNil(key.hole, "the picture lies beside the panel: no hole")
        let payload = graphics == .sixel ? "\u{1B}Pq#0WHOLE\u{1B}\\" : "WHOLE"
        cells.pixels = TerminalImage(id: 500, graphics: graphics, cols: key.columns, rows: key.rows, payload: Array(payload.utf8))
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

    /// At 160x50, 180x56, 250x70 and a tall 160x90: the picture box is a whole 2:3 portrait
    /// in half-block pixels, inside the body, left of the panel and clear of it.
    func testThePictureBoxIsAWholePortraitBesideThePanel() {
        for size in [Size(width: 160, height: 50), Size(width: 180, height: 56), Size(width: 250, height: 70), Size(width: 160, height: 90)] {
            let layout = DetailLayout(size: size)
            XCTAssertEqual(layout.kind, .backdrop)
            let frame = layout.pictureFrame
            XCTAssertEqual(frame.size, layout.pictureSize)
            XCTAssertNil(layout.pictureHole, "\(size)")
            XCTAssertFalse(frame.intersects(layout.panel), "\(size): \(frame) beside \(layout.panel)")
            XCTAssertTrue(layout.body.intersection(frame) == frame, "\(size)")
            XCTAssertEqual(Double(frame.width) / Double(frame.height * 2), 2.0 / 3.0, accuracy: 0.03, "\(size): 2:3")
            XCTAssertGreaterThanOrEqual(frame.height * 10, layout.body.height * 7, "\(size): tall")
        }
    }

    func testEveryProtocolShowsThePictureWholeBesideThePanel() throws {
        for graphics in [GraphicsProtocol.kitty, .sixel] {
            let (h, key) = try backdrop(graphics)
            let buffer = frame(h)
            let layout = h.state.detailLayout
            let picture = try XCTUnwrap(buffer.images.first { $0.image.id == 500 }, "\(graphics): one picture")
            XCTAssertEqual(picture.rect, layout.pictureFrame)
            XCTAssertEqual(picture.rect.size, Size(width: key.columns, height: key.rows))
            XCTAssertFalse(picture.underText, "\(graphics): nothing drawn over it")
            XCTAssertNil(picture.crop)
            // The panel: dark, light text on it, no picture cell.
            let inside = buffer[layout.panel.x + 3, layout.panel.y + 1]
            guard case .rgb(let r, let g, let b) = inside.style.background else { return XCTFail("panel has no shade") }
            XCTAssertLessThan(Int(r) + Int(g) + Int(b), 3 * 80, "darkened")
            let title = try XCTUnwrap(h.state.details.top.map(DetailPicture.title(of:)))
            let panelText = (layout.panel.minY..<layout.panel.maxY).map { y in
                (layout.panel.minX..<layout.panel.maxX).map { buffer[$0, y].symbol }.joined()
            }.joined(separator: "\n")
            XCTAssertTrue(panelText.contains(title), "the page's text is on the panel")
        }
    }

    func testScrollingThePanelSendsNoPixels() throws {
        var (h, _) = try backdrop()
        let first = frame(h)
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true, pictures: PixelPictureLayer())
        var vt = VirtualTerminal(size: first.size)
        vt.feed(encoder.encode(BufferDiff.fullRepaint(first)))
        XCTAssertEqual(vt.graphics.placements.count, 1, "the picture alone: no veil, no canvas")
        XCTAssertEqual(vt.graphics.transmits.values.max(), 1)
        for p in first.images { XCTAssertEqual(vt.graphics.placements[p.image.id], p.rect) }

        h.key(.down)
        h.key(.down)
        let scrolled = frame(h)
        XCTAssertEqual(scrolled.images, first.images)
        let bytes = encoder.encode(BufferDiff(from: first, to: scrolled))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("\u{1B}_G"), "text scrolls, the picture stays")
        vt.feed(bytes)
        XCTAssertEqual(vt.graphics.placements.count, 1)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    /// kitty keeps its picture placed under the help, hidden by an opaque veil over the help's
    /// box (issue 35: it showed through at 28 %); a sixel picture under it gives way.
    func testTheHelpOverTheBackdropIsOpaque() throws {
        var (k, _) = try backdrop()
        k.key(.char("?"))
        let kitty = frame(k)
        let box = try XCTUnwrap(kitty.opaque.first, "the help is an opaque box")
        let picture = try XCTUnwrap(kitty.images.first { $0.image.id == 500 }, "the kitty picture stays")
        XCTAssertTrue(picture.underText)
        XCTAssertTrue(picture.veils.allSatisfy { !$0.intersects(box) }, "no dimmed veil under the help: \(picture.veils)")
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true, pictures: PixelPictureLayer())
        let bytes = String(decoding: encoder.encode(BufferDiff.fullRepaint(kitty)), as: UTF8.self)
        XCTAssertTrue(bytes.contains("i=\(KittyGraphics.opaqueID),p=1,c=\(box.width),r=\(box.height),z=-1,"), "the opaque veil")
        var (h, _) = try backdrop(.sixel)
        h.key(.char("?"))
        let buffer = frame(h)
        for (i, cell) in buffer.cells.enumerated() where cell.style.attributes.contains(.picture) {
            let point = Point(x: i % buffer.size.width, y: i / buffer.size.width)
            XCTAssertTrue(buffer.images.contains { $0.rect.contains(point) }, "a picture cell without a picture at \(point)")
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
