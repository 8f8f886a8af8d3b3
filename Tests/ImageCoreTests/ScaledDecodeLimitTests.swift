import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// The pixel limit holds for the size a picture is decoded at: a JPEG above it that DCT
/// scaling brings under it is drawn (memory is the scaled picture's), one whose decode would
/// still exceed it is refused; PNG cannot be scaled on decode, so its full size counts. The
/// file behind a scaled decode is bounded too (`maxScaledSourcePixels`), and so are libjpeg's
/// whole-image buffers of a progressive file (`decoderMemoryLimit`). Limits here are small
/// (1-10 MP) so the pictures stay small; `render` of a real 10000x8000 JPEG is in docs/performance.md.
final class ScaledDecodeLimitTests: XCTestCase {
    /// A 2000x1500 q85 JPEG (3 MP).
    static let jpeg: [UInt8] = {
        let px = gradientPixels(width: 2000, height: 1500) { x, y in UInt8(truncatingIfNeeded: x / 9 + y / 5) }
        return try! ImageEncoder.jpeg(RGBImage(width: 2000, height: 1500, pixels: px), quality: 85)
    }()

    /// 24x18 cells of 10x20 px: a 240x360 box.
    let box = PixelBox(cols: 24, rows: 18, cellWidth: 10, cellHeight: 20)

    private func assertTooLarge(_ body: @autoclosure () throws -> RGBImage, _ message: String = "",
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), message, file: file, line: line) { error in
            guard case .imageTooLarge = error as? ImageError else { return XCTFail("\(error)", file: file, line: line) }
        }
    }

    func testAJPEGAboveTheLimitIsDrawnWhenItsScaledDecodeFits() throws {
        // 1/2 (1000x750 = 0.75 MP) covers twice the box (480x720): under a 1 MP limit.
        let image = try ImageDecoder.decode(Self.jpeg, options: box.decodeOptions(maxPixels: 1_000_000))
        XCTAssertEqual(image.width, 1000)
        XCTAssertEqual(image.height, 750)
        // Decoded whole it would be 3 MP: refused, as before.
        assertTooLarge(try ImageDecoder.decode(Self.jpeg, options: DecodeOptions(maxPixels: 1_000_000)))
    }

    func testOverTheLimitAtTheMarginsScaleTheSmallestScaleCoveringTheBoxIsTried() throws {
        // A 900x700 box: twice it needs the whole 3 MP; 1/2 (1000x750) still covers it once.
        var options = DecodeOptions(maxPixels: 1_000_000, targetSize: PixelSize(width: 900, height: 700), dctScaleMargin: 2)
        let image = try ImageDecoder.decode(Self.jpeg, options: options)
        XCTAssertEqual(image.width, 1000)
        XCTAssertEqual(image.height, 750)
        // A box the scaled decode cannot cover under the limit: refused.
        options.targetSize = PixelSize(width: 1100, height: 800)
        assertTooLarge(try ImageDecoder.decode(Self.jpeg, options: options))
        // Under the limit at the margin's scale: the margin still rules (full quality).
        options.maxPixels = 4_000_000
        XCTAssertEqual(try ImageDecoder.decode(Self.jpeg, options: options).width, 2000)
    }

    func testStreamedFromAFileTheSameHolds() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mg-scaled-\(getpid()).jpg").path
        FileManager.default.createFile(atPath: path, contents: Data(Self.jpeg))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let image = try ImageDecoder.decodeJPEG(fileDescriptor: fd, options: box.decodeOptions(maxPixels: 1_000_000))
        XCTAssertEqual(image.width, 1000)
    }

    func testAPNGAboveTheLimitIsRefusedWhateverTheBox() throws {
        let png = try ImageEncoder.png(RGBImage(width: 1200, height: 1000,
                                                pixels: gradientPixels(width: 1200, height: 1000) { _, _ in 7 }))
        assertTooLarge(try ImageDecoder.decode(png, options: box.decodeOptions(maxPixels: 1_000_000)))
        XCTAssertEqual(try ImageDecoder.decode(png, options: box.decodeOptions(maxPixels: 1_200_000)).width, 1200)
    }

    func testWithoutABoxReducesToFitTakesTheLargestScaleUnderTheLimit() throws {
        var options = DecodeOptions(maxPixels: 1_000_000)
        options.reducesToFit = true
        let image = try ImageDecoder.decode(Self.jpeg, options: options)
        XCTAssertEqual(image.width, 1000, "1/2: 0.75 MP")
        options.maxPixels = 200_000
        XCTAssertEqual(try ImageDecoder.decode(Self.jpeg, options: options).width, 500, "1/4: 500x375")
        options.maxPixels = 20_000
        assertTooLarge(try ImageDecoder.decode(Self.jpeg, options: options), "even 1/8 is over, and the file over 16x")
    }

    /// `jpeg` with its frame header (SOF0/SOF2) saying `width` x `height`: the data is the
    /// small picture's, so a decode of it reads past its end (damaged); headers alone decide here.
    private func resized(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var b = jpeg
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            if marker == 0xC0 || marker == 0xC2 {
                b[i + 5] = UInt8(height >> 8); b[i + 6] = UInt8(height & 0xFF)
                b[i + 7] = UInt8(width >> 8); b[i + 8] = UInt8(width & 0xFF)
                return b
            }
            i += 2 + Int(b[i + 2]) << 8 + Int(b[i + 3])
        }
        throw XCTSkip("no frame header")
    }

    func testTheFileBehindAScaledDecodeIsBoundedToo() throws {
        // 20000x20000 (400 MP) at 1/8 is 2500x2500 (6.25 MP), under a 10 MP limit; but the file
        // is over 16 x 10 MP: refused from its header, before any work.
        let huge = try resized(Self.jpeg, width: 20_000, height: 20_000)
        let start = Date()
        XCTAssertThrowsError(try ImageDecoder.decode(huge, options: box.decodeOptions(maxPixels: 10_000_000))) { error in
            XCTAssertEqual(error as? ImageError, .imageTooLarge(width: 20_000, height: 20_000, limit: 160_000_000))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testAProgressiveJPEGsWholeImageBuffersAreBounded() throws {
        // 4000x4000 (16 MP) at 1/4 is 1000x1000 (1/8 would not cover twice the box), 1 MP, and the file is within 16 x 1 MP;
        // but a progressive file keeps all its DCT coefficients (about 48 MB here) over the
        // 16 MB libjpeg may hold: refused before they are allocated.
        let progressive = try resized(try TestImages.bytes("jpeg/testorig-progressive.jpg"), width: 4000, height: 4000)
        XCTAssertThrowsError(try ImageDecoder.decode(progressive, options: box.decodeOptions(maxPixels: 1_000_000))) { error in
            guard case .limitExceeded(.jpeg, let reason) = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("decoder memory"), reason)
        }
        // A sequential file of the same size needs no such buffers: decoded (damaged: its data
        // is the small picture's) at 1/4.
        let sequential = try resized(try TestImages.bytes("jpeg/testorig.jpg"), width: 4000, height: 4000)
        XCTAssertThrowsError(try ImageDecoder.decode(sequential, options: box.decodeOptions(maxPixels: 1_000_000))) { error in
            guard case .damaged(.jpeg, _, let partial) = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(partial.width, 1000)
        }
    }
}
