import Foundation
import HTTPTransport
@testable import LiveSourceKit
@testable import MetronSource
import TestSupport
import XCTest

/// Issue 27: a loopback Metron that asks for absurd waits. Within `maxPause` the wait is
/// exactly what was asked and is told; beyond it the client refuses at once with how long and
/// until when, and stores at most `maxPause` for the other processes.
final class HostileRateLimitHeaderTests: MetronLoopbackTestCase {
    static let page = Data(#"{"count":0,"next":null,"previous":null,"results":[]}"#.utf8)

    private func client(_ server: LoopbackHTTPServer, fake: FakeClock, told: Told = Told()) -> MetronClient {
        MetronClient(baseURL: server.baseURL, credentials: MetronCredentials(username: "u", password: "p"),
                     transport: transport,
                     limiter: MetronRateLimiter(file: budgetFile, clock: fake.clock, onWait: { told.add($0) }),
                     retryPolicy: RetryPolicy(maxRetries: 3, maxRetryAfter: .seconds(120), sleep: fake.clock.sleep))
    }

    private func storedPause() throws -> Double {
        try JSONDecoder().decode(BudgetState.self, from: Data(contentsOf: budgetFile)).pausedUntil
    }

    /// A 429 asking for `retryAfter`: refused at once, one request sent, the words say how long.
    private func assertRefused(retryAfter: String, saying words: String, line: UInt = #line) async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 429, headers: ["Retry-After": retryAfter, "Content-Type": "application/json"],
                     body: Data(#"{"detail":"Request was throttled."}"#.utf8))
        }
        defer { server.stop() }
        let fake = FakeClock()
        let client = client(server, fake: fake)
        let url = server.url("/api/character/")
        for _ in 0..<2 {
            do {
                _ = try await client.data(url, fresh: 0)
                XCTFail("a 429 asking for \(retryAfter) was waited out", line: line)
            } catch {
                guard case .asksTooLongWait(let text) = error else { return XCTFail("\(error)", line: line) }
                XCTAssertTrue(text.hasPrefix(words), text, line: line)
            }
        }
        XCTAssertEqual(server.requests.count, 1, "the second call refuses without asking again", line: line)
        XCTAssertEqual(fake.sleeps, [], "nothing slept", line: line)
        XCTAssertLessThanOrEqual(try storedPause(), fake.now.timeIntervalSince1970 + MetronRateLimiter.maxPause, line: line)
        XCTAssertGreaterThan(try storedPause(), fake.now.timeIntervalSince1970, "the others wait too (15 min at most)", line: line)
        XCTAssertEqual(client.lastRateLimitError.map { $0.hasPrefix(words) }, true, line: line)
    }

    func testRetryAfter999999IsRefusedWithHowLong() async throws {
        // Obeyed, it would sit silent for 7 min 32 s and end as "transfer stalled".
        try await assertRefused(retryAfter: "999999", saying: "Metron asks to wait 11 days 13 h; try again after ")
    }

    func testRetryAfterAnHTTPDateFarAheadIsRefused() async throws {
        try await assertRefused(retryAfter: "Wed, 21 Oct 2099 07:28:00 GMT", saying: "Metron asks to wait more than 10 years")
    }

    func testRetryAfter1e308IsRefusedWithoutATrap() async throws {
        try await assertRefused(retryAfter: "1e308", saying: "Metron asks to wait more than 10 years")
    }

    func testAShortRetryAfterIsWaitedExactlyAndTold() async throws {
        let answered = Locked(0)
        let server = try LoopbackHTTPServer { _ in
            let n = answered.withLock { $0 += 1; return $0 }
            return n == 1 ? .respond(status: 429, headers: ["Retry-After": "3"]) : .respond(status: 200, body: Self.page)
        }
        defer { server.stop() }
        let fake = FakeClock()
        let told = Told()
        let client = client(server, fake: fake, told: told)
        let body = try await client.data(server.url("/api/character/"), fresh: 0)
        XCTAssertEqual(body, Self.page)
        XCTAssertEqual(fake.sleeps, [.seconds(3)], "what the server asked, not the 120 s cap")
        XCTAssertEqual(told.all.count, 1)
        XCTAssertEqual(told.all.first?.reason, .serverAsked)
        XCTAssertTrue(told.all.first?.description.hasPrefix("Metron asks to wait 3 s (too many requests): waiting until ") == true)
    }

    func testAResetOf1e16OnAGoodAnswerIsHonouredOnlyUpToTheCap() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 200, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1e16"], body: Self.page)
        }
        defer { server.stop() }
        let fake = FakeClock()
        let client = client(server, fake: fake)
        let url = server.url("/api/character/")
        let first = try await client.data(url, fresh: 0)
        XCTAssertEqual(first, Self.page, "the answer itself is used")
        XCTAssertLessThanOrEqual(try storedPause(), fake.now.timeIntervalSince1970 + MetronRateLimiter.maxPause)
        do {
            _ = try await client.data(url, fresh: 0)
            XCTFail("waited for 1e16")
        } catch {
            XCTAssertEqual(error, .asksTooLongWait("Metron asks to wait more than 10 years, which is not a real limit; try again later"))
        }
        // Another process (a new client on the same file) waits at most 15 minutes, then goes on.
        let other = self.client(server, fake: fake)
        let later = try await other.data(url, fresh: 0)
        XCTAssertEqual(later, Self.page)
        XCTAssertEqual(fake.sleeps, [.seconds(Int(MetronRateLimiter.maxPause))])
    }

    func testAPageLargerThanTheAPILimitIsRefusedNotParsed() async throws {
        let big = Data(#"{"count":0,"next":null,"previous":null,"results":["#.utf8)
            + Data(repeating: 0x20, count: 3 << 20) + Data("]}".utf8)
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: big) }
        defer { server.stop() }
        let client = client(server, fake: FakeClock())
        do {
            _ = try await client.page(MetronSummary.self, "character")
            XCTFail("a 3 MB page was parsed")
        } catch {
            XCTAssertTrue(error.description.contains("larger than 2 MB"), error.description)
        }
    }
}
