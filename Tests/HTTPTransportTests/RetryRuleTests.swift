import XCTest
import HTTPTransport

/// The one retry rule the API client and the image pipeline share (they disagreed on 408 and on
/// DNS failures before it lived here).
final class RetryRuleTests: XCTestCase {
    func testRetryableStatusesAre408And429And5xx() {
        for status in [408, 429, 500, 502, 503, 504, 599] {
            XCTAssertTrue(RetryPolicy.isRetryable(status: status), "\(status)")
        }
        for status in [200, 304, 400, 401, 403, 404, 409, 410, 499, 600] {
            XCTAssertFalse(RetryPolicy.isRetryable(status: status), "\(status)")
        }
    }

    func testTimeoutsAndRefusedOrDroppedConnectionsAreRetriedButNotDNSOrTLS() {
        let retried: [HTTPTransportError] = [.timedOut(.connect, host: "h"), .timedOut(.stall, host: "h"),
                                             .timedOut(.total, host: "h"), .cannotConnect(host: "h", detail: "refused"),
                                             .connectionLost(host: "h", detail: "reset")]
        for error in retried { XCTAssertTrue(RetryPolicy.isRetryable(error), "\(error)") }
        let final: [HTTPTransportError] = [.cannotResolveHost("nohost.invalid"), .tls(host: "h", detail: "bad cert"),
                                           .invalidURL("x"), .responseTooLarge(limit: 1), .tooManyRedirects(limit: 5),
                                           .unsupportedRedirect(host: "h"), .badContentEncoding(host: "h"), .shutDown,
                                           .curl(code: 1, detail: "x")]
        for error in final { XCTAssertFalse(RetryPolicy.isRetryable(error), "\(error)") }
    }
}
