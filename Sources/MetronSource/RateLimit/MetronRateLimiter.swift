import Foundation

/// One request budget for every process of the user (Metron-Project/metron#561: one limiter
/// for the whole client, not one per thread or per process). `acquire()` waits until a request
/// fits both the sliding minute and the UTC day, records it and returns; the state lives in a
/// file-locked JSON file under the cache folder, so two programs at once share it.
public final class MetronRateLimiter: Sendable {
    public let budget: MetronBudget
    private let file: BudgetFile
    private let clock: MetronClock

    /// Told before each wait of `acquire` for a pause or the day's budget (not the few
    /// seconds of the sliding minute): plain output prints it, so no wait is silent.
    private let onWait: (@Sendable (MetronWait) -> Void)?

    /// The longest pause honoured from Metron's Retry-After or X-RateLimit-Reset, and the
    /// longest any process stores for the others: a longer ask is reported
    /// (`MetronWait.tooLong`), not slept through.
    public static let maxPause: TimeInterval = 15 * 60

    public init(file: URL, budget: MetronBudget = .standard, clock: MetronClock = .system,
                onWait: (@Sendable (MetronWait) -> Void)? = nil) {
        self.file = BudgetFile(path: file.path)
        self.budget = budget
        self.clock = clock
        self.onWait = onWait
    }

    public var filePath: String { file.path }

    /// What is wrong with the budget file (nil: fine or absent); it is rewritten at next use.
    public func fileProblem() -> String? { BudgetFile.inspect(path: file.path, now: clock.now()) }

    /// `$XDG_CACHE_HOME/marvel-gallery/metron-budget.json` (default `~/.cache/...`).
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("marvel-gallery/metron-budget.json")
    }

    /// Requests a minute kept free of background work (pictures' detail lookups), so what
    /// the user just asked for (a page, a detail) does not queue behind prefetching.
    public var backgroundReserve: Int { max(1, budget.perMinute / 6) }

    /// Waits for room in the budget and takes one request from it. A `background` request
    /// leaves `backgroundReserve` of the minute to the others.
    public func acquire(background: Bool = false) async throws -> MetronBudgetUsage {
        let perMinute = background ? max(1, budget.perMinute - backgroundReserve) : budget.perMinute
        var told: Date?
        while true {
            let outcome: (wait: Double?, reason: MetronWait.Reason?, usage: MetronBudgetUsage) = try file.withLockedState(now: clock.now()) { state in
                // Read the time under the lock, so the file's entries are in lock order.
                let now = clock.now()
                prune(&state, now: now)
                var wait: Double?
                var reason: MetronWait.Reason?
                if state.pausedUntil > now.timeIntervalSince1970 {
                    wait = state.pausedUntil - now.timeIntervalSince1970
                    reason = .serverAsked
                } else if state.today >= budget.perDay {
                    wait = nextUTCDay(after: now).timeIntervalSince(now)
                    reason = .dayBudget
                } else if state.recent.count >= perMinute {
                    // Until enough of the minute's requests have left the window.
                    let sorted = state.recent.sorted()
                    wait = sorted[state.recent.count - perMinute] + 60 - now.timeIntervalSince1970
                } else {
                    state.recent.append(now.timeIntervalSince1970)
                    state.today += 1
                }
                return (wait, reason, usage(state, now))
            }
            guard let wait = outcome.wait else { return outcome.usage }
            // Bounded before any conversion: a day at most (the day budget), never a trap.
            let bounded = min(max(wait, 0.001), 86_400 + 60)
            if let reason = outcome.reason {
                let until = clock.now().addingTimeInterval(bounded)
                // Said once per wait, not at every wake-up.
                if told.map({ abs($0.timeIntervalSince(until)) > 1 }) ?? true {
                    told = until
                    onWait?(MetronWait(reason: reason, seconds: bounded, until: until))
                }
            }
            try await clock.sleep(.milliseconds(Int((bounded * 1000).rounded(.up))))
        }
    }

    /// No request from any process before `date` (a 429's Retry-After, a spent X-RateLimit
    /// window), and never longer than `maxPause` from now.
    public func pause(until date: Date) throws {
        let now = clock.now()
        let until = min(date.timeIntervalSince1970, now.timeIntervalSince1970 + Self.maxPause)
        try file.withLockedState(now: now) { state in state.pausedUntil = max(state.pausedUntil, until) }
    }

    /// No request from any process for `seconds` from now (on the limiter's clock), at most `maxPause`.
    public func pause(seconds: Double) throws {
        guard seconds.isFinite, seconds > 0 else { return }
        try pause(until: clock.now().addingTimeInterval(min(seconds, Self.maxPause)))
    }

    /// No request from any process for `delay` from now, at most `maxPause`.
    public func pause(for delay: Duration) throws {
        try pause(seconds: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    }

    /// Reads Metron's answer headers: `X-RateLimit-Remaining: 0` pauses until
    /// `X-RateLimit-Reset` (seconds from now, or a Unix time) or a minute. Returns the wait
    /// Metron asked for in seconds (nil: none), which may be longer than the `maxPause` stored.
    @discardableResult
    public func observe(remaining: String?, reset: String?) throws -> Double? {
        guard let remaining = remaining.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), remaining <= 0 else { return nil }
        let now = clock.now()
        var asked: Double = 60
        if let reset = reset.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), !reset.isNaN {
            asked = reset > 1_000_000_000 ? reset - now.timeIntervalSince1970 : reset
        }
        asked = min(max(asked, 0), .greatestFiniteMagnitude)
        try pause(seconds: asked)
        return asked
    }

    /// The spending so far, without taking anything.
    public func usage() throws -> MetronBudgetUsage {
        try file.withLockedState(readOnly: true, now: clock.now()) { state in
            let now = clock.now()
            prune(&state, now: now)
            return usage(state, now)
        }
    }

    private func usage(_ state: BudgetState, _ now: Date) -> MetronBudgetUsage {
        var usage = MetronBudgetUsage(thisMinute: state.recent.count, perMinute: budget.perMinute, today: state.today,
                                      perDay: budget.perDay, at: now)
        if state.pausedUntil > now.timeIntervalSince1970 { usage.pausedUntil = Date(timeIntervalSince1970: state.pausedUntil) }
        return usage
    }

    private func prune(_ state: inout BudgetState, now: Date) {
        let cutoff = now.timeIntervalSince1970 - 60
        state.recent.removeAll { $0 <= cutoff }
        let day = Self.utcDay(now)
        if state.day != day { state.day = day; state.today = 0 }
    }

    static func utcDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private func nextUTCDay(after date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.nextDate(after: date, matching: DateComponents(hour: 0, minute: 0, second: 0),
                                 matchingPolicy: .nextTime) ?? date.addingTimeInterval(86_400)
    }
}
