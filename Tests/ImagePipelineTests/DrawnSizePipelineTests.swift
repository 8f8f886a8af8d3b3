import XCTest
import ImageCore
@testable import ImagePipeline
import TerminalUI
import TestSupport

/// The grid's tiles and the detail picture in pixel modes decode at the drawn size (issue 23):
/// a fetch whose requests are all pixel pictures asks the decoder for the largest of their
/// pixel boxes, and a big JPEG is DCT-scaled to it; those pixels are not kept for other sizes.
final class DrawnSizePipelineTests: XCTestCase {
    /// A 1600x2400 JPEG (11.5 MB as RGB).
    static let big: [UInt8] = {
        let px = gradientPixels(width: 1600, height: 2400) { _, _ in 90 }
        return try! ImageEncoder.jpeg(RGBImage(width: 1600, height: 2400, pixels: px), quality: 85)
    }()

    let kitty = GraphicsMode(graphics: .kitty, cellPixels: Size(width: 10, height: 20))

    func testTheDecoderScalesABigJPEGToTheDrawnSize() throws {
        let decoder = ImageCoreDecoder()
        // 16x12 cells of 10x20 px: 160x240; 1/4 (400x600) covers it twice over, 1/8 does not.
        let drawn = try decoder.decode(Self.big, cancellation: nil, drawnSize: PixelSize(width: 160, height: 240))
        XCTAssertEqual(drawn.image.width, 400)
        XCTAssertEqual(drawn.image.height, 600)
        XCTAssertTrue(drawn.reduced)
        let whole = try decoder.decode(Self.big, cancellation: nil, drawnSize: nil)
        XCTAssertEqual(whole.image.width, 1600)
        XCTAssertFalse(whole.reduced)
        // Already small enough: decoded whole, kept for every size.
        let near = try decoder.decode(Self.big, cancellation: nil, drawnSize: PixelSize(width: 500, height: 750))
        XCTAssertEqual(near.image.width, 1600)
        XCTAssertFalse(near.reduced)
    }

    /// A picture from a server above the decoder's limit (16 MP in the gallery; 1 MP here, so
    /// the file stays small) is drawn when a DCT scale brings it under the limit: at the
    /// drawn size in pixel modes, at the largest scale that fits for half-blocks. PNG cannot
    /// be scaled on decode: refused, as before.
    func testAJPEGAboveTheLimitIsDecodedScaledToFitIt() throws {
        let decoder = ImageCoreDecoder(maxPixels: 1_000_000)
        let drawn = try decoder.decode(Self.big, cancellation: nil, drawnSize: PixelSize(width: 160, height: 240))
        XCTAssertEqual(drawn.image.width, 400)
        XCTAssertTrue(drawn.reduced)
        let blocks = try decoder.decode(Self.big, cancellation: nil, drawnSize: nil)
        XCTAssertEqual(blocks.image.width, 800, "1/2: 800x1200, 0.96 MP")
        XCTAssertTrue(blocks.reduced, "not kept for other sizes")
        let png = try ImageEncoder.png(RGBImage(width: 1200, height: 1000, pixels: gradientPixels(width: 1200, height: 1000) { _, _ in 7 }))
        XCTAssertThrowsError(try decoder.decode(png, cancellation: nil, drawnSize: PixelSize(width: 160, height: 240))) { error in
            guard case ImagePipelineError.undecodable(.imageTooLarge) = error else {
                return XCTFail("\(error)")
            }
        }
    }

    func testAFetchAsksForTheLargestPixelBoxAndHalfBlocksForTheWholePicture() {
        let url = "http://h/big.jpg"
        let fetch = FetchJob(url: url, host: "h", seq: 1, state: .diskQueued)
        fetch.renderKeys.insert(ImageRequest(url: url, box: CellBox(cols: 16, rows: 12), fit: .cover, graphics: kitty))
        XCTAssertEqual(fetch.drawnSize, PixelSize(width: 160, height: 240))
        fetch.renderKeys.insert(ImageRequest(url: url, box: CellBox(cols: 40, rows: 10), fit: .contain, graphics: kitty))
        XCTAssertEqual(fetch.drawnSize, PixelSize(width: 400, height: 240))
        fetch.renderKeys.insert(ImageRequest(url: url, box: CellBox(cols: 16, rows: 12), fit: .cover))
        XCTAssertNil(fetch.drawnSize, "a half-block request decodes the whole picture, as before")
    }
}
