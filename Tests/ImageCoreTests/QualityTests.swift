import ImageCore
import XCTest

/// Parses the encoder's own ANSI output back to pixels and scores it against an independent
/// reference: an exact area average (fractional pixel coverage, double precision) of the full
/// decode to the same box. The floors sit a little under the measured values (see the
/// messages), so a regression in resampling or encoding fails here.
final class QualityTests: XCTestCase {
    /// Exact area average: each output pixel is the coverage-weighted mean of the source.
    static func areaAverage(_ img: RGBImage, width: Int, height: Int) -> [UInt8] {
        func weights(_ inSize: Int, _ outSize: Int) -> [[(Int, Double)]] {
            let scale = Double(inSize) / Double(outSize)
            return (0..<outSize).map { o in
                let a = Double(o) * scale, b = Double(o + 1) * scale
                var list: [(Int, Double)] = []
                var i = Int(a.rounded(.down))
                while Double(i) < b && i < inSize {
                    let cover = min(b, Double(i + 1)) - max(a, Double(i))
                    if cover > 0 { list.append((i, cover / scale)) }
                    i += 1
                }
                return list
            }
        }
        let wx = weights(img.width, width), wy = weights(img.height, height)
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var acc = [0.0, 0.0, 0.0]
                for (sy, fy) in wy[y] {
                    for (sx, fx) in wx[x] {
                        let i = (sy * img.width + sx) * 3
                        for c in 0..<3 { acc[c] += fx * fy * Double(img.pixels[i + c]) }
                    }
                }
                for c in 0..<3 { out[(y * width + x) * 3 + c] = UInt8(min(max(acc[c].rounded(), 0), 255)) }
            }
        }
        return out
    }

    func score(cols: Int, rows: Int, mode: ColorMode) throws -> Double {
        var scores: [Double] = []
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let bytes = try TestImages.bytes(file)
            let full = try ImageDecoder.decode(bytes)
            let size = full.containSize(in: PixelSize(width: cols, height: rows * 2))
            let frame = ANSIParser.parse(try Thumbnail.ansi(bytes, cols: cols, rows: rows, colors: mode))
            let got = ANSIParser.pixels(frame, width: size.width, height: size.height)
            let reference = Self.areaAverage(full, width: size.width, height: size.height)
            scores.append(psnr(got, reference))
        }
        let mean = scores.reduce(0, +) / Double(scores.count)
        print("QualityTests \(cols)x\(rows) \(mode.rawValue): mean PSNR \(mean) over \(scores.count) thumbnails")
        return mean
    }

    func testTruecolorPSNRAgainstAreaAverage() throws {
        let small = try score(cols: 24, rows: 18, mode: .truecolor)
        let large = try score(cols: 48, rows: 36, mode: .truecolor)
        XCTAssertGreaterThan(small, QualityFloors.truecolor24x18, "24x18 mean PSNR \(small)")
        XCTAssertGreaterThan(large, QualityFloors.truecolor48x36, "48x36 mean PSNR \(large)")
    }

    /// 3x3 binomial blur of packed RGB (edges clamped): the eye integrates a dither pattern, so
    /// palette output is judged after a small blur of both sides.
    static func blurred(_ px: [UInt8], width: Int, height: Int) -> [UInt8] {
        let k = [1.0, 2.0, 1.0]
        var out = [UInt8](repeating: 0, count: px.count)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<3 {
                    var acc = 0.0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let sx = min(max(x + dx, 0), width - 1), sy = min(max(y + dy, 0), height - 1)
                            acc += k[dx + 1] * k[dy + 1] * Double(px[(sy * width + sx) * 3 + c])
                        }
                    }
                    out[(y * width + x) * 3 + c] = UInt8((acc / 16).rounded())
                }
            }
        }
        return out
    }

    /// Mean PSNR after the blur over the thumbnails at 24x18 cells, dithered (what the program
    /// draws) or not (each pixel to its nearest palette entry).
    func blurredScore(_ mode: ColorMode, dithered: Bool) throws -> Double {
        var scores: [Double] = []
        for file in try TestImages.files(in: "thumbs", ext: "jpg") {
            let bytes = try TestImages.bytes(file)
            let full = try ImageDecoder.decode(bytes)
            let size = full.containSize(in: PixelSize(width: 24, height: 36))
            let ansi = dithered ? try Thumbnail.ansi(bytes, cols: 24, rows: 18, colors: mode)
                : HalfBlockEncoder.encode(HalfBlockCells(image: try Thumbnail.image(bytes, cols: 24, rows: 18)), mode: mode)
            let got = ANSIParser.pixels(ANSIParser.parse(ansi), width: size.width, height: size.height)
            let reference = Self.areaAverage(full, width: size.width, height: size.height)
            scores.append(psnr(Self.blurred(got, width: size.width, height: size.height),
                               Self.blurred(reference, width: size.width, height: size.height)))
        }
        return scores.reduce(0, +) / Double(scores.count)
    }

    func test256ColourPSNRAfterBlurAndDitheringPaysOff() throws {
        let dithered = try blurredScore(.ansi256, dithered: true)
        let plain = try blurredScore(.ansi256, dithered: false)
        print("QualityTests 256 colours 24x18, PSNR after blur: dithered \(dithered) dB, nearest \(plain) dB")
        XCTAssertGreaterThan(dithered, QualityFloors.ansi256Blurred, "256-colour 24x18 blurred PSNR \(dithered)")
        XCTAssertGreaterThan(dithered, plain, "dithering is kept only while it measures better")
    }

    func test16ColourPSNRAfterBlur() throws {
        let dithered = try blurredScore(.ansi16, dithered: true)
        let plain = try blurredScore(.ansi16, dithered: false)
        print("QualityTests 16 colours 24x18, PSNR after blur: dithered \(dithered) dB, nearest \(plain) dB")
        XCTAssertGreaterThan(dithered, QualityFloors.ansi16Blurred, "16-colour 24x18 blurred PSNR \(dithered)")
        XCTAssertGreaterThan(dithered, plain)
    }
}

/// Measured 2026-11-22 on these 4 bundled thumbnails against the exact (fractional coverage)
/// area average, default colour tolerance 1: truecolor 45.67 dB at 24x18, 41.44 dB at 48x36;
/// 256 colours 23.90 dB at 24x18. (render_quality.py over all 16 shared thumbnails, Pillow BOX
/// reference: 56.1 / 54.0 / 25.4 dB.)
enum QualityFloors {
    static let truecolor24x18 = 45.0
    static let truecolor48x36 = 40.6
    static let ansi256Blurred = 23.4
    static let ansi16Blurred = 15.0
}
