import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// Pixel modes decode at the drawn size (issue 23): a JPEG far larger than its pixel box is
/// DCT-scaled to the smallest 1/2, 1/4, 1/8 scale that still covers the box by
/// `PixelBox.dctScaleMargin`, never decoded whole (a 4000x6000 JPEG drawn as kitty at 24x18
/// cells held 101-104 MB).
/// glibc's `malloc_trim` (malloc.h, which the Glibc module leaves out): hands free heap pages
/// back to the system, so a peak measured after it counts what the work touches.
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32

final class DrawnSizeDecodeTests: XCTestCase {
    /// A 2000x3000 q90 JPEG of smooth gradients with a little texture (18 MB as RGB).
    static let big: [UInt8] = {
        let px = gradientPixels(width: 2000, height: 3000) { x, y in UInt8(truncatingIfNeeded: (x / 7 + y / 11) * 13) }
        return try! ImageEncoder.jpeg(RGBImage(width: 2000, height: 3000, pixels: px), quality: 90)
    }()

    /// 24x18 cells of 10x20 px: a 240x360 box.
    let box = PixelBox(cols: 24, rows: 18, cellWidth: 10, cellHeight: 20)

    func testABigJPEGIsDecodedAtTheSmallestScaleThatCoversTheBox() throws {
        let decoded = try ImageDecoder.decode(Self.big, options: box.decodeOptions())
        // 1/4 (500x750) covers 2x the box (480x720); 1/8 (250x375) would not.
        XCTAssertEqual(decoded.width, 500)
        XCTAssertEqual(decoded.height, 750)
        XCTAssertGreaterThanOrEqual(Double(decoded.width), PixelBox.dctScaleMargin * Double(box.size.width))
        XCTAssertGreaterThanOrEqual(Double(decoded.height), PixelBox.dctScaleMargin * Double(box.size.height))
        let drawn = try box.decode(Self.big)
        XCTAssertEqual(drawn.width, 240)
        XCTAssertEqual(drawn.height, 360)
    }

    /// Pictures scaled by the DCT look like a full decode fitted the same way: each portrait
    /// thumbnail drawn in a 32x48 box is decoded at 1/4 (75x113, only 2.3x the box: the rule's
    /// worst case) and scored against the whole. Detailed portraits score 30 dB there, as sixel
    /// pictures do; photos decoded 4x their box and more score 43 dB (`marvel-bench render`).
    func testAScaledDecodeShowsThePictureAFullDecodeShows() throws {
        let tiny = PixelBox(cols: 8, rows: 6, cellWidth: 4, cellHeight: 8)
        for file in try TestImages.files(in: "thumbs", ext: "jpg") where file.contains("portrait") {
            let bytes = try TestImages.bytes(file)
            let decoded = try ImageDecoder.decode(bytes, options: tiny.decodeOptions())
            XCTAssertEqual(decoded.width, 75, file)
            let drawn = try tiny.decode(bytes)
            let full = tiny.fit(try ImageDecoder.decode(bytes))
            XCTAssertEqual(drawn.width, full.width)
            XCTAssertEqual(drawn.height, full.height)
            let score = psnr(drawn.pixels, full.pixels)
            print("DrawnSizeDecodeTests: \(file) into \(tiny.size) via \(decoded.width)x\(decoded.height): \(score) dB against a full decode")
            XCTAssertGreaterThanOrEqual(score, 29, file)
        }
    }

    func testAPixelDecodeOfABigJPEGStaysFarBelowItsFullSize() throws {
        let bytes = Self.big
        // Free heap pages go back first, so the growth is what this decode touches.
        _ = mallocTrim(0)
        let (image, growth) = PeakMemory.measure { try? box.decode(bytes) }
        XCTAssertNotNil(image)
        _ = mallocTrim(0)
        let (_, wholeGrowth) = PeakMemory.measure { try? box.fit(ImageDecoder.decode(bytes)) }
        guard let growth, let wholeGrowth else { throw XCTSkip("/proc/self/clear_refs is not writable here") }
        print("DrawnSizeDecodeTests: peak growth \(growth / 1024) KB for a 2000x3000 JPEG drawn at 240x360, "
              + "\(wholeGrowth / 1024) KB decoded whole")
        guard wholeGrowth >= 12 << 20 else { throw XCTSkip("the whole decode's 18 MB did not show in VmHWM here") }
        // A whole decode holds 18 MB of RGB; the 1/4 decode 1.1 MB plus libjpeg's buffers.
        XCTAssertLessThan(growth, 8 << 20)
    }

    func testSmallPicturesAreDecodedWhole() throws {
        // A Marvel portrait (300x450) in a grid tile: halving it would not cover 2x the box.
        let file = try XCTUnwrap(try TestImages.files(in: "thumbs", ext: "jpg").first { $0.contains("portrait") })
        let tile = PixelBox(cols: 16, rows: 12, cellWidth: 10, cellHeight: 20)
        let decoded = try ImageDecoder.decode(try TestImages.bytes(file), options: tile.decodeOptions())
        XCTAssertEqual(decoded.width, 300)
        XCTAssertEqual(decoded.height, 450)
    }
}
