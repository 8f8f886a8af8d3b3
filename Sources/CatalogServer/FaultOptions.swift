import Foundation
import Synchronization

/// Faults the server can inject, for tests and demos. All probabilities are 0...1.
public struct FaultOptions: Sendable, Equatable {
    /// Added before every answer: `latency` ms plus a uniform random 0...`jitter` ms.
    public var latencyMS = 0
    public var jitterMS = 0
    /// Image bodies are sent at this many bytes per second (0 = unlimited).
    public var bandwidthBytesPerSecond = 0
    /// Probability of a 503 instead of the answer.
    public var failRate = 0.0
    /// Requests allowed per rolling minute before 429 with Retry-After (0 = unlimited).
    public var rateLimitPerMinute = 0
    /// Probability that a body is cut short (full Content-Length sent, then the connection closes).
    public var truncateRate = 0.0
    /// Probability that an image body is garbled after its header (same length, 200).
    public var corruptImageRate = 0.0
    /// Share of pictures (chosen by token: the same ones at every variant, every time) served
    /// as a truncated JPEG or a PNG declaring 65000×65000 (`HostileArt`); above 0, the tokens
    /// `corrupt_cover` and `oversized_cover` are always those two. The catalog itself has none.
    public var hostileCoverRate = 0.0

    public init() {}

    public var isEmpty: Bool { self == FaultOptions() }

    /// `MS` or `MS:JITTER`, as `--latency` takes it.
    public mutating func parseLatency(_ text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let ms = Int(parts[0]), ms >= 0 else { throw FaultParseError.latency(text) }
        latencyMS = ms
        if parts.count == 2 {
            guard let jitter = Int(parts[1]), jitter >= 0 else { throw FaultParseError.latency(text) }
            jitterMS = jitter
        }
    }

    /// `N/MIN` or `N`, as `--rate-limit` takes it.
    public mutating func parseRateLimit(_ text: String) throws {
        let head = text.lowercased().hasSuffix("/min") ? String(text.dropLast(4)) : text
        guard let n = Int(head), n >= 0 else { throw FaultParseError.rateLimit(text) }
        rateLimitPerMinute = n
    }

    public static func probability(_ text: String, flag: String) throws -> Double {
        guard let p = Double(text), (0...1).contains(p) else { throw FaultParseError.probability(flag: flag, text) }
        return p
    }
}

public enum FaultParseError: Error, Sendable, CustomStringConvertible {
    case latency(String), rateLimit(String), probability(flag: String, String)

    public var description: String {
        switch self {
        case .latency(let t): return "--latency expects MS or MS:JITTER (milliseconds), got '\(t)'"
        case .rateLimit(let t): return "--rate-limit expects N/MIN, got '\(t)'"
        case .probability(let flag, let t): return "\(flag) expects a probability between 0 and 1, got '\(t)'"
        }
    }
}

/// The faults of a running server, changeable while it runs.
final class FaultState: Sendable {
    private let state: Mutex<FaultOptions>
    init(_ faults: FaultOptions) { state = Mutex(faults) }
    var current: FaultOptions { state.withLock { $0 } }
    func set(_ faults: FaultOptions) { state.withLock { $0 = faults } }
}
