import XCTest
@testable import GalleryApp
import PictureProtocols
import TerminalUI
import TestSupport

/// The stacked (narrow) detail page in kitty: the picture is on top of the details and scrolls
/// with them. Scrolled so the viewport's top cuts it, the part still in view stays pixels (one
/// placement of those pixels, cut at the cell boundary), never its half-blocks.
final class DetailPictureScrollTests: XCTestCase {
    /// The first character's page at 80x24 (narrow) with a kitty picture of 10x20-px cells.
    private func page() throws -> (Harness, ThumbnailKey) {
        var h = Harness(size: Size(width: 80, height: 24), count: 60)
        h.send(.resized(h.state.size))
        h.answerAll()
        h.openAndLoad()
        XCTAssertEqual(h.state.detailLayout.kind, .narrow)
        let asked = h.log.compactMap { effect -> (ImageSlot, ThumbnailKey)? in
            guard case .detail(.loadImages(let slot, let keys)) = effect, case .main = slot, let key = keys.first else { return nil }
            return (slot, key)
        }
        let (slot, key) = try XCTUnwrap(asked.last)
        var cells = FakeDetails.picture(key)
        cells.pixels = TerminalImage(id: 700, graphics: .kitty, cols: key.columns, rows: key.rows, payload: Array("PIXELS".utf8),
                                     pixelSize: Size(width: key.columns * 10, height: key.rows * 20))
        h.send(.detail(.imageLoaded(slot, key, cells)))
        return (h, key)
    }

    private func frame(_ h: Harness) -> Buffer {
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        buffer.settleImages()
        return buffer
    }

    func testAPictureScrolledPartlyOffStaysPixelsCutAtTheCellBoundary() throws {
        var (h, key) = try page()
        let whole = try XCTUnwrap(frame(h).images.first { $0.image.id == 700 }, "in view whole: placed")
        XCTAssertNil(whole.crop)
        let scrolled = 3
        for _ in 0..<scrolled { _ = h.key(KeyEvent(.down)) }
        let buffer = frame(h)
        let viewport = h.state.detailLayout.viewport
        let p = try XCTUnwrap(buffer.images.first { $0.image.id == 700 }, "part of it still in view: still pixels")
        XCTAssertEqual(p.crop, Rect(x: 0, y: scrolled, width: key.columns, height: key.rows - scrolled))
        XCTAssertEqual(p.rect, Rect(x: whole.rect.x, y: viewport.y, width: key.columns, height: key.rows - scrolled))
        XCTAssertEqual(p.sourcePixels, Rect(x: 0, y: scrolled * 20, width: key.columns * 10, height: (key.rows - scrolled) * 20))
        // Every cell of the visible part is the picture's (no half-block of it was written).
        let blocks = FakeDetails.picture(key)
        for y in p.rect.minY..<p.rect.maxY {
            for x in p.rect.minX..<p.rect.maxX {
                XCTAssertTrue(buffer[x, y].style.attributes.contains(.picture), "cell \(x),\(y)")
                let i = (y - p.rect.y + scrolled) * key.columns + (x - p.rect.x)
                XCTAssertNotEqual(buffer[x, y], HalfBlockImage.cell(top: blocks.top[i], bottom: blocks.bottom[i]))
            }
        }
        // On the wire: one placement of those pixels over those cells.
        var encoder = ANSIEncoder(depth: .truecolor, synchronizedOutput: true, pictures: PixelPictureLayer())
        let bytes = String(decoding: encoder.encode(BufferDiff.fullRepaint(buffer)), as: UTF8.self)
        XCTAssertTrue(bytes.contains("a=p,i=700,p=1,x=0,y=\(scrolled * 20),w=\(key.columns * 10),h=\((key.rows - scrolled) * 20),"
                                     + "c=\(key.columns),r=\(key.rows - scrolled),"), bytes)
    }
}
