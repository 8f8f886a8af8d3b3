import ImageCore
import XCTest

final class PNGDecodeTests: XCTestCase {
    func testEveryPngSuiteFileDecodesTo32x32() throws {
        let files = try TestImages.files(in: "pngsuite", ext: "png")
            + TestImages.files(in: "pngsuite/interlaced", ext: "png")
        XCTAssertGreaterThanOrEqual(files.count, 60)
        for file in files {
            let image = try TestImages.decode(file)
            XCTAssertEqual(image.width, 32, file)
            XCTAssertEqual(image.height, 32, file)
            XCTAssertEqual(image.pixels.count, 32 * 32 * 3, file)
        }
    }

    /// Expected values from Pillow (an independent decoder), alpha composited as
    /// (c*a + bg*(255-a) + 127) / 255. 16-bit sources: Pillow keeps the high byte where libpng
    /// rounds, hence the tolerance of 2 for them.
    struct Known {
        let file: String
        let background: RGB
        let tolerance: Int
        let pixels: [(Int, Int, RGB)]
    }

    static let points = [(0, 0), (5, 3), (17, 9), (31, 31), (12, 25)]

    static func known(_ file: String, _ bg: RGB, _ tol: Int, _ rgb: [(UInt8, UInt8, UInt8)]) -> Known {
        Known(file: file, background: bg, tolerance: tol,
              pixels: zip(points, rgb).map { ($0.0, $0.1, RGB($1.0, $1.1, $1.2)) })
    }

    static let table: [Known] = [
        known("basn0g01", .black, 0, [(255, 255, 255), (255, 255, 255), (255, 255, 255), (0, 0, 0), (0, 0, 0)]),
        known("basn0g02", .black, 0, [(0, 0, 0), (85, 85, 85), (170, 170, 170), (170, 170, 170), (85, 85, 85)]),
        known("basn0g04", .black, 0, [(0, 0, 0), (17, 17, 17), (102, 102, 102), (238, 238, 238), (153, 153, 153)]),
        known("basn0g08", .black, 0, [(0, 0, 0), (101, 101, 101), (205, 205, 205), (3, 3, 3), (208, 208, 208)]),
        known("basn2c08", .black, 0, [(255, 255, 255), (255, 255, 154), (255, 206, 255), (0, 0, 0), (211, 211, 211)]),
        known("basn3p01", .black, 0, [(238, 255, 34), (34, 102, 255), (238, 255, 34), (238, 255, 34), (34, 102, 255)]),
        known("basn3p02", .black, 0, [(0, 0, 255), (255, 0, 0), (255, 255, 0), (0, 0, 255), (255, 0, 0)]),
        known("basn3p04", .black, 0, [(255, 0, 0), (255, 102, 0), (0, 255, 68), (255, 0, 187), (0, 153, 255)]),
        known("basn3p08", .black, 0, [(1, 0, 0), (51, 26, 0), (0, 153, 0), (255, 254, 255), (204, 255, 153)]),
        known("basn4a08", .black, 0, [(0, 0, 0), (37, 37, 37), (98, 98, 98), (0, 0, 0), (19, 19, 19)]),
        known("basn4a08", .white, 0, [(255, 255, 255), (251, 251, 251), (214, 214, 214), (0, 0, 0), (176, 176, 176)]),
        known("basn6a08", .black, 0, [(0, 0, 0), (41, 15, 1), (122, 139, 3), (0, 32, 255), (0, 86, 98)]),
        known("basn6a08", .white, 0, [(255, 255, 255), (255, 229, 215), (238, 255, 119), (0, 32, 255), (157, 243, 255)]),
        known("ftbbn3p08", .black, 0, [(0, 0, 0), (0, 0, 0), (121, 121, 121), (0, 0, 0), (0, 135, 0)]),
        known("ftbbn3p08", .white, 0, [(255, 255, 255), (255, 255, 255), (121, 121, 121), (255, 255, 255), (0, 135, 0)]),
        known("ftbrn2c08", .white, 0, [(255, 255, 255), (255, 255, 255), (121, 121, 121), (255, 255, 255), (0, 134, 0)]),
        known("basn0g16", .black, 2, [(0, 0, 0), (51, 51, 51), (170, 170, 170), (1, 1, 1), (157, 157, 157)]),
        known("basn2c16", .black, 2, [(255, 255, 0), (214, 231, 0), (115, 181, 0), (0, 0, 255), (156, 49, 49)]),
        known("basn6a16", .white, 2, [(255, 255, 255), (251, 255, 206), (164, 255, 107), (255, 255, 255), (224, 156, 187)]),
        known("basn4a16", .white, 2, [(255, 255, 255), (214, 214, 214), (221, 221, 221), (255, 255, 255), (219, 219, 219)]),
    ]

    func testKnownPixelValues() throws {
        for entry in Self.table {
            let image = try TestImages.decode("pngsuite/\(entry.file).png", background: entry.background)
            for (x, y, want) in entry.pixels {
                let got = image[x, y]
                let diff = max(abs(Int(got.r) - Int(want.r)), abs(Int(got.g) - Int(want.g)), abs(Int(got.b) - Int(want.b)))
                XCTAssertLessThanOrEqual(diff, entry.tolerance,
                                         "\(entry.file) over \(entry.background) at (\(x),\(y)): got \(got), want \(want)")
            }
        }
    }

    func testInterlacedMatchesNonInterlaced() throws {
        var pairs = try TestImages.files(in: "pngsuite", ext: "png")
            .filter { ($0 as NSString).lastPathComponent.hasPrefix("i") }
            .map { ($0, "pngsuite/" + String(($0 as NSString).lastPathComponent.dropFirst())) }
        pairs += try TestImages.files(in: "pngsuite/interlaced", ext: "png")
            .map { ($0, "pngsuite/" + String(($0 as NSString).lastPathComponent.dropFirst())) }
        XCTAssertGreaterThanOrEqual(pairs.count, 30)
        for (interlaced, plain) in pairs {
            for bg in [RGB.black, RGB(40, 200, 90)] {
                XCTAssertEqual(try TestImages.decode(interlaced, background: bg),
                               try TestImages.decode(plain, background: bg), "\(interlaced) vs \(plain)")
            }
        }
    }

    func testPixelLimitIsCheckedFromTheHeader() throws {
        let bytes = try TestImages.bytes("pngsuite/basn6a08.png")
        XCTAssertThrowsError(try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 1000))) { error in
            XCTAssertEqual(error as? ImageError, .imageTooLarge(width: 32, height: 32, limit: 1000))
        }
        XCTAssertNoThrow(try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 1024)))
    }
}
