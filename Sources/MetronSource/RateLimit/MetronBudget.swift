import Foundation

/// How many Metron requests this user's processes may send together. Metron allows 20 a
/// minute and 5,000 a day and has blocked clients that burst past that
/// (Metron-Project/metron#561); we stay a little under by default and never go over.
public struct MetronBudget: Sendable, Equatable {
    public static let metronPerMinute = 20
    public static let metronPerDay = 5_000
    public static let standard = MetronBudget(perMinute: 18, perDay: 4_500)

    public let perMinute: Int
    public let perDay: Int

    /// Values are clamped to 1...Metron's limits.
    public init(perMinute: Int, perDay: Int) {
        self.perMinute = min(max(1, perMinute), Self.metronPerMinute)
        self.perDay = min(max(1, perDay), Self.metronPerDay)
    }
}

/// What has been spent, for the status line.
public struct MetronBudgetUsage: Sendable, Equatable {
    public var thisMinute: Int
    public var perMinute: Int
    public var today: Int
    public var perDay: Int
    /// When it was read (for `acquire`, when the request was granted).
    public var at: Date
    /// No request before this (Metron asked every process to wait); nil when not paused.
    public var pausedUntil: Date?

    public init(thisMinute: Int, perMinute: Int, today: Int, perDay: Int, at: Date) {
        self.thisMinute = thisMinute; self.perMinute = perMinute; self.today = today; self.perDay = perDay; self.at = at
    }

    /// "Metron · 14/18 this minute · 4,310 today".
    public var statusText: String {
        if let pausedUntil, pausedUntil > at {
            // Counted down at every draw.
            let left = Int(min(pausedUntil.timeIntervalSince(at), MetronRateLimiter.maxPause * 2).rounded(.up))
            return "Metron asks to wait · \(left / 60):\(String(format: "%02d", left % 60))"
        }
        let grouped = today.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        return "Metron · \(thisMinute)/\(perMinute) this minute · \(grouped) today"
    }
}

/// Time for the limiter; tests pass a clock whose sleep moves time on at once.
public struct MetronClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    public static let system = MetronClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
