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
    /// Distinct paths counted one by one; later new paths share `otherPath`, so a client asking
    /// millions of unique paths cannot grow the server's memory (or the /debug/stats answer).
    static let maxPaths = 2_000
    static let otherPath = "(other)"

    private let state = Mutex(StatsSnapshot())

    func record(path: String, status: Int, bytes: Int) {
        state.withLock { s in
            s.totalHits += 1
            s.totalBytes += bytes
            var path = path
            if s.paths[path] == nil, s.paths.count >= Self.maxPaths { path = Self.otherPath }
            var entry = s.paths[path] ?? StatsSnapshot.PathStats()
            entry.hits += 1
            entry.bytes += bytes
            entry.statuses[String(status), default: 0] += 1
            s.paths[path] = entry
        }
    }

    func snapshot() -> StatsSnapshot { state.withLock { $0 } }
    func reset() { state.withLock { $0 = StatsSnapshot() } }
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
