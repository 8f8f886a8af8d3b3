import ImageCore
import TestSupport
import XCTest

/// `SixelGraphics.stream` (`mg_sixel_encode`, what `SixelGraphics.encode` sends) against libsixel's
/// own `sixel_encode` (`SixelGraphics.libsixelStream`) on the same indexed pixels and palette: the bytes must be the same, so the
/// writer's bookkeeping may differ from libsixel's but never what a terminal is sent.
final class SixelBandWriterTests: XCTestCase {
    func testPhotosGiveLibsixelsBytes() throws {
        for file in ["jpeg/testorig.jpg", "jpeg/testimgint.jpg"] + (try TestImages.files(in: "thumbs", ext: "jpg").prefix(4)) {
            let image = try TestImages.decode(file)
            let (palette, indices) = try SixelGraphics.quantized(image)
            try assertSameBytes(indices, width: image.width, height: image.height, palette: palette, file)
        }
    }

    /// Noise: hundreds of runs a band in every entry, the case libsixel's list is slow on.
    func testNoiseGivesLibsixelsBytes() throws {
        var random = SplitMix64(state: 37)
        let (width, height) = (301, 47)
        let pixels = (0..<(width * height * 3)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let (palette, indices) = try SixelGraphics.quantized(RGBImage(width: width, height: height, pixels: pixels))
        XCTAssertEqual(palette.count, 3 * 256)
        try assertSameBytes(indices, width: width, height: height, palette: palette, "noise")
    }

    /// The edges of libsixel's rules: bands of 1-5 rows (a first band not 6 high starts with
    /// "-"), gaps of 9 and 10 columns (bridged or not), runs over 255 ("!255"), repeats of 3 and
    /// 4, numbers at or above the palette's size (left out), one column, one entry.
    func testEdgeShapesGiveLibsixelsBytes() throws {
        var random = SplitMix64(state: 6)
        let palette: [UInt8] = (0..<(3 * 256)).map { UInt8(truncatingIfNeeded: $0 &* 97) }
        for height in [1, 2, 5, 6, 7, 12, 13] {
            for width in [1, 3, 11, 600] {
                for colors in [1, 2, 5, 256] {
                    for style in 0..<4 {
                        let indices: [UInt8] = (0..<(width * height)).map { p in
                            let x = p % width
                            switch style {
                            case 0: return UInt8(truncatingIfNeeded: random.next() % UInt64(colors + 1))
                            case 1: return x % 20 < 9 || x % 40 < 10 ? 0 : UInt8(colors - 1)
                            case 2: return UInt8(min(x / 4, colors - 1))
                            default: return random.next() % 5 == 0 ? UInt8(truncatingIfNeeded: random.next() % UInt64(colors)) : 0
                            }
                        }
                        try assertSameBytes(indices, width: width, height: height, palette: Array(palette.prefix(3 * colors)),
                                            "\(width)x\(height), \(colors) entries, style \(style)")
                    }
                }
            }
        }
    }

    private func assertSameBytes(_ indices: [UInt8], width: Int, height: Int, palette: [UInt8], _ label: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let ours = try SixelGraphics.stream(indices: indices, width: width, height: height, palette: palette)
        let reference = try SixelGraphics.libsixelStream(indices: indices, width: width, height: height, palette: palette)
        guard ours != reference else { return }
        let at = (0..<min(ours.count, reference.count)).first { ours[$0] != reference[$0] } ?? min(ours.count, reference.count)
        XCTFail("\(label): \(ours.count) bytes against libsixel's \(reference.count), first difference at \(at): "
                + "\(String(decoding: ours[max(0, at - 20)..<min(ours.count, at + 20)], as: UTF8.self)) | "
                + "\(String(decoding: reference[max(0, at - 20)..<min(reference.count, at + 20)], as: UTF8.self))",
                file: file, line: line)
    }
}
