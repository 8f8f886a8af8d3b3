import Foundation
import HTTPTransport
import TestSupport
import XCTest

/// Over plain http, transfers to a host whose answers are held (a live source waiting for its
/// budget) each get a connection of their own at once, up to the per-host limit; there,
/// CURLOPT_PIPEWAIT would make them wait for the first connection's answer to learn it is not
/// HTTP/2 (issue 24: the screen paged to reaches the gallery's in-process server 60 s late,
/// after the one request ahead of it is answered). Measured: 1 of 6 in 10 s with PIPEWAIT on
/// plain http, 6 of 6 without.
final class TransportHeldAnswerTests: XCTestCase {
    func testTransfersBehindAHeldAnswerReachTheHostAtOnce() async throws {
        let server = try LoopbackHTTPServer { _ in .neverAnswer }
        defer { server.stop() }
        let transport = try HTTPTransport(configuration: .init(maxConnectionsPerHost: 8))
        defer { transport.shutdown() }
        func start(_ name: String, _ count: Int) -> [Task<HTTPResponse, any Error>] {
            (0..<count).map { i in Task { try await transport.send(HTTPRequest(url: server.url("/\(name)/\(i)"))) } }
        }
        // A screen's six, held by the server, then left behind.
        let first = start("first", 6)
        let firstArrived = await waitUntil(.seconds(10)) { server.requests.count == 6 }
        XCTAssertTrue(firstArrived, "\(server.requests.count) of 6 held requests reached the server")
        // The next screen's six, passed over at once (cancelled while connecting).
        let passed = start("passed", 6)
        for task in first + passed { task.cancel() }
        // The screen landed on: all six must reach the server.
        let landed = start("landed", 6)
        let started = Date()
        let arrived = await waitUntil(.seconds(10)) { server.requests.filter { $0.path.hasPrefix("/landed/") }.count == 6 }
        let seconds = Date().timeIntervalSince(started)
        let landedCount = server.requests.filter { $0.path.hasPrefix("/landed/") }.count
        print("after cancelling 12 transfers to one host, \(landedCount) of 6 new ones reached it in \(String(format: "%.2f", seconds)) s "
              + "(\(server.requests.count) requests seen, \(server.openConnections) connections open at the server)")
        XCTAssertTrue(arrived, "\(landedCount) of 6 reached the server")
        for task in landed { task.cancel() }
    }
}
