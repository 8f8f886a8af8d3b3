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
    /// When this process's first waiting request the user asked for (a page, a detail), and
    /// its first waiting picture lookup, try again; nil when none waits.
    public var nextUserRequest: Date?
    public var nextPictures: Date?
    /// The window's length in seconds (60; shorter only in tests).
    public var windowLength: TimeInterval = 60

    public init(thisMinute: Int, perMinute: Int, today: Int, perDay: Int, at: Date) {
        self.thisMinute = thisMinute; self.perMinute = perMinute; self.today = today; self.perDay = perDay; self.at = at
    }

    /// "Metron · 14/18 this minute · 4,310 today", or what a request waits for and how long:
    /// "Metron: 18 a minute · next pictures in 34 s" (counted down at every draw).
    public var statusText: String {
        if let pausedUntil, pausedUntil > at {
            // Counted down at every draw.
            let left = Int(min(pausedUntil.timeIntervalSince(at), MetronRateLimiter.maxPause * 2).rounded(.up))
            return "Metron asks to wait · \(left / 60):\(String(format: "%02d", left % 60))"
        }
        if let waiting = waitingText { return waiting }
        let grouped = today.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        return "Metron · \(thisMinute)/\(perMinute) this minute · \(grouped) today"
    }

    /// What waits for the budget and for how long; nil when nothing waits a second or more.
    var waitingText: String? {
        let candidates: [(String, Date)] = [("page", nextUserRequest), ("pictures", nextPictures)].compactMap { what, date in
            date.map { (what, $0) }
        }
        guard let (what, until) = candidates.min(by: { $0.1 < $1.1 }), until.timeIntervalSince(at) >= 1 else { return nil }
        let left = MetronWait.duration(until.timeIntervalSince(at))
        if today >= perDay { return "Metron: \(perDay.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) a day, all spent · next \(what) in \(left)" }
        let per = windowLength == 60 ? "a minute" : "every \(MetronWait.duration(windowLength))"
        return "Metron: \(perMinute) \(per) · next \(what) in \(left)"
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
