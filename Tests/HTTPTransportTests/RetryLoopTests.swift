import HTTPTransport
import Synchronization
import XCTest

/// The one retry loop (`RetryPolicy.run`) every client's attempts go through.
final class RetryLoopTests: XCTestCase {
    private struct Refused: Error, Equatable { let attempt: Int }

    private final class Waits: Sendable {
        let all = Mutex<[Duration]>([])
        func wait(_ d: Duration) async throws(Refused) { all.withLock { $0.append(d) } }
    }

    private let policy = RetryPolicy(maxRetries: 2, baseDelay: .seconds(1), maxDelay: .seconds(8), maxRetryAfter: .seconds(20))

    func testRetriesUntilDoneWaitingTheRetryAfter() async throws {
        let waits = Waits()
        let value = try await policy.run(wait: waits.wait) { retries throws(Refused) -> RetryStep<String, Refused> in
            retries < 2 ? .retry(after: .seconds(3), otherwise: .failure(Refused(attempt: retries))) : .done("ok after \(retries)")
        }
        XCTAssertEqual(value, "ok after 2")
        XCTAssertEqual(waits.all.withLock { $0 }, [.seconds(3), .seconds(3)])
    }

    func testOnceTheRetriesAreSpentTheOtherwiseStands() async throws {
        let waits = Waits()
        do {
            _ = try await policy.run(wait: waits.wait) { retries throws(Refused) -> RetryStep<String, Refused> in
                .retry(after: nil, otherwise: .failure(Refused(attempt: retries)))
            }
            XCTFail("must fail")
        } catch {
            XCTAssertEqual(error, Refused(attempt: 2), "the first attempt and two retries")
        }
        let waited = waits.all.withLock { $0 }
        XCTAssertEqual(waited.count, 2)
        XCTAssertTrue((Duration.seconds(1)...Duration.seconds(1.5)).contains(waited[0]), "back-off with jitter: \(waited)")
        XCTAssertTrue((Duration.seconds(2)...Duration.seconds(3)).contains(waited[1]), "doubled: \(waited)")
        let answer = try await policy.run(wait: waits.wait) { _ throws(Refused) -> RetryStep<String, Refused> in
            .retry(after: .zero, otherwise: .success("the last answer stands"))
        }
        XCTAssertEqual(answer, "the last answer stands")
        XCTAssertEqual(waits.all.withLock { $0 }.count, 2, "a retry at once waits for nothing")
    }

    func testAgainIsNotARetryAndARetryAfterIsCapped() async throws {
        let waits = Waits()
        let hops = Mutex(0)
        let value = try await policy.run(maxRetries: 1, wait: waits.wait) { retries throws(Refused) -> RetryStep<Int, Refused> in
            if hops.withLock({ $0 += 1; return $0 }) <= 5 { return .again }
            return retries == 0 ? .retry(after: .seconds(3600), otherwise: .failure(Refused(attempt: 0))) : .done(retries)
        }
        XCTAssertEqual(value, 1, "five redirect hops, then one retry")
        XCTAssertEqual(waits.all.withLock { $0 }, [.seconds(20)], "a Retry-After past the cap waits the cap")
    }

    func testAThrownFailureEndsAtOnce() async {
        let waits = Waits()
        do {
            _ = try await policy.run(wait: waits.wait) { retries throws(Refused) -> RetryStep<Int, Refused> in
                throw Refused(attempt: retries)
            }
            XCTFail("must fail")
        } catch {
            XCTAssertEqual(error, Refused(attempt: 0))
        }
        XCTAssertEqual(waits.all.withLock { $0 }, [])
    }

    func testARateLimitStatusASourceDeclaresIsRetryable() {
        XCTAssertFalse(RetryPolicy.isRetryable(status: 420))
        XCTAssertTrue(RetryPolicy.isRetryable(status: 420, rateLimitStatuses: [420, 429]))
        XCTAssertTrue(RetryPolicy.isRetryable(status: 408, rateLimitStatuses: [420]))
    }
}
