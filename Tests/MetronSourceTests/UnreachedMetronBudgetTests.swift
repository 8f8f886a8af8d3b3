import Foundation
import HTTPTransport
@testable import MetronSource
import TestSupport
import XCTest

/// A request that never reached Metron costs no budget (issue 36: a refused connection took 12
/// of the 18-a-minute budget, and the next run waited 54 s).
final class UnreachedMetronBudgetTests: MetronLoopbackTestCase {
    func testARefusedConnectionGivesItsBudgetBack() async throws {
        // A port nobody listens on: the server is started and stopped to find one.
        let server = try LoopbackHTTPServer { _ in .respond(status: 200) }
        let url = server.url("/api/character/")
        server.stop()
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: budgetFile, clock: fake.clock)
        let client = MetronClient(baseURL: server.baseURL, credentials: MetronCredentials(username: "u", password: "p"),
                                  transport: transport, limiter: limiter,
                                  retryPolicy: RetryPolicy(maxRetries: 3, maxRetryAfter: .seconds(120), sleep: fake.clock.sleep))
        do {
            _ = try await client.data(url, fresh: 0)
            XCTFail("nothing listens there")
        } catch {
            guard case .transport = error else { return XCTFail("\(error)") }
        }
        let usage = try limiter.usage()
        XCTAssertEqual(usage.today, 0, "\(usage)")
        XCTAssertEqual(usage.thisMinute, 0, "\(usage)")
    }

    func testUnsentTakesTheGrantOutOfTheWindowAndTheDay() async throws {
        let fake = FakeClock()
        let limiter = MetronRateLimiter(file: budgetFile, clock: fake.clock)
        let granted = try await limiter.acquire().at
        XCTAssertEqual(try limiter.usage().today, 1)
        try limiter.unsent(grantedAt: granted)
        XCTAssertEqual(try limiter.usage().today, 0)
        XCTAssertEqual(try limiter.usage().thisMinute, 0)
    }
}
