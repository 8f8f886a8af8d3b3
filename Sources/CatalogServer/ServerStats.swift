import Foundation
import Synchronization

/// Hits, bytes and statuses per request path (query excluded), for the image pipeline's tests
/// ("was this variant fetched once?") and for demos. Served at `GET /debug/stats`, reset by
/// `GET /debug/reset`; debug requests are not counted.
public struct StatsSnapshot: Sendable, Equatable, Codable {
    public struct PathStats: Sendable, Equatable, Codable {
        public var hits = 0
        /// Body bytes handed to the connection (after gzip; a truncated body counts what was sent).
        public var bytes = 0
        /// Count per HTTP status, as strings ("200", "304", ...) so the JSON keys are plain.
        public var statuses: [String: Int] = [:]
    }

    public var totalHits = 0
    public var totalBytes = 0
    public var paths: [String: PathStats] = [:]

    public subscript(path: String) -> PathStats { paths[path] ?? PathStats() }

    /// Hits of every path that starts with `prefix` (e.g. one image's variants).
    public func hits(withPrefix prefix: String) -> Int {
        paths.filter { $0.key.hasPrefix(prefix) }.reduce(0) { $0 + $1.value.hits }
    }
}

final class StatsRecorder: Sendable {
    /// Paths counted one by one: the busiest ones (`TopPaths`); the rest share `otherPath`, so
    /// a client asking millions of unique paths cannot grow the server's memory (or the
    /// /debug/stats answer), and a busy path arriving late still gets its own line.
    static let maxPaths = 2_000
    static let otherPath = "(other)"

    private struct Totals {
        var hits = 0
        var bytes = 0
        var top = TopPaths(capacity: StatsRecorder.maxPaths)

        mutating func add(_ record: Record) {
            hits += 1
            bytes += record.bytes
            top.record(path: record.path, status: record.status, bytes: record.bytes)
        }
    }

    private struct Record { let path: String; let status: Int; let bytes: Int }
    private final class Stripe: Sendable { let records = Mutex([Record]()) }

    private let state = Mutex(Totals())
    /// Records that found `state` held, by the recording thread's stripe, until the next
    /// holder adds them. Both event loops count every answer they send: one waiting for the
    /// other's lock slept in the kernel (futex) and, on a busy machine, waited for a core
    /// again: up to 40 ms under `wrk` on the gzip page, which set its p99 (`perf trace -s`).
    /// A stripe's lock is shared only with threads of the same stripe and the adding holder.
    private let waiting = (0..<StatsRecorder.stripes).map { _ in Stripe() }
    private let waitingCount = Atomic(0)
    static let stripes = 8

    func record(path: String, status: Int, bytes: Int) {
        let record = Record(path: path, status: status, bytes: bytes)
        let added: Bool? = state.withLockIfAvailable { totals in
            totals.add(record)
            return true
        }
        guard added != nil else {
            waiting[Self.stripe()].records.withLock { $0.append(record) }
            waitingCount.add(1, ordering: .releasing)
            return
        }
        if waitingCount.load(ordering: .acquiring) > 0 {
            _ = state.withLockIfAvailable { totals in addWaiting(to: &totals, blocking: false) }
        }
    }

    /// Records waiting to be added, now (tests).
    var waitingRecords: Int { waitingCount.load(ordering: .acquiring) }

    /// Holds the totals while `body` runs, as another thread's record would (tests).
    func holdingTotals(_ body: () -> Void) {
        state.withLock { _ in body() }
    }

    /// Moves the waiting records into `totals` (whose lock the caller holds); without
    /// `blocking`, a stripe being appended to at that moment is left for the next holder.
    private func addWaiting(to totals: inout Totals, blocking: Bool) {
        for stripe in waiting {
            let taken: [Record]?
            if blocking {
                taken = stripe.records.withLock { records in
                    var all: [Record] = []
                    swap(&all, &records)
                    return all
                }
            } else {
                taken = stripe.records.withLockIfAvailable { records in
                    var all: [Record] = []
                    swap(&all, &records)
                    return all
                }
            }
            guard let records = taken else { continue }
            for record in records { totals.add(record) }
            waitingCount.subtract(records.count, ordering: .releasing)
        }
    }

    /// The calling thread's stripe: its pthread_t (the address of its control block) mixed
    /// (Fibonacci hashing), as those addresses sit a stack's size apart.
    private static func stripe() -> Int {
        Int(truncatingIfNeeded: (UInt64(pthread_self()) &* 0x9E37_79B9_7F4A_7C15) >> 61)
    }

    func snapshot() -> StatsSnapshot {
        state.withLock { s in
            addWaiting(to: &s, blocking: true)
            var snapshot = StatsSnapshot()
            snapshot.totalHits = s.hits
            snapshot.totalBytes = s.bytes
            snapshot.paths = s.top.tracked
            if s.top.other.hits > 0 { snapshot.paths[Self.otherPath] = s.top.other }
            return snapshot
        }
    }

    func reset() {
        state.withLock { s in
            addWaiting(to: &s, blocking: true)
            s = Totals()
        }
    }
}

/// The rolling one-minute window of `--rate-limit`.
final class RateLimiter: Sendable {
    private let stamps = Mutex([Double]())

    /// nil when allowed, else the seconds to wait.
    func admit(limit: Int, now: Double = Date().timeIntervalSince1970) -> Int? {
        guard limit > 0 else { return nil }
        return stamps.withLock { stamps in
            stamps.removeAll { now - $0 >= 60 }
            if stamps.count >= limit {
                return max(1, Int((60 - (now - stamps[0])).rounded(.up)))
            }
            stamps.append(now)
            return nil
        }
    }

    func reset() { stamps.withLock { $0.removeAll() } }
}
