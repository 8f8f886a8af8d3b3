import Foundation

/// One request budget for every process of the user (Metron-Project/metron#561: one limiter
/// for the whole client, not one per thread or per process). `acquire()` waits until a request
/// fits both the sliding minute and the UTC day, records it and returns; the state lives in a
/// file-locked JSON file under the cache folder, so two programs at once share it.
public final class MetronRateLimiter: Sendable {
    public let budget: MetronBudget
    private let file: BudgetFile
    private let clock: MetronClock

    public init(file: URL, budget: MetronBudget = .standard, clock: MetronClock = .system) {
        self.file = BudgetFile(path: file.path)
        self.budget = budget
        self.clock = clock
    }

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
        while true {
            let outcome: (wait: Double?, usage: MetronBudgetUsage) = try file.withLockedState { state in
                // Read the time under the lock, so the file's entries are in lock order.
                let now = clock.now()
                prune(&state, now: now)
                var wait: Double?
                if state.pausedUntil > now.timeIntervalSince1970 {
                    wait = state.pausedUntil - now.timeIntervalSince1970
                } else if state.today >= budget.perDay {
                    wait = nextUTCDay(after: now).timeIntervalSince(now)
                } else if state.recent.count >= perMinute {
                    // Until enough of the minute's requests have left the window.
                    let sorted = state.recent.sorted()
                    wait = sorted[state.recent.count - perMinute] + 60 - now.timeIntervalSince1970
                } else {
                    state.recent.append(now.timeIntervalSince1970)
                    state.today += 1
                }
                return (wait, usage(state, now))
            }
            guard let wait = outcome.wait else { return outcome.usage }
            try await clock.sleep(.milliseconds(max(1, Int((wait * 1000).rounded(.up)))))
        }
    }

    /// No request from any process before `date` (a 429's Retry-After, a spent X-RateLimit window).
    public func pause(until date: Date) throws {
        try file.withLockedState { state in state.pausedUntil = max(state.pausedUntil, date.timeIntervalSince1970) }
    }

    /// No request from any process for `delay` from now (on the limiter's clock).
    public func pause(for delay: Duration) throws {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        try pause(until: clock.now().addingTimeInterval(seconds))
    }

    /// Reads Metron's answer headers: `X-RateLimit-Remaining: 0` pauses until
    /// `X-RateLimit-Reset` (seconds from now, or a Unix time) or a minute.
    public func observe(remaining: String?, reset: String?) throws {
        guard let remaining = remaining.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), remaining <= 0 else { return }
        let now = clock.now()
        var until = now.addingTimeInterval(60)
        if let reset = reset.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) {
            until = reset > 1_000_000_000 ? Date(timeIntervalSince1970: reset) : now.addingTimeInterval(reset)
        }
        try pause(until: until)
    }

    /// The spending so far, without taking anything.
    public func usage() throws -> MetronBudgetUsage {
        try file.withLockedState(readOnly: true) { state in
            let now = clock.now()
            prune(&state, now: now)
            return usage(state, now)
        }
    }

    private func usage(_ state: BudgetState, _ now: Date) -> MetronBudgetUsage {
        MetronBudgetUsage(thisMinute: state.recent.count, perMinute: budget.perMinute, today: state.today, perDay: budget.perDay,
                          at: now)
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
