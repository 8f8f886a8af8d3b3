import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// Pictures just off the screen are sent ahead (`Buffer.preload`), so the scroll that brings
/// them in sends placements only: checked on the virtual terminal that refuses to place a
/// picture it does not hold.
final class KittyPreloadTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    /// Whether `bytes` transmit picture `id` (its pixels).
    private func sends(_ bytes: [UInt8], _ id: UInt32) -> Bool {
        s(bytes).range(of: "\u{1B}_Ga=[tT],[^;]*i=\(id),", options: .regularExpression) != nil
    }

    private func picture(_ id: UInt32, graphics: GraphicsProtocol = .kitty, placeholders: Bool = false) -> HalfBlockCells {
        var cells = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(UInt8(id % 200), 90, 200))
        cells.pixels = TerminalImage(id: id, graphics: graphics, placeholders: placeholders, cols: 4, rows: 2,
                                     payload: Array("PIXELS-\(id)".utf8), pixelSize: Size(width: 40, height: 40))
        return cells
    }

    /// `shown` placed in a row, `ahead` preloaded.
    private func frame(_ shown: [UInt32], ahead: [UInt32] = []) -> Buffer {
        var b = Buffer(size: Size(width: 40, height: 6))
        for (i, id) in shown.enumerated() {
            b.render(HalfBlockImage(picture(id)), in: Rect(x: i * 5, y: 1, width: 4, height: 2))
        }
        for id in ahead { b.preload(picture(id).pixels!) }
        b.settleImages()
        return b
    }

    func testAPreloadedPictureComesIntoViewWithoutItsPixels() {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let first = frame([1, 2])
        let idle = frame([1, 2], ahead: [3, 4])
        let scrolled = frame([3, 4])
        vt.feed(enc.encode(BufferDiff.fullRepaint(first)))
        let preload = enc.encode(BufferDiff(from: first, to: idle))
        vt.feed(preload)
        XCTAssertTrue(sends(preload, 3) && sends(preload, 4), s(preload))
        XCTAssertFalse(s(preload).contains("a=p"), "sent ahead, not placed")
        XCTAssertEqual(vt.graphics.placements.count, 2, "still the two on screen")
        let scroll = enc.encode(BufferDiff(from: idle, to: scrolled))
        vt.feed(scroll)
        XCTAssertFalse(s(scroll).contains("a=t") || s(scroll).contains("a=T"), "the scroll sends no pixels: \(s(scroll))")
        XCTAssertTrue(s(scroll).contains("a=p"), s(scroll))
        XCTAssertEqual(Set(vt.graphics.placements.keys), [3, 4])
        XCTAssertEqual(vt.graphics.transmits.values.max(), 1, "each picture sent once")
        XCTAssertEqual(enc.imagesTransmitted, 4)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    func testAPreloadIsSentOnceAndOnlyForKittyWithoutPlaceholders() {
        var b = Buffer(size: Size(width: 40, height: 6))
        b.preload(picture(7).pixels!)
        b.preload(picture(7).pixels!)
        b.preload(picture(8, graphics: .sixel).pixels!)
        b.preload(picture(9, placeholders: true).pixels!)
        XCTAssertEqual(b.preloads.map(\.id), [7])
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        let first = enc.encode(BufferDiff.fullRepaint(b))
        XCTAssertTrue(sends(first, 7), s(first))
        var again = b
        again.clear()
        again.preload(picture(7).pixels!)
        XCTAssertFalse(sends(enc.encode(BufferDiff(from: b, to: again)), 7), "already in the terminal")
    }
}
