import Foundation
import ImageCore
import Synchronization
import TestSupport
import XCTest

/// Seeded corruption: every mutated file either decodes or fails with a typed ImageError, and
/// the C libraries print nothing on stderr.
final class FuzzTests: XCTestCase {
    func testTwoThousandSeededTruncationsAndBitFlips() throws {
        let sources = try [
            "jpeg/testorig.jpg", "jpeg/testorig-progressive.jpg", "generated/cmyk_adobe.jpg",
            "generated/exif_orientation6.jpg", "pngsuite/basn3p08.png", "pngsuite/basn6a16.png",
            "pngsuite/ibasn2c08.png", "pngsuite/ftbbn3p08.png", "generated/two_frames.gif",
        ].map { try TestImages.bytes($0) }
        var rng = SplitMix64(state: 20_261_122)
        var decoded = 0, failed = 0
        let stderrText = try captureStderr {
            for i in 0..<2000 {
                var bytes = sources[i % sources.count]
                let kind = rng.next() % 3
                if kind != 1 {  // truncate
                    bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
                }
                if kind != 0, !bytes.isEmpty {  // flip 1-8 bits
                    for _ in 0..<(1 + Int(rng.next() % 8)) {
                        let at = Int(rng.next() % UInt64(bytes.count))
                        bytes[at] ^= UInt8(1) << UInt8(rng.next() % 8)
                    }
                }
                do {
                    let image = try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 4_000_000))
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 3)
                    decoded += 1
                } catch let error as ImageError {
                    failed += 1
                    XCTAssertFalse(error.description.isEmpty)
                } catch {
                    XCTFail("untyped error \(error)")
                }
            }
        }
        XCTAssertEqual(decoded + failed, 2000)
        XCTAssertGreaterThan(failed, 100, "corruption should make many inputs fail")
        XCTAssertGreaterThan(decoded, 100, "bit flips in pixel data should often still decode")
        XCTAssertEqual(stderrText, "", "a codec library wrote to stderr")
    }

    /// The bombs (small editions) as seeds: truncations, bit flips and byte runs over them end
    /// in a picture or a typed error, never a crash, a hang or text on stderr. Each decode runs
    /// under the gallery's limits; the whole run is bounded by the seeds' sizes.
    func testSeededMutationsOfTheBombs() throws {
        let jpeg = try TestImages.bytes("jpeg/testorig.jpg")
        let progressive = try TestImages.bytes("jpeg/testorig-progressive.jpg")
        let seeds: [[UInt8]] = [
            Bombs.gifFrameBomb(canvas: 100, frame: 65_535, cycles: 2),
            Bombs.gifFrameBomb(canvas: 64, frame: 1_500, cycles: 1),
            Bombs.pngTextBomb(chunks: 3, inflatedBytes: 1 << 20),
            try XCTUnwrap(Bombs.jpegScanBomb(from: progressive, scans: 150)),
            Bombs.truncatedJPEG(jpeg),
        ]
        var rng = SplitMix64(state: 17_2026)
        var outcomes = [String: Int]()
        let stderrText = try captureStderr {
            for i in 0..<600 {
                let bytes = rng.mutation(of: seeds[i % seeds.count])
                do {
                    let image = try ImageDecoder.decode(bytes, options: DecodeOptions(maxPixels: 16_000_000))
                    XCTAssertEqual(image.pixels.count, image.width * image.height * 3)
                    outcomes["decoded", default: 0] += 1
                } catch let error as ImageError {
                    XCTAssertFalse(error.description.isEmpty)
                    let kind: String
                    switch error {
                    case .limitExceeded: kind = "limitExceeded"
                    case .damaged: kind = "damaged"
                    case .imageTooLarge: kind = "imageTooLarge"
                    default: kind = "other"
                    }
                    outcomes[kind, default: 0] += 1
                } catch {
                    XCTFail("untyped error \(error)")
                }
            }
        }
        XCTAssertEqual(outcomes.values.reduce(0, +), 600)
        XCTAssertGreaterThan(outcomes["decoded", default: 0], 0, "\(outcomes)")
        XCTAssertGreaterThan(outcomes["limitExceeded", default: 0], 0, "\(outcomes)")
        XCTAssertEqual(stderrText, "", "a codec library wrote to stderr")
    }

    /// The codecs keep no shared state: parallel decodes give the serial results.
    func testConcurrentDecodesMatchSerialOnes() throws {
        let files = ["jpeg/testorig.jpg", "pngsuite/basn6a16.png", "generated/two_frames.gif",
                     "thumbs/logo_standard_xlarge.jpg"]
        let inputs = try files.map { try TestImages.bytes($0) }
        let expected = try inputs.map { try ImageDecoder.decode($0) }
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let got = try? ImageDecoder.decode(inputs[i % inputs.count])
            if got != expected[i % inputs.count] { failures.increment() }
        }
        XCTAssertEqual(failures.value, 0)
    }

    final class LockedCounter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Runs `body` with file descriptor 2 redirected to a temporary file; returns what was written.
    func captureStderr(_ body: () throws -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mg-stderr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let saved = dup(2)
        dup2(fd, 2)
        defer {
            dup2(saved, 2)
            close(saved)
            close(fd)
            try? FileManager.default.removeItem(atPath: path)
        }
        try body()
        fsync(2)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
