import Foundation
import Synchronization
import TerminalIO
import TestSupport
import XCTest

/// A cold start says what it is doing: a slow step shows the notice and erases it after; a fast
/// one writes nothing at all, so a warm start never flickers.
final class PreparingNoticeTests: XCTestCase {
    private final class Output: @unchecked Sendable {
        private let bytes = Mutex<[UInt8]>([])
        func append(_ b: [UInt8]) { bytes.withLock { bytes in bytes += b } }
        var text: String { bytes.withLock { bytes in String(decoding: bytes, as: UTF8.self) } }
    }

    func testASlowStepShowsTheNoticeThenErasesIt() async throws {
        let output = Output()
        let value = try await PreparingNotice.around("Preparing the catalog…", delay: .milliseconds(10),
                                                     write: output.append) {
            // The step lasts until the notice is on screen (bounded), however loaded the machine.
            let deadline = ContinuousClock.now + .seconds(10)
            while !output.text.contains("Preparing"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            return 42
        }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(output.text, "\r\u{1B}[2KPreparing the catalog…\r\u{1B}[2K")
    }

    func testAFastStepWritesNothingEvenAfterTheDelay() async throws {
        let output = Output()
        _ = try await PreparingNotice.around("Preparing the catalog…", delay: .milliseconds(50),
                                             write: output.append) { 1 }
        // A witness asked after it with twice the delay: once the witness's notice is out, the
        // fast step's timer was due long before, so what it would have written is written.
        let witness = Output()
        let shown = try await PreparingNotice.around("witness", delay: .milliseconds(100), write: witness.append) {
            await waitUntil { witness.text.contains("witness") }
        }
        XCTAssertTrue(shown, "the witness's notice never came")
        XCTAssertEqual(output.text, "")
    }

    func testAFailingStepStillErasesTheNotice() async throws {
        struct Boom: Error {}
        let output = Output()
        do {
            _ = try await PreparingNotice.around("Preparing…", delay: .milliseconds(10), write: output.append) { () async throws -> Int in
                let deadline = ContinuousClock.now + .seconds(10)
                while !output.text.contains("Preparing"), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(5))
                }
                throw Boom()
            }
            XCTFail("the step's error must come through")
        } catch is Boom {}
        XCTAssertTrue(output.text.hasSuffix("\r\u{1B}[2K"), output.text.debugDescription)
    }
}
