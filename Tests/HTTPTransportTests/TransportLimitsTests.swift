import Foundation
import HTTPTransport
import TestSupport
import XCTest

final class TransportLimitsTests: XCTestCase {
    func testServerThatNeverAnswersHitsTheStallTimeout() async throws {
        let server = try LoopbackHTTPServer { _ in .neverAnswer }
        let transport = try HTTPTransport()
        let timeouts = HTTPTimeouts(connect: .seconds(1), stallBytesPerSecond: 1024,
                                    stallWindow: .seconds(1), total: .seconds(10))
        let start = ContinuousClock.now
        let error = await expectError { try await transport.send(HTTPRequest(url: server.url("/"), timeouts: timeouts)) }
        let seconds = elapsed(since: start)
        XCTAssertEqual(error as? HTTPTransportError, .timedOut(.stall, host: "127.0.0.1"))
        XCTAssertGreaterThanOrEqual(seconds, 0.9)
        XCTAssertLessThan(seconds, 5, "a 1 s stall window must not take \(seconds) s")
        print("stall timeout 1.0 s fired after \(String(format: "%.3f", seconds)) s")
    }

    func testTotalTimeoutWhileDataTrickles() async throws {
        // 2 KB every 200 ms stays above the stall limit; only the total limit can stop it.
        let chunks = Array(repeating: Data(repeating: 65, count: 2048), count: 50)
        let server = try LoopbackHTTPServer { _ in
            .stream(status: 200, headers: [:], contentLength: 2048 * 50, chunks: chunks, delay: .milliseconds(200))
        }
        let transport = try HTTPTransport()
        let timeouts = HTTPTimeouts(connect: .seconds(1), stallBytesPerSecond: 1024,
                                    stallWindow: .seconds(5), total: .milliseconds(1500))
        let start = ContinuousClock.now
        let error = await expectError { try await transport.send(HTTPRequest(url: server.url("/"), timeouts: timeouts)) }
        let seconds = elapsed(since: start)
        XCTAssertEqual(error as? HTTPTransportError, .timedOut(.total, host: "127.0.0.1"))
        XCTAssertGreaterThanOrEqual(seconds, 1.4)
        XCTAssertLessThan(seconds, 5)
        print("total timeout 1.5 s fired after \(String(format: "%.3f", seconds)) s")
    }

    func testTimeoutCountsFromTransferStartNotFromQueueing() async throws {
        // One connection per host: the second request waits ~1.2 s behind the first, which must
        // not count against its own 1 s total limit.
        let server = try LoopbackHTTPServer { request in
            request.path == "/slow"
                ? .stream(status: 200, headers: [:], contentLength: 4, chunks: [Data("slow".utf8)], delay: .milliseconds(1200))
                : .respond(status: 200, body: Data("fast".utf8))
        }
        let transport = try HTTPTransport(configuration: .init(maxConnectionsPerHost: 1))
        async let slow = transport.send(HTTPRequest(url: server.url("/slow")))
        // The slow one holds the connection (the server has it), so the fast one queues.
        await eventually(.seconds(30)) { server.requests.contains { $0.path == "/slow" } }
        let fast = try await transport.send(HTTPRequest(
            url: server.url("/fast"), timeouts: HTTPTimeouts(total: .seconds(1))))
        XCTAssertEqual(String(decoding: fast.body, as: UTF8.self), "fast")
        let slowStatus = try await slow.status
        XCTAssertEqual(slowStatus, 200)
    }

    func testResponseSizeCapWithAndWithoutContentLength() async throws {
        let megabyte = Data(repeating: 66, count: 1 << 20)
        let server = try LoopbackHTTPServer { request in
            request.path == "/declared"
                ? .respond(status: 200, body: megabyte + megabyte)
                : .stream(status: 200, headers: [:], contentLength: nil, chunks: [megabyte, megabyte], delay: .zero)
        }
        let transport = try HTTPTransport()
        for path in ["/declared", "/undeclared"] {
            let error = await expectError {
                try await transport.send(HTTPRequest(url: server.url(path), maxResponseBytes: 1 << 20))
            }
            XCTAssertEqual(error as? HTTPTransportError, .responseTooLarge(limit: 1 << 20), path)
        }
        let fits = try await transport.send(HTTPRequest(url: server.url("/declared"), maxResponseBytes: 3 << 20))
        XCTAssertEqual(fits.body.count, 2 << 20)
    }

    func testCancelMidBodyAbortsPromptlyAndReleasesTheHandle() async throws {
        let server = try LoopbackHTTPServer { _ in .stall(contentLength: 1 << 20, prefix: Data(repeating: 1, count: 16_384)) }
        let transport = try HTTPTransport()
        let received = Locked(0)
        let task = Task {
            try await transport.send(HTTPRequest(url: server.url("/image.jpg"), onProgress: { bytes, _ in
                received.withLock { $0 = bytes }
            }))
        }
        let gotBytes = await waitUntil(.seconds(3)) { received.get > 0 }
        XCTAssertTrue(gotBytes, "the first body bytes should arrive")
        XCTAssertEqual(transport.statistics.active, 1)
        let start = ContinuousClock.now
        task.cancel()
        let error = await expectError { try await task.value }
        let seconds = elapsed(since: start)
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertLessThan(seconds, 1)
        XCTAssertEqual(transport.statistics.active, 0, "handle removed before send returned")
        XCTAssertEqual(transport.statistics.cancelled, 1)
        let closed = await waitUntil(.seconds(3)) { server.openConnections == 0 }
        XCTAssertTrue(closed, "the aborted transfer's connection is closed, not left half-read")
        print("cancel mid-body returned after \(String(format: "%.1f", seconds * 1000)) ms")
    }

    func testCancelWhileWaitingForASlot() async throws {
        let server = try LoopbackHTTPServer { _ in .neverAnswer }
        let transport = try HTTPTransport(configuration: .init(maxConcurrentTransfers: 1))
        let first = Task { try await transport.send(HTTPRequest(url: server.url("/1"))) }
        // Start the second only once the first holds the slot: two Tasks started together
        // may reach the transport in either order.
        let firstActive = await waitUntil(.seconds(3)) { transport.statistics.active == 1 }
        XCTAssertTrue(firstActive)
        // The server's own record of the first (a loaded machine's server saw it only after
        // the end of the test, and the check below read an empty list).
        let firstArrived = await waitUntil(.seconds(10)) { server.requests.map(\.path) == ["/1"] }
        XCTAssertTrue(firstArrived)
        let second = Task { try await transport.send(HTTPRequest(url: server.url("/2"))) }
        let queued = await waitUntil(.seconds(3)) { transport.statistics.waiting == 1 && transport.statistics.active == 1 }
        XCTAssertTrue(queued)
        second.cancel()
        let error = await expectError { try await second.value }
        XCTAssertTrue(error is CancellationError)
        XCTAssertEqual(transport.statistics.waiting, 0)
        first.cancel()
        _ = await expectError { try await first.value }
        XCTAssertEqual(server.requests.map(\.path), ["/1"], "the cancelled queued request was never sent")
    }

    func testCancelledBeforeSendingThrowsAtOnce() async throws {
        let transport = try HTTPTransport()
        let task = Task {
            try await Task.sleep(for: .milliseconds(50))
            return try await transport.send(HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!))
        }
        task.cancel()
        let error = await expectError { try await task.value }
        XCTAssertTrue(error is CancellationError)
    }
}
