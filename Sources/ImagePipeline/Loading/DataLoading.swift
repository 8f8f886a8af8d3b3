/// Downloads the bytes at a URL. Cancelling the calling task must abort the transfer.
/// Errors should be `ImagePipelineError` (`.httpStatus`, `.transport`) so the retry policy can
/// tell transient failures from permanent ones; any other error counts as permanent.
public protocol DataLoading: Sendable {
    func loadData(from url: String) async throws -> [UInt8]
}

/// How often and how soon a failed download is tried again.
public struct RetryPolicy: Sendable, Equatable {
    public var maxRetries: Int
    /// Delay before retry n (0-based) is `baseDelay · 2ⁿ`.
    public var baseDelay: Duration
    public init(maxRetries: Int = 2, baseDelay: Duration = .milliseconds(200)) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
    }
    public static let none = RetryPolicy(maxRetries: 0)

    func delay(afterAttempt n: Int) -> Duration { baseDelay * (1 << min(n, 10)) }
}
