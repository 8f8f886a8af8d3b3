import CatalogServer
import ComicVineSource
import Foundation
import HTTPTransport
import LiveSourceKit
import TestSupport
import XCTest

/// Comic Vine failing behind `serve`: an answer within 7 s whatever it does (a 504 with
/// Retry-After while the fetch goes on and is kept); a refused key stops the source, with no
/// further request, what was stored still served, and the reason on `/health` and the status line.
final class ComicVineFailureTests: ComicVineLoopbackTestCase {
    /// A Comic Vine that takes 9 s: the client has the contract's 504 within 7 s, and the fetch
    /// goes on: once Comic Vine has answered, the same request is a 200 from one request.
    func testServeAnswersWithinSevenSecondsAndKeepsWhatComesLater() async throws {
        let cv = try ComicVineTestServer(latency: .seconds(9))
        let server = try await serve(client(cv, longestWait: 5))
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let (status, body, first) = try await get(server, "/v1/public/characters?limit=3")
        let took = ContinuousClock.now - started
        print("9 s Comic Vine: \(status) in \(took): \(String(decoding: first.body, as: UTF8.self))")
        XCTAssertLessThan(took, .milliseconds(7_500))
        XCTAssertEqual(status, 504)
        XCTAssertEqual(first.headers["retry-after"], String(AnswerDeadline.retryAfter))
        XCTAssertEqual(body["code"] as? String, "GatewayTimeout")
        XCTAssertTrue((body["message"] as? String ?? "").contains("Comic Vine has not answered within 7 s"), "\(body)")
        var later = (status, body)
        for _ in 0..<40 where later.0 != 200 {
            try await Task.sleep(for: .milliseconds(250))
            let (again, object, _) = try await get(server, "/v1/public/characters?limit=3")
            later = (again, object)
        }
        XCTAssertEqual(later.0, 200, "the fetch went on and was kept")
        XCTAssertEqual(results(later.1).count, 3)
        XCTAssertEqual(cv.apiHits, 1, "one request to Comic Vine for both answers")
    }

    /// A refused key: said with the variable to set, then no further request (each would be
    /// refused); what an earlier run stored is still served; `/health` and the status line say why.
    /// 408 and 5xx are worth another attempt by the one rule (`RetryPolicy.isRetryable`).
    func testA408AndA503AreTriedAgain() async throws {
        for status in [408, 503] {
            let cv = try ComicVineTestServer()
            cv.force(status: status, count: 1)
            let envelope = try await client(cv).get("/characters/", ["limit": "1", "offset": "\(status)"])  // a request of its own each time (not the stored one)
            XCTAssertEqual(envelope.statusCode, 1, "\(status)")
            XCTAssertEqual(cv.apiHits, 2, "\(status): asked again once")
        }
    }

    func testARefusedKeyStopsTheSourceAndKeepsWhatWasStored() async throws {
        let cv = try ComicVineTestServer()
        let good = try await serve(client(cv, longestWait: 5))
        let (stored, _, _) = try await get(good, "/v1/public/characters?limit=5")
        XCTAssertEqual(stored, 200)
        await good.stop()
        let hitsBefore = cv.apiHits

        let key = "wrong-key-SECRET-42"
        let refusedClient = client(cv, key: key, longestWait: 5)
        let serving = ComicVineServing(client: refusedClient)
        let server = try await CatalogServer.start(CatalogServerOptions(source: .live(serving)))
        defer { Task { await server.stop() } }
        for target in ["/v1/public/comics", "/v1/public/series?limit=3", "/v1/public/characters/1000"] {
            let (status, _, response) = try await get(server, target)
            let text = String(decoding: response.body, as: UTF8.self)
            XCTAssertEqual(status, 401, "\(target): \(text)")
            XCTAssertTrue(text.contains(ComicVineError.keyVariable), text)
            XCTAssertFalse(text.contains(key))
        }
        XCTAssertEqual(cv.apiHits - hitsBefore, 1, "no request after the first refusal")
        XCTAssertTrue(refusedClient.keyRefused)

        let (kept, envelope, _) = try await get(server, "/v1/public/characters?limit=5")
        XCTAssertEqual(kept, 200, "what was stored stays browsable")
        XCTAssertEqual(results(envelope).count, 5)
        XCTAssertEqual(cv.apiHits - hitsBefore, 1)

        XCTAssertEqual(serving.statusText, ComicVineError.unauthorized.description)
        let (health, _, healthResponse) = try await get(server, "/health")
        let healthText = String(decoding: healthResponse.body, as: UTF8.self)
        XCTAssertEqual(health, 503, healthText)
        XCTAssertTrue(healthText.contains(ComicVineError.keyVariable), healthText)
        XCTAssertFalse(healthText.contains(key))
    }
}
