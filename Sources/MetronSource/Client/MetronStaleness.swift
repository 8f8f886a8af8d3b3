import Foundation
import Synchronization

/// Collects, for one answer of ours, whether any Metron record in it came from a stored copy
/// because Metron could not be reached (stale-if-error), and the oldest such copy's time, so
/// the answer can say it is stale. Set per request with `MetronStaleness.$current.withValue`.
public final class MetronStaleness: Sendable {
    @TaskLocal public static var current: MetronStaleness?

    private let oldest = Mutex<Date?>(nil)

    public init() {}

    /// The oldest stored copy used, or nil when everything was fresh.
    public var storedAt: Date? { oldest.withLock { $0 } }

    func note(_ storedAt: Date) {
        oldest.withLock { $0 = min($0 ?? storedAt, storedAt) }
    }
}
