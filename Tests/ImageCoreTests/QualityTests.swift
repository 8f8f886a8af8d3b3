import ImageCore
import XCTest

/// Parses the encoder's own ANSI output back to pixels and scores it against an independent
/// reference: an exact area average (fractional pixel coverage, double precision) of the full
/// decode to the same box. The floors sit a little under the values measured when they were
/// written (see the messages), so a regression in resampling or encoding fails here.
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

    func test256ColourPSNR() throws {
        let small = try score(cols: 24, rows: 18, mode: .ansi256)
        XCTAssertGreaterThan(small, QualityFloors.ansi256, "256-colour 24x18 mean PSNR \(small)")
    }
}

/// Measured 2026-11-22 on these 4 bundled thumbnails against the exact (fractional coverage)
/// area average, default colour tolerance 1: truecolor 45.67 dB at 24x18, 41.44 dB at 48x36;
/// 256 colours 23.90 dB at 24x18. (render_quality.py over all 16 shared thumbnails, Pillow BOX
/// reference: 56.1 / 54.0 / 25.4 dB.)
enum QualityFloors {
    static let truecolor24x18 = 45.0
    static let truecolor48x36 = 40.6
    static let ansi256 = 23.4
}
