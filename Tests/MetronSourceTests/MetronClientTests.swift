import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// The client against the Metron-compatible loopback server: Basic auth, paging, the shared
/// budget, 429 waited out, a long-lived cache with stale-if-error, and a password that never leaks.
final class MetronClientTests: MetronLoopbackTestCase {
    private func server(perMinute: Int? = nil) throws -> MetronTestServer {
        guard let server = try MetronTestServer(perMinute: perMinute) else {
            throw XCTSkip("../shared/metron-recorded is absent")
        }
        return server
    }

    private func client(_ server: MetronTestServer, password: String? = nil, fake: FakeClock = FakeClock(),
                        freshness: MetronClient.Freshness = .init()) -> MetronClient {
        metronClient(server.baseURL, username: server.username, password: password ?? server.password, clock: fake,
                     cache: "responses", freshness: freshness, maxRetries: 3, maxRetryAfter: .seconds(120))
    }

    func testPagesAndDetailsWithBasicAuth() async throws {
        let server = try server()
        let client = client(server)
        let page = try await client.page(MetronSummary.self, "character", query: ["name": "man"], page: 2)
        XCTAssertEqual(page.count, 1371)
        XCTAssertEqual(page.results.count, 100)
        XCTAssertEqual(page.next?.absoluteString, server.baseURL.absoluteString + "/api/character/?name=man&page=3")
        let black = try await client.detail(MetronCharacter.self, "character", id: 1)
        XCTAssertEqual(black.summary.name, "Black Bolt")
        XCTAssertEqual(server.hits["/api/character/"], 1)
        XCTAssertEqual(server.hits["/api/character/1/"], 1)
        XCTAssertEqual(client.requestsSent, 2)
    }

    func testAWrongPasswordIsOneLineNamingMetronAndTheVariables() async throws {
        let server = try server()
        let client = client(server, password: "not-the-password-42")
        do {
            _ = try await client.detail(MetronCharacter.self, "character", id: 1)
            XCTFail("a wrong password must fail")
        } catch {
            XCTAssertEqual(error, .unauthorized)
            let text = error.description
            XCTAssertTrue(text.contains("Metron") && text.contains("METRON_USERNAME") && text.contains("METRON_PASSWORD"), text)
            XCTAssertFalse(text.contains("\n"))
            XCTAssertFalse(text.contains("not-the-password-42"))
        }
        XCTAssertEqual(server.hits["/api/character/1/"], 1, "a 401 is not retried")
    }

    func testA429IsWaitedOutNotFailed() async throws {
        let server = try server()
        let fake = FakeClock()
        let client = client(server, fake: fake)
        server.force429(count: 2, retryAfter: 42)
        let issue = try await client.detail(MetronIssue.self, "issue", id: 1)
        XCTAssertEqual(issue.number, "1")
        XCTAssertEqual(server.tooManyRequests, 2)
        XCTAssertEqual(client.tooManyRequests, 2)
        XCTAssertEqual(fake.sleeps.filter { $0 == .seconds(42) }.count, 2, "Retry-After honoured both times: \(fake.sleeps)")
        XCTAssertEqual(server.hits["/api/issue/1/"], 3)
    }

    /// 408 is worth another attempt by the one rule (`RetryPolicy.isRetryable`), as a 5xx is.
    func testA408AndA503AreTriedAgain() async throws {
        for status in [408, 503] {
            let server = try server()
            let client = client(server)
            server.force(status: status, count: 1)
            let issue = try await client.detail(MetronIssue.self, "issue", id: 1)
            XCTAssertEqual(issue.number, "1", "\(status)")
            XCTAssertEqual(server.hits["/api/issue/1/"], 2, "\(status): asked again once")
        }
    }

    func testA408IsNotTriedPastTheAttempts() async throws {
        let server = try server()
        let client = client(server)
        server.force(status: 408, count: 10)
        do {
            _ = try await client.detail(MetronIssue.self, "issue", id: 1)
            XCTFail("three 408s must fail")
        } catch {
            XCTAssertEqual(error, .unexpectedStatus(408, path: "/api/issue/1"))
        }
        XCTAssertEqual(server.hits["/api/issue/1/"], MetronClient.attempts)
    }

    func testASecondVisitCostsNothingAndStaleCopiesServeWhenMetronIsDown() async throws {
        let server = try server()
        let client = client(server)
        _ = try await client.page(MetronIssueSummary.self, "character/1/issue_list")
        _ = try await client.detail(MetronCharacter.self, "character", id: 1)
        let before = server.totalHits
        _ = try await client.page(MetronIssueSummary.self, "character/1/issue_list")
        _ = try await client.detail(MetronCharacter.self, "character", id: 1)
        XCTAssertEqual(server.totalHits, before, "the same screens again: zero requests")

        // Everything stale now, and Metron unreachable: the stored answers are used.
        let stale = self.client(server, freshness: .init(details: 0, lists: 0))
        server.goOffline()
        let again = try await stale.detail(MetronCharacter.self, "character", id: 1)
        XCTAssertEqual(again.summary.name, "Black Bolt")
    }

    func testThePasswordIsInNoFileAndNoDescription() async throws {
        let server = try server()
        let client = client(server)
        _ = try await client.detail(MetronCharacter.self, "character", id: 1)
        _ = try? await client.detail(MetronCharacter.self, "character", id: 999_999)
        let credentials = MetronCredentials(username: "tester", password: server.password)
        XCTAssertFalse(credentials.reveals(in: "\(credentials) \(String(reflecting: credentials))"))
        let basic = Data("tester:\(server.password)".utf8).base64EncodedString()
        for file in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            let bytes = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(text.contains(server.password) || text.contains(basic), "\(file) holds the password")
        }
    }

    func testTheBudgetIsSpentOncePerRequest() async throws {
        let server = try server()
        let client = client(server)
        for id in [1, 150, 23843] { _ = try await client.detail(MetronCharacter.self, "character", id: id) }
        let usage = try client.limiter.usage()
        XCTAssertEqual(usage.today, 3)
        XCTAssertEqual(usage.thisMinute, 3)
    }
}
