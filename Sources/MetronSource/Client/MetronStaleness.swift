import Foundation

/// Collects, for one answer of ours, whether any Metron record in it came from a stored copy
/// because Metron could not be reached (stale-if-error), and the oldest such copy's time, so
/// the answer can say it is stale. Set per request with `MetronStaleness.$current.withValue`.
public final class MetronStaleness: @unchecked Sendable {
    @TaskLocal public static var current: MetronStaleness?

    private let lock = NSLock()
    private var oldest: Date?

    public init() {}

    /// The oldest stored copy used, or nil when everything was fresh.
    public var storedAt: Date? { lock.withLock { oldest } }

    func note(_ storedAt: Date) {
        lock.withLock { oldest = min(oldest ?? storedAt, storedAt) }
    }
}
