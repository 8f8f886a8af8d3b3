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

    private struct Totals { var hits = 0; var bytes = 0; var top = TopPaths(capacity: StatsRecorder.maxPaths) }
    private let state = Mutex(Totals())

    func record(path: String, status: Int, bytes: Int) {
        state.withLock { s in
            s.hits += 1
            s.bytes += bytes
            s.top.record(path: path, status: status, bytes: bytes)
        }
    }

    func snapshot() -> StatsSnapshot {
        state.withLock { s in
            var snapshot = StatsSnapshot()
            snapshot.totalHits = s.hits
            snapshot.totalBytes = s.bytes
            snapshot.paths = s.top.tracked
            if s.top.other.hits > 0 { snapshot.paths[Self.otherPath] = s.top.other }
            return snapshot
        }
    }

    func reset() { state.withLock { $0 = Totals() } }
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
