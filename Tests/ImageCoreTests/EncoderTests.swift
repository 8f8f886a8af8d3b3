import ImageCore
import XCTest

final class ImageEncoderTests: XCTestCase {
    func testPNGRoundTripIsExact() throws {
        let source = try TestImages.decode("thumbs/coffee_standard_xlarge.jpg")
        let png = try ImageEncoder.png(source)
        XCTAssertEqual(ImageFormat.sniff(png), .png)
        XCTAssertEqual(try ImageDecoder.decode(png), source)
    }

    func testPNGWithAlphaCompositesOnDecode() throws {
        // 2x1 RGBA: opaque red, half-transparent green.
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128]
        let png = try ImageEncoder.png(pixels: rgba, width: 2, height: 1, channels: 4)
        let overWhite = try ImageDecoder.decode(png, options: DecodeOptions(background: .white))
        XCTAssertEqual(overWhite[0, 0], RGB(255, 0, 0))
        XCTAssertEqual(overWhite[1, 0], RGB(127, 255, 127))
    }

    func testJPEGRoundTripKeepsThePicture() throws {
        let source = try TestImages.decode("thumbs/rocket_portrait_uncanny.jpg")
        let high = try ImageEncoder.jpeg(source, quality: 95)
        let low = try ImageEncoder.jpeg(source, quality: 30)
        XCTAssertEqual(ImageFormat.sniff(high), .jpeg)
        XCTAssertLessThan(low.count, high.count)
        let back = try ImageDecoder.decode(high)
        XCTAssertEqual(back.width, source.width)
        XCTAssertEqual(back.height, source.height)
        XCTAssertGreaterThan(psnr(back.pixels, source.pixels), 38)
        XCTAssertGreaterThan(psnr(try ImageDecoder.decode(low).pixels, source.pixels), 28)
    }

    func testMarvelVariantFromOriginal() throws {
        // portrait_uncanny = 300x450 cover fit, as the catalog server makes it.
        let original = try TestImages.decode("thumbs/coffee_standard_xlarge.jpg")
        let variant = original.fitted(into: PixelSize(width: 300, height: 450), mode: .cover)
        XCTAssertEqual(variant.width, 300)
        XCTAssertEqual(variant.height, 450)
        let jpeg = try ImageEncoder.jpeg(variant, quality: 85)
        XCTAssertEqual(try ImageDecoder.probe(jpeg).size, PixelSize(width: 300, height: 450))
    }

    func testEncoderArgumentErrors() {
        XCTAssertThrowsError(try ImageEncoder.png(pixels: [1, 2, 3], width: 2, height: 1, channels: 3)) {
            guard case .invalidArgument = $0 as? ImageError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try ImageEncoder.jpeg(RGBImage(width: 0, height: 0, pixels: [])))
    }
}
