import Foundation

/// What has been spent, for the status line.
public struct BudgetUsage: Sendable, Equatable {
    /// What the wording calls the source ("Metron").
    public var source: String
    /// Requests in the sliding window (`perMinute` of them allowed; 0: the source declares none).
    public var thisMinute: Int
    public var perMinute: Int
    public var today: Int
    /// 0: no day budget.
    public var perDay: Int
    /// The resource with the most requests in the sliding hour, and how many (a source
    /// counting per resource per hour; `perResourcePerHour` allowed, 0: none declared).
    public var busiestResource: BusiestResource?
    public var perResourcePerHour = 0
    /// When it was read (for `acquire`, when the request was granted).
    public var at: Date
    /// No request before this (the source asked every process to wait); nil when not paused.
    public var pausedUntil: Date?
    /// When this process's first waiting request the user asked for (a page, a detail), and
    /// its first waiting picture lookup, try again; nil when none waits.
    public var nextUserRequest: Date?
    public var nextPictures: Date?
    /// The windows' lengths in seconds (60 and 3,600; shorter only in tests).
    public var windowLength: TimeInterval = 60
    public var resourceWindowLength: TimeInterval = 3_600

    public struct BusiestResource: Sendable, Equatable {
        public var name: String
        public var count: Int
    }

    public init(source: String, thisMinute: Int, perMinute: Int, today: Int, perDay: Int, at: Date) {
        self.source = source
        self.thisMinute = thisMinute; self.perMinute = perMinute; self.today = today; self.perDay = perDay; self.at = at
    }

    /// "Metron · 14/18 this minute · 4,310 today" ("Comic Vine · 3/200 characters this hour"),
    /// or what a request waits for and how long: "Metron: 18 a minute · next pictures in 34 s"
    /// (counted down at every draw).
    public var statusText: String {
        if let pausedUntil, pausedUntil > at {
            // Counted down at every draw.
            let left = Int(min(pausedUntil.timeIntervalSince(at), BudgetLimiter.maxPause * 2).rounded(.up))
            return "\(source) asks to wait · \(left / 60):\(String(format: "%02d", left % 60))"
        }
        if let waiting = waitingText { return waiting }
        if perMinute == 0, perResourcePerHour > 0 {
            let busiest = busiestResource.map { "\($0.count)/\(perResourcePerHour) \($0.name)" } ?? "0/\(perResourcePerHour)"
            return "\(source) · \(busiest) \(Self.this(resourceWindowLength, "this hour"))"
        }
        return "\(source) · \(thisMinute)/\(perMinute) this minute · \(Self.grouped(today)) today"
    }

    /// What waits for the budget and for how long; nil when nothing waits a second or more.
    var waitingText: String? {
        let candidates: [(String, Date)] = [("page", nextUserRequest), ("pictures", nextPictures)].compactMap { what, date in
            date.map { (what, $0) }
        }
        guard let (what, until) = candidates.min(by: { $0.1 < $1.1 }), until.timeIntervalSince(at) >= 1 else { return nil }
        let left = BudgetWait.duration(until.timeIntervalSince(at))
        if perDay > 0, today >= perDay { return "\(source): \(Self.grouped(perDay)) a day, all spent · next \(what) in \(left)" }
        if perMinute == 0, perResourcePerHour > 0 {
            return "\(source): \(perResourcePerHour) a resource \(Self.per(resourceWindowLength, "an hour")) · next \(what) in \(left)"
        }
        return "\(source): \(perMinute) \(Self.per(windowLength, "a minute")) · next \(what) in \(left)"
    }

    /// "a minute" for the window it names, else "every 3 s" (a test's short window).
    static func per(_ length: TimeInterval, _ natural: String) -> String {
        length == 60 || length == 3_600 ? natural : "every \(BudgetWait.duration(length))"
    }

    private static func this(_ length: TimeInterval, _ natural: String) -> String {
        length == 3_600 ? natural : "in \(BudgetWait.duration(length))"
    }

    private static func grouped(_ n: Int) -> String {
        n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }
}
