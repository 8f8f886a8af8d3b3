import TerminalUI
import XCTest

/// `Palette.nearestIndices`: each colour's exact nearest entry of a picture's own palette.
final class AdaptivePaletteTests: XCTestCase {
    func bruteForce(_ r: Int, _ g: Int, _ b: Int, _ palette: [UInt8]) -> Int {
        var best = 0, bestDistance = Int.max
        for i in 0..<palette.count / 3 {
            let dr = r - Int(palette[3 * i]), dg = g - Int(palette[3 * i + 1]), db = b - Int(palette[3 * i + 2])
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { bestDistance = d; best = i }
        }
        return best
    }

    func testEveryColourGetsItsNearestEntry() {
        var rng = SystemRandomNumberGenerator()
        let palette = (0..<256 * 3).map { _ in UInt8.random(in: 0...255, using: &rng) }
        // One colour in each of 4,096 cache cells (6 bits a channel below a megapixel), so no
        // colour can take another's cached match.
        var pixels: [UInt8] = []
        for cell in (0..<(1 << 18)).shuffled(using: &rng).prefix(4096) {
            let base = [cell >> 12, (cell >> 6) & 63, cell & 63]
            pixels += base.map { UInt8($0 << 2 | Int.random(in: 0...3, using: &rng)) }
        }
        let indices = pixels.withUnsafeBufferPointer { Palette.nearestIndices($0, palette: palette) }
        XCTAssertEqual(indices.count, 4096)
        for p in 0..<4096 {
            let r = Int(pixels[3 * p]), g = Int(pixels[3 * p + 1]), b = Int(pixels[3 * p + 2])
            let want = bruteForce(r, g, b, palette)
            let got = Int(indices[p])
            let distance = { (i: Int) in
                [0, 1, 2].map { c in (Int(pixels[3 * p + c]) - Int(palette[3 * i + c])) * (Int(pixels[3 * p + c]) - Int(palette[3 * i + c])) }
                    .reduce(0, +)
            }
            XCTAssertEqual(distance(got), distance(want), "pixel \(p) (\(r),\(g),\(b))")
        }
    }

    func testAPictureOfThePalettesOwnColoursMapsOntoThem() {
        let palette: [UInt8] = [0, 0, 0, 255, 255, 255, 200, 30, 40, 20, 180, 60]
        let pixels: [UInt8] = [255, 255, 255, 255, 255, 255, 20, 180, 60, 0, 0, 0, 200, 30, 40, 190, 40, 40]
        let indices = pixels.withUnsafeBufferPointer { Palette.nearestIndices($0, palette: palette) }
        XCTAssertEqual(indices, [1, 1, 3, 0, 2, 2])
    }
}
