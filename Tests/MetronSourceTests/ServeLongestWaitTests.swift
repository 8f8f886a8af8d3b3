import CatalogServer
import Foundation
import HTTPTransport
import MetronSource
import TestSupport
import XCTest

/// `serve --source metron` with a longest wait: a request the budget (or Metron) would hold
/// longer is answered at once with 429, a Retry-After in whole seconds and the reason; what
/// Metron asks, negative or absurd, comes out bounded.
final class ServeLongestWaitTests: MetronLoopbackTestCase {
    private func serve(_ metron: MetronTestServer, perMinute: Int) async throws -> CatalogServer {
        let client = MetronClient(baseURL: metron.baseURL,
                                  credentials: MetronCredentials(username: metron.username, password: metron.password),
                                  transport: transport,
                                  limiter: MetronRateLimiter(file: budgetFile,
                                                             budget: MetronBudget(perMinute: perMinute, perDay: 5_000)),
                                  retryPolicy: RetryPolicy(maxRetries: 1, sleep: { _ in }),
                                  longestWait: 5)
        return try await CatalogServer.start(CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: []))))
    }

    func testASpentBudgetIsA429WithRetryAfterAtOnce() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let server = try await serve(metron, perMinute: 1)
        let list = try await response(server, "/v1/public/characters?limit=1")
        XCTAssertEqual(list.status, 200)
        let object = try JSONSerialization.jsonObject(with: list.body) as? [String: Any]
        let first = ((object?["data"] as? [String: Any])?["results"] as? [[String: Any]])?.first
        let id = try XCTUnwrap(first?["id"] as? Int)

        let started = ContinuousClock.now
        let detail = try await response(server, "/v1/public/characters/\(id)")
        let took = ContinuousClock.now - started
        XCTAssertEqual(detail.status, 429)
        let retryAfter = try XCTUnwrap(detail.headers["retry-after"].flatMap { Int($0) }, "no Retry-After")
        XCTAssertTrue((55...61).contains(retryAfter), "Retry-After \(retryAfter): the window's 61 s less the time spent")
        let body = String(decoding: detail.body, as: UTF8.self)
        XCTAssertTrue(body.contains("RequestThrottled") && body.contains("Metron's budget of 1 a minute is spent"), body)
        XCTAssertLessThan(took, .seconds(5), "answered at once, not after the wait")
        print("spent budget: 429 in \(took), Retry-After \(retryAfter), \(body)")

        // A picture that needs its character's detail first: the same.
        let picture = try await response(server, "/metron-character-image/\(id)/standard_medium.jpg")
        XCTAssertEqual(picture.status, 429)
        XCTAssertNotNil(picture.headers["retry-after"].flatMap { Int($0) })
        XCTAssertEqual(metron.tooManyRequests, 0)
    }

    func testWhatMetronAsksComesOutBounded() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let server = try await serve(metron, perMinute: 20)
        // Ten years: refused at once, the Retry-After at most 31 days.
        metron.force429(count: 1, retryAfter: 315_360_000)
        let huge = try await response(server, "/v1/public/characters?limit=1")
        XCTAssertEqual(huge.status, 429)
        let hugeAfter = try XCTUnwrap(huge.headers["retry-after"].flatMap { Int($0) })
        XCTAssertEqual(hugeAfter, MetronClient.longestRetryAfter)
        XCTAssertTrue(String(decoding: huge.body, as: UTF8.self).contains("Metron asks to wait"))
    }

    func testANegativeRetryAfterIsNoWait() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let server = try await serve(metron, perMinute: 20)
        metron.force429(count: 1, retryAfter: -30)
        let started = ContinuousClock.now
        let answer = try await response(server, "/v1/public/characters?limit=1")
        XCTAssertEqual(answer.status, 200, "tried again at once: \(String(decoding: answer.body, as: UTF8.self))")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
    }
}
