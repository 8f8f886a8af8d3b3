import Foundation
import ImageCore
import TerminalUI
import TestSupport
import XCTest

/// glibc's `malloc_trim`: free heap pages go back first, so a peak counts what the work touches.
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32

/// Issue 23: `render` in a pixel mode streams a JPEG from its file (libjpeg's stdio source on the
/// open descriptor) instead of reading it whole first, so a 4000x6000 photo drawn at 24x18 cells
/// costs its DCT-scaled picture, not its 10+ MB of compressed bytes on top.
final class StreamedJPEGTests: XCTestCase {
    /// 24x18 cells of 10x20 px: a 240x360 box.
    let box = PixelBox(cols: 24, rows: 18, cellWidth: 10, cellHeight: 20)

    private func file(_ bytes: [UInt8]) throws -> (fd: Int32, url: URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(getpid())-\(UUID().uuidString.prefix(8)).jpg")
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        addTeardownBlock { close(fd); try? FileManager.default.removeItem(at: url) }
        return (fd, url)
    }

    /// A 2000x3000 photo-like JPEG with fine noise (q95): several MB, as camera files are.
    static let noisy: [UInt8] = {
        let w = 2000, h = 3000
        var px = [UInt8](repeating: 0, count: w * h * 3)
        var seed: UInt32 = 12345
        for i in stride(from: 0, to: px.count, by: 3) {
            seed = seed &* 1664525 &+ 1013904223
            let n = Int(seed >> 26)
            let x = (i / 3) % w, y = (i / 3) / w
            px[i] = UInt8(truncatingIfNeeded: x * 255 / w + n)
            px[i + 1] = UInt8(truncatingIfNeeded: y * 255 / h + n)
            px[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + n)
        }
        return try! ImageEncoder.jpeg(RGBImage(width: w, height: h, pixels: px), quality: 95)
    }()

    func testAStreamedDecodeGivesTheSamePixelsAsAWholeOne() throws {
        let bytes = DrawnSizeDecodeTests.big
        let (fd, _) = try file(bytes)
        let streamed = try ImageDecoder.decodeJPEG(fileDescriptor: fd, options: box.decodeOptions())
        let whole = try ImageDecoder.decode(bytes, options: box.decodeOptions())
        XCTAssertEqual(streamed.width, 500, "DCT-scaled as a whole decode is")
        XCTAssertEqual(streamed.width, whole.width)
        XCTAssertEqual(streamed.height, whole.height)
        XCTAssertTrue(streamed.pixels == whole.pixels)
        // Twice from the same descriptor: each decode reads the file from its start.
        let again = try box.decodeJPEG(fileDescriptor: fd)
        XCTAssertEqual(again.width, 240)
        XCTAssertTrue(again.pixels == box.fit(whole).pixels)
    }

    func testTheEXIFOrientationIsAppliedToAStreamedDecode() throws {
        let bytes = try TestImages.bytes("generated/exif_orientation6.jpg")
        let (fd, _) = try file(bytes)
        let streamed = try ImageDecoder.decodeJPEG(fileDescriptor: fd)
        let whole = try ImageDecoder.decode(bytes)
        XCTAssertEqual(streamed.width, whole.width)
        XCTAssertEqual(streamed.height, whole.height)
        XCTAssertTrue(streamed.pixels == whole.pixels)
    }

    func testBadFilesGetTheSameErrorsStreamed() throws {
        let (empty, _) = try file([])
        XCTAssertThrowsError(try ImageDecoder.decodeJPEG(fileDescriptor: empty)) { XCTAssertEqual($0 as? ImageError, .empty) }
        let (png, _) = try file(try ImageEncoder.png(RGBImage(width: 4, height: 4, fill: ImageCore.RGB(1, 2, 3))))
        XCTAssertThrowsError(try ImageDecoder.decodeJPEG(fileDescriptor: png)) { XCTAssertEqual($0 as? ImageError, .unknownFormat) }
        // Cut in the middle of its entropy-coded data: shown as far as it decodes, and said so.
        let big = DrawnSizeDecodeTests.big
        let (cut, _) = try file(Array(big.prefix(big.count / 2)))
        XCTAssertThrowsError(try ImageDecoder.decodeJPEG(fileDescriptor: cut, options: box.decodeOptions())) { error in
            guard case .damaged(.jpeg, _, let partial)? = error as? ImageError else { return XCTFail("\(error)") }
            XCTAssertEqual(partial.width, 500)
        }
        // Only the header: corrupt, no crash.
        let (header, _) = try file(Array(big.prefix(600)))
        XCTAssertThrowsError(try ImageDecoder.decodeJPEG(fileDescriptor: header))
    }

    /// The compressed bytes are never resident at once: the streamed decode's peak growth stays
    /// under the file's size, where reading the file first costs at least the file.
    func testAStreamedDecodeNeverHoldsTheFile() throws {
        let bytes = Self.noisy
        XCTAssertGreaterThan(bytes.count, 4 << 20, "a file of camera size")
        let (fd, url) = try file(bytes)
        _ = mallocTrim(0)
        let (streamed, growth) = PeakMemory.measure { try? box.decodeJPEG(fileDescriptor: fd) }
        XCTAssertEqual(streamed?.width, 240)
        _ = mallocTrim(0)
        let (_, readFirst) = PeakMemory.measure { try? box.decode([UInt8](Data(contentsOf: url))) }
        guard let growth, let readFirst else { throw XCTSkip("/proc/self/clear_refs is not writable here") }
        print("StreamedJPEGTests: \(bytes.count / 1024) KB file drawn at 240x360: peak growth \(growth / 1024) KB streamed, "
              + "\(readFirst / 1024) KB read whole first")
        guard readFirst >= bytes.count else { throw XCTSkip("the whole read did not show in VmHWM here") }
        // The 1/4 decode is 1.1 MB of RGB plus libjpeg's buffers; the file is over 4 MB.
        XCTAssertLessThan(growth, bytes.count / 2)
    }
}
