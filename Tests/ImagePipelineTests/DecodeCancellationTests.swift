import Foundation
import HTTPTransport
import ImageCore
@testable import ImagePipeline
import XCTest
import TestSupport

/// Decodes run on the pipeline's own threads, and a decode whose last requester leaves is
/// stopped through its cancellation flag (a bomb must not keep a worker after its tile left).
final class DecodeCancellationTests: XCTestCase {
    /// Spins like a costly decode until its flag is raised (or 10 s pass), and records where it ran.
    final class SlowDecoder: ImageDecoding, @unchecked Sendable {
        let started = Locked(false)
        let threadNames = Locked([String]())
        let stoppedByFlag = Locked(false)
        func decode(_ data: [UInt8]) throws -> PixelImage { try decode(data, cancellation: nil) }
        func decode(_ data: [UInt8], cancellation: DecodeCancellation?) throws -> PixelImage {
            threadNames.withLock { $0.append(WorkerThreads.currentWorkerName ?? "not a worker thread") }
            started.withLock { $0 = true }
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if cancellation?.isCancelled == true {
                    stoppedByFlag.withLock { $0 = true }
                    throw ImagePipelineError.cancelled
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return RGBImage(width: 1, height: 1, pixels: [0, 0, 0])
        }
    }

    func testCancellingTheOnlyRequesterStopsItsDecodeOnAWorkerThread() async throws {
        let decoder = SlowDecoder()
        let config = ImagePipeline.Configuration(dataLoader: FakeLoader(), dataCache: nil,
                                                 decoder: decoder, renderer: FakeRenderer())
        let pipeline = ImagePipeline(configuration: config)
        let task = pipeline.loadImage(req("http://h/bomb.gif"), priority: .high) { _ in }
        await eventually { decoder.started.get }
        task.cancel()
        await eventually(.seconds(5)) { decoder.stoppedByFlag.get }
        await eventually { pipeline.activity.cpu == 0 && pipeline.activity.fetchJobs == 0 }
        XCTAssertTrue(decoder.threadNames.get.allSatisfy { $0.hasPrefix("image-worker") }, "\(decoder.threadNames.get)")
        XCTAssertEqual(pipeline.metrics.failures, 0, "a cancelled decode is not a failure")
        XCTAssertEqual(pipeline.metrics.negativeCacheHits, 0)
        // The URL is not negative-cached: asking again decodes again.
        let again = pipeline.loadImage(req("http://h/bomb.gif"), priority: .high) { _ in }
        await eventually { decoder.threadNames.get.count == 2 }
        again.cancel()
    }
}
