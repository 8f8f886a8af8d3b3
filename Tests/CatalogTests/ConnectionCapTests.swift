import Catalog
@testable import CatalogServer
import Foundation
import HTTPTransport
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `maxConnections`: past it the server accepts no more connections until one closes (the
/// rest wait in the kernel's queue), so a burst cannot take its memory with it. 40 clients
/// against a cap of 10, each sending a whole request on a kept-alive connection: the test
/// closes an answered connection whenever as many as the cap hold answers, and every client is
/// answered in turn.
final class ConnectionCapTests: XCTestCase {
    func testConnectionsPastTheCapWaitTheirTurn() async throws {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.maxConnections = 10
        options.idleTimeout = .seconds(120)
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        // The page kept first: every client below is answered on the event loop (CachedAnswerHandler).
        XCTAssertEqual(try LoopbackHTTP(port: server.port).get("/v1/public/characters?limit=1",
                                                               headers: ["Host": "127.0.0.1"]).status, 200)

        var waiting: [Int32] = []
        for _ in 0..<40 {
            let fd = try LoopbackHTTP.socket(port: server.port)
            XCTAssertTrue(HeaderTimeoutTests.send(fd, "GET /v1/public/characters?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
            waiting.append(fd)
        }
        var answered: [Int32] = []
        var peak = 0, statuses: [String: Int] = [:]
        defer { (waiting + answered).forEach { close($0) } }
        while !waiting.isEmpty {
            var polls = waiting.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            // The signal is an answer; 10 s without one means the queue stalled.
            guard poll(&polls, nfds_t(polls.count), 10_000) > 0 else {
                XCTFail("\(waiting.count) clients never answered, \(answered.count) answered connections open")
                break
            }
            for p in polls where p.revents != 0 {
                var head = [UInt8](repeating: 0, count: 64)
                let n = recv(p.fd, &head, head.count, 0)
                statuses[String(decoding: head.prefix(max(0, min(n, 12))), as: UTF8.self), default: 0] += 1
                waiting.removeAll { $0 == p.fd }
                answered.append(p.fd)
            }
            peak = max(peak, answered.count)
            // As many answered and open as the cap: one closes, which lets the next one in.
            while answered.count >= 10 { close(answered.removeFirst()) }
        }
        // NIO accepts up to 4 connections per read of the listening socket (maxMessagesPerRead):
        // the cap is checked before each read, so it can be passed by at most 3.
        XCTAssertLessThanOrEqual(peak, 13, "answered connections open at once")
        XCTAssertEqual(statuses, ["HTTP/1.1 200": 40])
        XCTAssertEqual(server.answeredOnEventLoop, 40)
        print("connection cap 10: 40 clients answered, at most \(peak) answered connections open at once")
    }
}

/// A drained burst gives its memory back: `serve` stayed at its burst's size (233 MB after
/// 10,000 connections) because glibc keeps freed pages. The trim runs once the last of at
/// least `ConnectionCap.burst` connections closes, not after a few.
final class ConnectionCapTrimTests: XCTestCase {
    func testADrainedBurstIsTrimmedOnce() {
        let trimmed = expectation(description: "trimmed")
        let calls = Locked(0)
        var cap = ConnectionCap(512, trim: { calls.withLock { $0 += 1 }; trimmed.fulfill() })
        for _ in 0..<3 { cap.connectionOpened() }
        for _ in 0..<3 { cap.connectionClosed() }
        for _ in 0..<ConnectionCap.burst { cap.connectionOpened() }
        XCTAssertTrue(cap.isAcceptingNewConnections())
        for _ in 0..<ConnectionCap.burst { cap.connectionClosed() }
        wait(for: [trimmed], timeout: 30)
        XCTAssertEqual(calls.get, 1, "a few connections are not a burst")
        var full = ConnectionCap(2, trim: {})
        full.connectionOpened()
        full.connectionOpened()
        XCTAssertFalse(full.isAcceptingNewConnections())
        full.connectionClosed()
        XCTAssertTrue(full.isAcceptingNewConnections())
    }
}
