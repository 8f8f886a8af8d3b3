import Foundation
import HTTPTransport
import TestSupport
import XCTest

final class TransportConcurrencyTests: XCTestCase {
    func testHundredConcurrentRequestsReuseAFewConnections() async throws {
        let server = try LoopbackHTTPServer { request in
            .respond(status: 200, body: Data("item \(request.path.dropFirst())".utf8))
        }
        let transport = try HTTPTransport(configuration: .init(maxConnectionsPerHost: 8))
        let start = ContinuousClock.now
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<100 {
                group.addTask {
                    let response = try await transport.send(HTTPRequest(url: server.url("/\(index)")))
                    XCTAssertEqual(response.status, 200)
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        let seconds = elapsed(since: start)
        XCTAssertEqual(bodies.count, 100)
        for (index, body) in bodies { XCTAssertEqual(body, "item \(index)") }
        XCTAssertEqual(server.requests.count, 100)
        XCTAssertLessThanOrEqual(server.connectionsAccepted, 8, "connections are pooled and reused")
        XCTAssertEqual(transport.statistics.connectionsOpened, server.connectionsAccepted)
        XCTAssertEqual(transport.statistics.succeeded, 100)
        XCTAssertEqual(transport.statistics.active, 0)
        print("100 concurrent requests: \(String(format: "%.1f", seconds * 1000)) ms over \(server.connectionsAccepted) connections")
    }

    func testTransportShutdownFailsPendingTransfers() async throws {
        let server = try LoopbackHTTPServer { _ in .neverAnswer }
        let transport = try HTTPTransport()
        let task = Task { try await transport.send(HTTPRequest(url: server.url("/"))) }
        _ = await waitUntil(.seconds(3)) { transport.statistics.active == 1 }
        transport.shutdown()
        let error = await expectError { try await task.value }
        XCTAssertEqual(error as? HTTPTransportError, .shutDown)
        _ = await waitUntil(.seconds(3)) { transport.statistics.active == 0 }
        let after = await expectError { try await transport.send(HTTPRequest(url: server.url("/late"))) }
        XCTAssertEqual(after as? HTTPTransportError, .shutDown, "sending after shutdown fails cleanly")
    }
}
