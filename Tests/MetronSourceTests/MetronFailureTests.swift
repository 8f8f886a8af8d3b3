import CatalogServer
import Foundation
import HTTPTransport
import LiveSourceKit
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// Metron failing: a page gives up after at most 3 attempts and says why within 10 s;
/// `serve` answers within 7 s (a 504 with Retry-After while the fetch goes on and is kept);
/// a 401 stops the source, with no further request spending the budget.
final class MetronFailureTests: MetronLoopbackTestCase {
    private func client(_ base: URL, longestWait: TimeInterval? = nil) -> MetronClient {
        MetronClient(baseURL: base, credentials: MetronCredentials(username: "tester", password: "s3cret-pw"),
                     transport: transport, limiter: MetronRateLimiter(file: budgetFile),
                     cache: ResponseCache(directory: folder.appendingPathComponent("metron")), longestWait: longestWait)
    }

    private let page = Data(#"{"count": 1, "next": null, "previous": null, "results": [{"id": 1, "name": "One", "modified": "2024-01-02T03:04:05-05:00"}]}"#.utf8)

    /// A Metron that takes the connection and never answers: one page costs 10 s at most, in at
    /// most 3 attempts, and the error says so.
    func testAHangingMetronIsGivenUpWithinTenSecondsInThreeAttemptsAtMost() async throws {
        let metron = try LoopbackHTTPServer { _ in .neverAnswer }
        let started = ContinuousClock.now
        do {
            _ = try await client(metron.baseURL).page(MetronSummary.self, "character")
            XCTFail("a page from a Metron that never answers")
        } catch {
            let took = ContinuousClock.now - started
            print("hanging Metron: gave up after \(took): \(error)")
            XCTAssertLessThanOrEqual(took, .seconds(10))
            XCTAssertTrue(error.description.contains("no answer within 10 s"), error.description)
        }
        XCTAssertLessThanOrEqual(metron.requests.count, MetronClient.attempts)
    }

    /// A Metron answering 503 every time: 3 attempts, not 4, and its status said.
    func testAFailingMetronIsAskedThreeTimesAtMost() async throws {
        let metron = try LoopbackHTTPServer { _ in .respond(status: 503, body: Data("down".utf8)) }
        let started = ContinuousClock.now
        do {
            _ = try await client(metron.baseURL).page(MetronSummary.self, "character")
            XCTFail("a page from a Metron answering 503")
        } catch {
            XCTAssertTrue(error.description.contains("503"), error.description)
        }
        XCTAssertLessThanOrEqual(ContinuousClock.now - started, .seconds(10))
        XCTAssertEqual(metron.requests.count, 3)
    }

    /// `serve` over a Metron that takes 9 s: the client has the contract's 504 with Retry-After
    /// within 7 s, and the fetch goes on: once Metron has answered, the same request is a 200.
    func testServeAnswersWithinSevenSecondsAndKeepsWhatComesLater() async throws {
        let metron = try LoopbackHTTPServer { [page] _ in
            .stream(status: 200, headers: ["Content-Type": "application/json"], contentLength: page.count,
                           chunks: [page], delay: .seconds(9))
        }
        let served = try await CatalogServer.start(CatalogServerOptions(
            source: .live(MetronServing(client: client(metron.baseURL, longestWait: 5), imageHosts: [], fillsLists: false))))
        defer { Task { await served.stop() } }
        let started = ContinuousClock.now
        let first = try await response(served, "/v1/public/characters?limit=1")
        let took = ContinuousClock.now - started
        print("9 s Metron: \(first.status) in \(took): \(String(decoding: first.body, as: UTF8.self))")
        XCTAssertLessThan(took, .milliseconds(7_500))
        XCTAssertEqual(first.status, 504)
        XCTAssertEqual(first.headers["retry-after"], String(AnswerDeadline.retryAfter))
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: first.body) as? [String: Any])
        XCTAssertEqual(body["code"] as? String, "GatewayTimeout")
        XCTAssertTrue((body["message"] as? String ?? "").contains("Metron has not answered within 7 s"), "\(body)")
        var later = first
        for _ in 0..<40 where later.status != 200 {
            try await Task.sleep(for: .milliseconds(250))
            later = try await response(served, "/v1/public/characters?limit=1")
        }
        XCTAssertEqual(later.status, 200, "the fetch went on and was kept")
        XCTAssertEqual(metron.requests.count, 1, "one request to Metron for both answers")
    }

    /// A 401: said with the variables to set, then no further request to Metron (each would
    /// be refused and spend the budget); `/health` and the status line say why.
    func testA401StopsTheSourceWithNoFurtherRequest() async throws {
        let metron = try LoopbackHTTPServer { _ in .respond(status: 401, body: Data(#"{"detail":"Invalid username/password."}"#.utf8)) }
        let metronClient = client(metron.baseURL, longestWait: 5)
        let serving = MetronServing(client: metronClient, imageHosts: [])
        let served = try await CatalogServer.start(CatalogServerOptions(source: .live(serving)))
        defer { Task { await served.stop() } }
        for target in ["/v1/public/characters", "/v1/public/comics/5", "/v1/public/series?limit=3", "/v1/public/characters/7"] {
            let (status, _, body) = try await get(served, target)
            XCTAssertEqual(status, 401, target)
            let text = String(decoding: body, as: UTF8.self)
            XCTAssertTrue(text.contains("METRON_USERNAME") && text.contains("METRON_PASSWORD"), text)
            XCTAssertFalse(text.contains("s3cret-pw"))
        }
        XCTAssertEqual(metron.requests.count, 1, "no request after the first 401")
        XCTAssertEqual(try metronClient.limiter.usage().today, 1, "one request of the budget spent")
        XCTAssertTrue(metronClient.credentialsRefused)
        XCTAssertEqual(serving.statusText, MetronError.unauthorized.description)
        let (health, _, healthBody) = try await get(served, "/health")
        XCTAssertEqual(health, 503, String(decoding: healthBody, as: UTF8.self))
        XCTAssertTrue(String(decoding: healthBody, as: UTF8.self).contains("METRON_PASSWORD"))
    }
}
