import Foundation
@testable import HTTPTransport
import TestSupport
import XCTest

final class TransportBasicsTests: XCTestCase {
    func testGetSendsHeadersAndReadsResponse() async throws {
        let server = try LoopbackHTTPServer { request in
            .respond(status: 200, headers: ["X-Echo": request.headers["x-probe"] ?? "-", "ETag": "abc123"],
                     body: Data("hello \(request.path)".utf8))
        }
        let transport = try HTTPTransport()
        let response = try await transport.send(HTTPRequest(url: server.url("/greet?x=1"), headers: [("X-Probe", "42")]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "hello /greet")
        XCTAssertEqual(response.headers["x-echo"], "42")
        XCTAssertEqual(response.headers["ETAG"], "abc123")
        XCTAssertEqual(server.requests.first?.target, "/greet?x=1")
        XCTAssertEqual(response.metrics.connectionsOpened, 1)
        XCTAssertEqual(transport.statistics.succeeded, 1)
    }

    func testGzipIsRequestedAndDecoded() async throws {
        let server = try LoopbackHTTPServer { request in
            guard request.headers["accept-encoding"]?.contains("gzip") == true else {
                return .respond(status: 406)
            }
            return .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzippedSample)
        }
        let transport = try HTTPTransport()
        let response = try await transport.send(HTTPRequest(url: server.url("/big.txt")))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body.count, 93_000)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), gzippedSampleDecoded)
        print("gzip: \(response.metrics.wireBodyBytes) wire body bytes -> \(response.body.count) decoded")
    }

    func testNotModifiedPassesThrough() async throws {
        let server = try LoopbackHTTPServer { request in
            request.headers["if-none-match"] == "tag-1"
                ? .respond(status: 304, headers: ["ETag": "tag-1"])
                : .respond(status: 200, headers: ["ETag": "tag-1"], body: Data("v1".utf8))
        }
        let transport = try HTTPTransport()
        let first = try await transport.send(HTTPRequest(url: server.url("/x")))
        XCTAssertEqual(first.status, 200)
        let second = try await transport.send(HTTPRequest(url: server.url("/x"),
                                                          headers: [("If-None-Match", first.headers["etag"]!)]))
        XCTAssertEqual(second.status, 304)
        XCTAssertTrue(second.body.isEmpty)
        XCTAssertTrue(second.metrics.reusedConnection, "keep-alive connection reused")
    }

    func testRedirectsFollowedOnlyToHTTPAndAtMostFive() async throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/start": return .respond(status: 302, headers: ["Location": "/end"])
            case "/end": return .respond(status: 200, body: Data("end".utf8))
            case "/ftp": return .respond(status: 302, headers: ["Location": "ftp://127.0.0.1/file"])
            default:
                let hop = Int(request.path.dropFirst(4)) ?? 0   // /hop0, /hop1, ...
                return .respond(status: 302, headers: ["Location": "/hop\(hop + 1)"])
            }
        }
        let transport = try HTTPTransport()
        let response = try await transport.send(HTTPRequest(url: server.url("/start")))
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "end")
        XCTAssertEqual(response.metrics.redirects, 1)
        XCTAssertEqual(response.url.path, "/end")
        let loop = await expectError { try await transport.send(HTTPRequest(url: server.url("/hop0"))) }
        XCTAssertEqual(loop as? HTTPTransportError, .tooManyRedirects(limit: 5))
        let ftp = await expectError { try await transport.send(HTTPRequest(url: server.url("/ftp"))) }
        XCTAssertEqual(ftp as? HTTPTransportError, .unsupportedRedirect(host: "127.0.0.1"))
    }

    func testRefusedAndInvalidURLs() async throws {
        let transport = try HTTPTransport()
        let closedPort: Int = try {
            let server = try LoopbackHTTPServer { _ in .drop }
            defer { server.stop() }
            return server.port
        }()
        let refused = await expectError {
            try await transport.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(closedPort)/")!))
        }
        guard case .cannotConnect(let host, let detail)? = refused as? HTTPTransportError else {
            return XCTFail("expected cannotConnect, got \(String(describing: refused))")
        }
        XCTAssertEqual(host, "127.0.0.1")
        // Our sentence, without curl's nested in it ("cannot connect to 127.0.0.1: Failed to
        // connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server").
        XCTAssertEqual(detail, "nothing answered on port \(closedPort)")
        XCTAssertEqual(CurlTransfer.connectFailure("Failed to connect to ::1 port 8 after 3 ms: Connection refused"), "connection refused on port 8")
        XCTAssertEqual(CurlTransfer.connectFailure("something else"), "something else")
        XCTAssertTrue((refused as? HTTPTransportError).map(RetryPolicy.isRetryable) == true)
        let ftp = await expectError { try await transport.send(HTTPRequest(url: URL(string: "ftp://127.0.0.1/x")!)) }
        guard case .invalidURL? = ftp as? HTTPTransportError else { return XCTFail("\(String(describing: ftp))") }
    }

    func testDroppedConnectionIsConnectionLost() async throws {
        let server = try LoopbackHTTPServer { _ in .drop }
        let transport = try HTTPTransport()
        let error = await expectError { try await transport.send(HTTPRequest(url: server.url("/"))) }
        guard case .connectionLost? = error as? HTTPTransportError else {
            return XCTFail("expected connectionLost, got \(String(describing: error))")
        }
    }
}
