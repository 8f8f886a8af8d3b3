import Catalog
import CatalogServer
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Slowloris: connections that start a request head and never finish it, sending a header line
/// now and then, are closed by the server's idle timeout, while a normal request is answered.
/// Bounded: 200 connections on loopback, a 1 s timeout, at most 20 s of test.
final class HeaderTimeoutTests: XCTestCase {
    func testSlowHeadersAreClosedWhileRequestsAreAnswered() async throws {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.idleTimeout = .seconds(1)
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }

        let count = 200
        var sockets: [Int32] = []
        for _ in 0..<count {
            let fd = try LoopbackHTTP.socket(port: server.port)
            Self.send(fd, "GET /v1/public/characters HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            sockets.append(fd)
        }
        defer { sockets.forEach { if $0 >= 0 { close($0) } } }
        let start = Date()
        var open = Set(sockets.indices)
        var answered = 0
        var round = 0
        while !open.isEmpty, Date().timeIntervalSince(start) < 20 {
            round += 1
            for i in open {
                // A header line every round (never the blank line that ends the head); a
                // closed connection shows as end-of-file or a failed send.
                if !Self.send(sockets[i], "X-Slow-\(round): 1\r\n") || Self.closedByPeer(sockets[i]) { open.remove(i) }
            }
            // Meanwhile a client that sends a whole request gets its answer.
            let reply = try LoopbackHTTP(port: server.port).get("/v1/public/characters?limit=1")
            if reply.status == 200 { answered += 1 }
            try await Task.sleep(for: .milliseconds(250))
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertTrue(open.isEmpty, "\(open.count) of \(count) slow connections still open after \(elapsed) s")
        XCTAssertEqual(answered, round, "every normal request was answered while the slow ones waited")
        print("header timeout: \(count) slow connections closed within \(String(format: "%.1f", elapsed)) s "
              + "(idle timeout 1 s, a header line every 250 ms); \(answered) normal requests answered meanwhile")
    }

    @discardableResult
    static func send(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// End of file (or a reset) waiting on the socket, without blocking.
    static func closedByPeer(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }
}
