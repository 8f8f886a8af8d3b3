import Foundation

/// When and how long to wait before trying again, and the one rule of what is worth it (the API
/// clients and the image pipeline all ask `isRetryable`; the clients' attempts run in `run`).
/// Retried: timeouts, refused and dropped connections, 408, 429 (and a source's own rate-limit
/// status) and 5xx; never any other 4xx (rejected calls still count against the
/// quota), and never a failed DNS lookup (the resolver already retried; asking again in a second
/// gets the same answer, as curl's `--retry` also assumes).
public struct RetryPolicy: Sendable {
    /// Extra attempts after the first.
    public var maxRetries: Int
    /// Backoff before retry n (0-based) is `base * 2^n`, plus up to 50 % random jitter, at most `maxDelay`.
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// A server's Retry-After is honoured up to this long.
    public var maxRetryAfter: Duration
    /// Waits between attempts; tests substitute a recorder.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(maxRetries: Int = 2, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(8),
                maxRetryAfter: Duration = .seconds(20),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.sleep = sleep
    }

    public static let standard = RetryPolicy()
    public static let none = RetryPolicy(maxRetries: 0)

    /// An HTTP status worth another attempt: 408 Request Timeout, a rate limit (429 Too Many
    /// Requests, and any other status a source declares for it, such as Comic Vine's 420), 5xx.
    public static func isRetryable(status: Int, rateLimitStatuses: Set<Int> = [429]) -> Bool {
        status == 408 || rateLimitStatuses.contains(status) || (500...599).contains(status)
    }

    /// A transport failure worth another attempt: timeouts, refused or dropped connections.
    public static func isRetryable(_ error: HTTPTransportError) -> Bool {
        switch error {
        case .timedOut, .cannotConnect, .connectionLost: true
        default: false
        }
    }

    /// The wait before retry `attempt` (0 = first retry), honouring a Retry-After when given.
    public func delay(beforeRetry attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(max(retryAfter, .zero), maxRetryAfter) }
        let exponential = baseDelay * (1 << min(attempt, 16))
        let jitter = exponential * Double.random(in: 0...0.5)
        return min(exponential + jitter, maxDelay)
    }

    /// A Retry-After is read as at most this (about 31,700 years): enough to say "too long",
    /// small enough that no arithmetic on it traps.
    public static let maxRetryAfterSeconds: Double = 1e12

    /// Parses `Retry-After`: delta seconds (also a decimal or exponent form such as 1e308,
    /// which servers do send, clamped to `maxRetryAfterSeconds`) or an HTTP date.
    public static func parseRetryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(min(max(0, Double(seconds)), maxRetryAfterSeconds)) }
        if let seconds = Double(value), !seconds.isNaN, value.first.map({ $0.isNumber || $0 == "." || $0 == "+" }) == true {
            return .seconds(min(max(0, seconds), maxRetryAfterSeconds))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(min(max(0, date.timeIntervalSince(now).rounded(.up)), maxRetryAfterSeconds))
    }
}
