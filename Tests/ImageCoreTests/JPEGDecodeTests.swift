import ImageCore
import XCTest

final class JPEGDecodeTests: XCTestCase {
    func testBaselineAndProgressiveDecodeAlike() throws {
        let baseline = try TestImages.decode("jpeg/testorig.jpg")
        let progressive = try TestImages.decode("jpeg/testorig-progressive.jpg")
        XCTAssertEqual(baseline.width, 227)
        XCTAssertEqual(baseline.height, 149)
        XCTAssertEqual(progressive.width, 227)
        XCTAssertEqual(progressive.height, 149)
        XCTAssertLessThanOrEqual(maxDifference(baseline.pixels, progressive.pixels), 2)
        // A different encoding of the same scene (integer DCT) stays close too.
        let integerDCT = try TestImages.decode("jpeg/testimgint.jpg")
        XCTAssertGreaterThan(psnr(baseline.pixels, integerDCT.pixels), 30)
    }

    func testDCTScaledDecodeDimensions() throws {
        let bytes = try TestImages.bytes("jpeg/testorig.jpg")
        let full = try ImageDecoder.decode(bytes)
        // margin 1: the smallest 1/2^k decode still >= the target.
        for (target, want) in [((28, 18), (29, 19)), ((50, 30), (57, 38)), ((100, 70), (114, 75)), ((200, 100), (227, 149))] {
            let options = DecodeOptions(targetSize: PixelSize(width: target.0, height: target.1), dctScaleMargin: 1)
            let scaled = try ImageDecoder.decode(bytes, options: options)
            XCTAssertEqual(scaled.width, want.0, "target \(target)")
            XCTAssertEqual(scaled.height, want.1, "target \(target)")
            // Same picture: close to the full decode area-averaged to that size.
            let reference = full.resampled(width: scaled.width, height: scaled.height, filter: .box)
            XCTAssertGreaterThan(psnr(reference.pixels, scaled.pixels), 24, "target \(target)")
        }
        // Default margin (8): 1/2 scaling for a 10x8 target (114x75 >= 80x64), never closer.
        let tiny = try ImageDecoder.decode(bytes, options: DecodeOptions(targetSize: PixelSize(width: 10, height: 8)))
        XCTAssertEqual(tiny.width, 114)
        XCTAssertEqual(tiny.height, 75)
        // Default margin (8) leaves a 227x149 picture whole for a 24x36 thumbnail.
        let thumb = try ImageDecoder.decode(bytes, options: DecodeOptions(targetSize: PixelSize(width: 24, height: 36)))
        XCTAssertEqual(thumb.width, 227)
    }

    func testGreyscaleJPEGBecomesEqualRGB() throws {
        let image = try TestImages.decode("generated/grey.jpg")
        XCTAssertEqual(image.width, 24)
        XCTAssertEqual(image.height, 16)
        for x in stride(from: 1, to: 23, by: 3) {
            let c = image[x, 8]
            XCTAssertEqual(c.r, c.g)
            XCTAssertEqual(c.g, c.b)
            XCTAssertEqual(Int(c.r), 10 * x, accuracy: 4, "x=\(x)")
        }
    }

    func testAdobeCMYKIsConvertedToRGB() throws {
        try checkInkBlocks("generated/cmyk_adobe.jpg")
    }

    func testAdobeYCCKIsConvertedToRGB() throws {
        try checkInkBlocks("generated/ycck_adobe.jpg")
    }

    func checkInkBlocks(_ file: String) throws {
        let image = try TestImages.decode(file)
        // C=200 -> R=55; M=120 -> G=135; Y=255 -> B=0; K=100 -> 155 grey.
        let expected: [((Int, Int), RGB)] = [
            ((8, 8), RGB(55, 255, 255)), ((24, 8), RGB(255, 135, 255)),
            ((8, 24), RGB(255, 255, 0)), ((24, 24), RGB(155, 155, 155)),
        ]
        for ((x, y), want) in expected {
            let got = image[x, y]
            XCTAssertEqual(Int(got.r), Int(want.r), accuracy: 6, "\(file) (\(x),\(y)) \(got)")
            XCTAssertEqual(Int(got.g), Int(want.g), accuracy: 6, "\(file) (\(x),\(y)) \(got)")
            XCTAssertEqual(Int(got.b), Int(want.b), accuracy: 6, "\(file) (\(x),\(y)) \(got)")
        }
    }

    func testEXIFOrientationIsApplied() throws {
        let bytes = try TestImages.bytes("generated/exif_orientation6.jpg")
        XCTAssertEqual(EXIFOrientation.read(fromJPEG: bytes), .right)
        let stored = try ImageDecoder.decode(bytes, options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual(stored.width, 32)
        XCTAssertEqual(stored.height, 16)
        let upright = try ImageDecoder.decode(bytes)
        XCTAssertEqual(upright.width, 16)
        XCTAssertEqual(upright.height, 32)
        // Stored left (red) half is on top after a 90-degree clockwise turn.
        XCTAssertGreaterThan(upright[8, 4].r, 200)
        XCTAssertLessThan(upright[8, 4].b, 60)
        XCTAssertGreaterThan(upright[8, 28].b, 200)
        XCTAssertLessThan(upright[8, 28].r, 60)
    }

    func testOrientationTransformsAreConsistent() {
        // A 3x2 picture with distinct pixels: each orientation is the inverse-free mapping of
        // the EXIF spec; rotating "right" four times... is checked via known corners.
        var img = RGBImage(width: 3, height: 2, fill: .black)
        img[0, 0] = RGB(1, 0, 0)
        img[2, 0] = RGB(2, 0, 0)
        img[0, 1] = RGB(3, 0, 0)
        let right = img.oriented(.right)  // 90 clockwise
        XCTAssertEqual(right.width, 2)
        XCTAssertEqual(right.height, 3)
        XCTAssertEqual(right[1, 0], RGB(1, 0, 0))
        XCTAssertEqual(right[1, 2], RGB(2, 0, 0))
        XCTAssertEqual(right[0, 0], RGB(3, 0, 0))
        let left = img.oriented(.left)  // 90 counter-clockwise
        XCTAssertEqual(left[0, 2], RGB(1, 0, 0))
        XCTAssertEqual(left[0, 0], RGB(2, 0, 0))
        let down = img.oriented(.down)
        XCTAssertEqual(down[2, 1], RGB(1, 0, 0))
        XCTAssertEqual(img.oriented(.upMirrored)[2, 0], RGB(1, 0, 0))
        XCTAssertEqual(img.oriented(.leftMirrored)[0, 0], RGB(1, 0, 0))
    }
}

final class GIFAndErrorTests: XCTestCase {
    func testGIFFirstFrameWithTransparency() throws {
        let image = try TestImages.decode("generated/two_frames.gif", background: .white)
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image.height, 16)
        XCTAssertEqual(image[2, 2], .white)  // transparent corner shows the background
        XCTAssertEqual(image[12, 2], RGB(255, 0, 0))
        XCTAssertEqual(image[12, 12], RGB(0, 0, 255))
        XCTAssertEqual(image[2, 12], RGB(0, 0, 255))
    }

    func testTypedErrors() throws {
        XCTAssertThrowsError(try ImageDecoder.decode([UInt8]())) { XCTAssertEqual($0 as? ImageError, .empty) }
        XCTAssertThrowsError(try ImageDecoder.decode(Array("hello, world".utf8))) {
            XCTAssertEqual($0 as? ImageError, .unknownFormat)
        }
        for file in ["jpeg/testorig.jpg", "pngsuite/basn2c08.png", "generated/two_frames.gif"] {
            let bytes = try TestImages.bytes(file)
            XCTAssertThrowsError(try ImageDecoder.decode(Array(bytes.prefix(12))), file) { error in
                guard case .corrupt = error as? ImageError else { return XCTFail("\(file): \(error)") }
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
        // Truncated inside the entropy-coded data: libjpeg would paint the rest grey and warn;
        // the shim turns that warning into `damaged`, which carries what was recovered.
        for file in ["jpeg/testorig.jpg", "jpeg/testorig-progressive.jpg"] {
            let bytes = try TestImages.bytes(file)
            XCTAssertThrowsError(try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 2))), file) { error in
                guard case let .damaged(format, reason, partial) = error as? ImageError else { return XCTFail("\(error)") }
                XCTAssertEqual(format, .jpeg)
                XCTAssertTrue(reason.contains("Premature end"), reason)
                XCTAssertEqual([partial.width, partial.height], [227, 149])
            }
        }
        let gif = try TestImages.bytes("generated/two_frames.gif")
        XCTAssertThrowsError(try ImageDecoder.decode(gif, options: DecodeOptions(maxPixels: 100))) {
            XCTAssertEqual($0 as? ImageError, .imageTooLarge(width: 16, height: 16, limit: 100))
        }
        let jpeg = try TestImages.bytes("jpeg/testorig.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(jpeg, options: DecodeOptions(maxPixels: 227 * 149 - 1))) {
            XCTAssertEqual($0 as? ImageError, .imageTooLarge(width: 227, height: 149, limit: 227 * 149 - 1))
        }
        XCTAssertEqual(ImageFormat.sniff(jpeg), .jpeg)
        XCTAssertEqual(ImageFormat.sniff(gif), .gif)
    }

    /// A PNG header announcing 100000 x 100000 fails before any pixel allocation.
    func testHugePNGHeaderIsRejectedBeforeAllocation() throws {
        var png = try TestImages.bytes("pngsuite/basn2c08.png")
        // IHDR width/height at bytes 16..23; fix the chunk CRC so libpng accepts the header.
        let big: [UInt8] = [0x00, 0x01, 0x86, 0xA0]
        png.replaceSubrange(16..<20, with: big)
        png.replaceSubrange(20..<24, with: big)
        let crc = crc32(Array(png[12..<29]))
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        XCTAssertThrowsError(try ImageDecoder.decode(png)) {
            XCTAssertEqual($0 as? ImageError, .imageTooLarge(width: 100_000, height: 100_000, limit: 40_000_000))
        }
    }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
