@testable import ImageCore
import XCTest

/// The box downscale's division by one multiplication is the exact mean rounded halves up,
/// for every count of samples, small or past the exact range (where it divides).
final class RoundedDivisionTests: XCTestCase {
    func testEverySumOfSmallCountsRoundsAsTheExactMean() {
        for count in 1...300 {
            let divide = RoundedDivision(by: count)
            for sum in 0...(255 * count) {
                XCTAssertEqual(UInt64(divide.rounded(UInt64(sum))), UInt64(2 * sum + count) / UInt64(2 * count), "\(sum) / \(count)")
            }
        }
    }

    func testLargeCountsAtTheEdgesOfTheExactRange() {
        var random = SystemRandomNumberGenerator()
        for count in [1023, 4096, 65_535, 524_287, 524_288, 524_289, 40_000_000] {
            let divide = RoundedDivision(by: count)
            let c = UInt64(count)
            var sums: [UInt64] = [0, 1, c / 2, c / 2 + 1, 255 * c, 255 * c - c / 2, 255 * c - c / 2 - 1]
            sums += (0..<2000).map { _ in UInt64.random(in: 0...(255 * c), using: &random) }
            for k in UInt64(0)...255 { sums += [k * c + c / 2, k * c + (c - 1) / 2, k * c + c / 2 + 1].filter { $0 <= 255 * c } }
            for sum in sums {
                XCTAssertEqual(UInt64(divide.rounded(sum)), (2 * sum + c) / (2 * c), "\(sum) / \(count)")
            }
        }
    }

    /// A whole picture averaged into one pixel: 5000x3400 samples of 255 sum past 32 bits
    /// (the sum wrapped to a dark grey before).
    func testAPictureIntoOnePixelIsItsMean() {
        let image = RGBImage(width: 5000, height: 3400, pixels: [UInt8](repeating: 255, count: 5000 * 3400 * 3))
        XCTAssertEqual(image.resampled(width: 1, height: 1, filter: .box).pixels, [255, 255, 255])
    }
}
