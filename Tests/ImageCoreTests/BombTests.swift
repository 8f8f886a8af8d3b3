import Foundation
import ImageCore
import TestSupport
import XCTest

/// Hostile pictures end with a typed error (or a picture) quickly and in bounded memory. The
/// bombs are made at test time (TestSupport/Bombs.swift). Time and memory bounds are generous
/// ceilings a loaded 2-core machine meets; the unbounded decoders took 20-30 s and 3 GB.
final class BombTests: XCTestCase {
    // What a decode may ADD to the process (PeakMemory.measure): the bombs add under 1 MB here.
    static let ceilingBytes = 100 << 20

    func testGIFFrameFarLargerThanItsCanvasIsRefusedFromTheHeader() throws {
        let bomb = Bombs.gifFrameBomb()
        XCTAssertLessThan(bomb.count, 4 << 20, "the bomb is a few MB")
        let start = Date()
        let (result, growth) = PeakMemory.measure { Result { try ImageDecoder.decode(bomb) } }
        let seconds = Date().timeIntervalSince(start)
        guard case .failure(let error as ImageError) = result, case .limitExceeded(.gif, let reason) = error else {
            return XCTFail("expected limitExceeded, got \(result)")
        }
        XCTAssertTrue(reason.contains("65535x65535"), reason)
        XCTAssertLessThan(seconds, 2)
        if let growth { XCTAssertLessThan(growth, Self.ceilingBytes) }
    }

    func testGIFFrameWithinTheLimitButTallerThanTheCanvasStopsAtTheCanvas() throws {
        // 2000x2000 = 4 M pixels is allowed; the 100x100 canvas shows only its first rows.
        let gif = Bombs.gifFrameBomb(canvas: 100, frame: 2000, cycles: 1)
        let image = try ImageDecoder.decode(gif)
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(Array(image.pixels.prefix(3)), [255, 0, 0], "index 0 of the colour table")
    }

    func testPNGTextChunkBombIsReadWithoutInflatingTheText() throws {
        let bomb = Bombs.pngTextBomb()
        let start = Date()
        let (result, growth) = PeakMemory.measure { Result { try ImageDecoder.decode(bomb) } }
        let seconds = Date().timeIntervalSince(start)
        let image = try result.get()
        XCTAssertEqual(image.width, 1)
        XCTAssertEqual(image.pixels, [255, 0, 0])
        XCTAssertLessThan(seconds, 2)
        if let growth { XCTAssertLessThan(growth, Self.ceilingBytes, "200 zTXt chunks of 15 MB each were inflated") }
    }

    func testTheZTXtBombReallyInflates() throws {
        // The generator's deflate stream is valid: a PNG reader that keeps text would inflate it
        // (checked on a small one with the same builder through the header's CRCs and a decode).
        let small = Bombs.pngTextBomb(chunks: 2, inflatedBytes: 100_000)
        XCTAssertEqual(try ImageDecoder.decode(small).pixels, [255, 0, 0])
    }

    func testProgressiveJPEGWithThousandsOfScansIsRefused() throws {
        let progressive = try TestImages.bytes("jpeg/testorig-progressive.jpg")
        let bomb = try XCTUnwrap(Bombs.jpegScanBomb(from: progressive))
        let start = Date()
        XCTAssertThrowsError(try ImageDecoder.decode(bomb)) { error in
            guard case .corrupt(.jpeg, let reason) = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("too many progressive scans"), reason)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        // The unchanged file has ~10 scans and decodes.
        XCTAssertNoThrow(try ImageDecoder.decode(progressive))
    }

    func testTruncatedJPEGEndingInEOIIsDamagedButShown() throws {
        let original = try TestImages.bytes("jpeg/testorig.jpg")
        let good = try ImageDecoder.decode(original)
        do {
            _ = try ImageDecoder.decode(Bombs.truncatedJPEG(original))
            XCTFail("a truncated JPEG decoded as good")
        } catch ImageError.damaged(.jpeg, let reason, let partial) {
            XCTAssertFalse(reason.isEmpty)
            XCTAssertEqual(partial.width, good.width)
            XCTAssertEqual(partial.height, good.height)
            // The top rows arrived whole.
            XCTAssertEqual(Array(partial.pixels.prefix(good.width * 3 * 8)), Array(good.pixels.prefix(good.width * 3 * 8)))
        }
    }

    func testRaisedCancellationStopsADecode() throws {
        let cancel = DecodeCancellation()
        cancel.cancel()
        var options = DecodeOptions()
        options.cancellation = cancel
        for file in ["jpeg/testorig.jpg", "jpeg/testorig-progressive.jpg", "pngsuite/basn6a16.png"] {
            XCTAssertThrowsError(try ImageDecoder.decode(try TestImages.bytes(file), options: options), file) {
                XCTAssertEqual($0 as? ImageError, .cancelled, file)
            }
        }
        XCTAssertThrowsError(try ImageDecoder.decode(Bombs.gifFrameBomb(canvas: 100, frame: 2000, cycles: 1),
                                                     options: options)) {
            XCTAssertEqual($0 as? ImageError, .cancelled)
        }
        XCTAssertNoThrow(try ImageDecoder.decode(try TestImages.bytes("jpeg/testorig.jpg")), "no flag, no cancel")
    }
}
