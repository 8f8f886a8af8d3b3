import Foundation
import UserDirectories

/// One request budget for every process of the user (Metron-Project/metron#561: one limiter
/// for the whole client, not one per thread or per process). `acquire()` waits until a request
/// fits both the sliding minute and the UTC day, records it and returns; the state lives in a
/// file-locked JSON file under the cache folder, so two programs at once share it.
public final class MetronRateLimiter: Sendable {
    public let budget: MetronBudget
    private let file: BudgetFile
    private let clock: MetronClock
    /// The window the budget counts in (a minute and a margin; shorter only in tests).
    public let window: SlidingWindow
    private let queue = LimiterQueue()

    /// Told before each wait of `acquire` for a pause or the day's budget (not the few
    /// seconds of the sliding minute): plain output prints it, so no wait is silent.
    private let onWait: (@Sendable (MetronWait) -> Void)?

    /// The longest pause honoured from Metron's Retry-After or X-RateLimit-Reset, and the
    /// longest any process stores for the others: a longer ask is reported
    /// (`MetronWait.tooLong`), not slept through.
    public static let maxPause: TimeInterval = 15 * 60

    public init(file: URL, budget: MetronBudget = .standard, clock: MetronClock = .system,
                window: SlidingWindow = .minute, onWait: (@Sendable (MetronWait) -> Void)? = nil) {
        self.file = BudgetFile(path: file.path)
        self.window = window
        self.budget = budget
        self.clock = clock
        self.onWait = onWait
    }

    public var filePath: String { file.path }

    /// What is wrong with the budget file (nil: fine or absent); it is rewritten at next use.
    public func fileProblem() -> String? { BudgetFile.inspect(path: file.path, now: clock.now()) }

    /// `$XDG_CACHE_HOME/marvel-gallery/metron-budget.json` (default `~/.cache/...`,
    /// `UserDirectories`).
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserDirectories.cache(environment).appendingPathComponent("marvel-gallery/metron-budget.json")
    }

    /// Requests a minute kept free of background work (pictures' detail lookups), so what
    /// the user just asked for (a page, a detail) does not queue behind prefetching.
    public var backgroundReserve: Int { max(1, budget.perMinute / 6) }

    /// Waits for room in the budget and takes one request from it. A `background` request
    /// leaves `backgroundReserve` of the minute to the others; among this process's waiting
    /// pictures, the lower `urgency` (0...7, RFC 9218) goes first. Call `sent(grantedAt:)`
    /// with the returned `at` once the answer is in, so the window counts from then.
    /// With `longestWait`, a request that would wait longer in all (for the window, a pause
    /// or the day) is refused at once with `MetronError.mustWait`, saying how long.
    public func acquire(background: Bool = false, urgency: Int = 3,
                        longestWait: TimeInterval? = nil) async throws -> MetronBudgetUsage {
        let limit = background ? max(1, budget.perMinute - backgroundReserve) : budget.perMinute
        let me = queue.enter(background: background, urgency: urgency)
        defer { queue.leave(me) }
        let started = clock.now()
        var told: Date?
        while true {
            let behind = queue.isBehind(me)
            let outcome: (wait: Double?, reason: MetronWait.Reason?, usage: MetronBudgetUsage) = try file.withLockedState(now: clock.now()) { state in
                // Read the time under the lock, so the file's entries are in lock order.
                let now = clock.now()
                prune(&state, now: now)
                var wait: Double?
                var reason: MetronWait.Reason?
                let t = now.timeIntervalSince1970
                let windowWait = window.wait(state.recent, limit: limit, now: t)
                if state.pausedUntil > t {
                    wait = state.pausedUntil - t
                    reason = .serverAsked
                } else if state.today >= budget.perDay {
                    wait = nextUTCDay(after: now).timeIntervalSince(now)
                    reason = .dayBudget
                } else if windowWait > 0 {
                    // Until enough of the window's requests have left it.
                    wait = windowWait
                } else if behind {
                    // Room now, but a more urgent request of ours takes it first.
                    wait = Self.yieldDelay
                } else {
                    state.recent.append(t)
                    state.today += 1
                }
                return (wait, reason, usage(state, now))
            }
            guard let wait = outcome.wait else { return outcome.usage }
            // Bounded before any conversion: a day at most (the day budget), never a trap.
            let bounded = min(max(wait, 0.001), 86_400 + 60)
            if let longestWait, wait > Self.yieldDelay {
                let total = clock.now().timeIntervalSince(started) + bounded
                if total > longestWait { throw MetronError.mustWait(seconds: bounded, because: Self.because(outcome.reason, budget, window)) }
            }
            let until = clock.now().addingTimeInterval(bounded)
            queue.sleeps(me, until: until)
            if let reason = outcome.reason {
                // Said once per wait, not at every wake-up.
                if told.map({ abs($0.timeIntervalSince(until)) > 1 }) ?? true {
                    told = until
                    onWait?(MetronWait(reason: reason, seconds: bounded, until: until))
                }
            }
            try await clock.sleep(.milliseconds(Int((bounded * 1000).rounded(.up))))
        }
    }

    /// Why a request waits, in words: "Metron's budget of 18 a minute is spent".
    static func because(_ reason: MetronWait.Reason?, _ budget: MetronBudget, _ window: SlidingWindow) -> String {
        switch reason {
        case .serverAsked: return "Metron asks to wait (too many requests)"
        case .dayBudget: return "the day's Metron budget of \(budget.perDay) is spent"
        case nil:
            let per = window.length == 60 ? "a minute" : "every \(MetronWait.duration(window.length))"
            return "Metron's budget of \(budget.perMinute) \(per) is spent"
        }
    }

    /// How long a request that has room but is not first in line waits before trying again.
    static let yieldDelay: Double = 0.02

    /// The request granted at `grantedAt` (`acquire`'s `at`) has been answered (or failed):
    /// it reached Metron at the latest now, so the window counts it from now. A request can
    /// wait in curl's queue or on a slow link for seconds after its grant; counted from the
    /// grant, the next window's requests could meet it inside Metron's minute.
    public func sent(grantedAt: Date) throws {
        try file.withLockedState(now: clock.now()) { state in
            let now = clock.now().timeIntervalSince1970
            let granted = grantedAt.timeIntervalSince1970
            if let i = state.recent.firstIndex(of: granted) {
                state.recent[i] = max(granted, now)
            } else if state.recent.count < BudgetCheck.maxRecent {
                // Pruned already (a request slower than the window): it still counts from now.
                state.recent.append(now)
            }
        }
    }

    /// The request granted at `grantedAt` never reached Metron (refused, no DNS, no
    /// connection in time): it gives its place in the window and the day back. A refused
    /// connection cost 12 of the 18-a-minute budget for nothing, and the next run waited.
    public func unsent(grantedAt: Date) throws {
        try file.withLockedState(now: clock.now()) { state in
            guard let i = state.recent.firstIndex(of: grantedAt.timeIntervalSince1970) else { return }
            state.recent.remove(at: i)
            if state.day == Self.utcDay(grantedAt) { state.today = max(0, state.today - 1) }
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
        (usage.nextUserRequest, usage.nextPictures) = queue.nextTries()
        usage.windowLength = window.length
        return usage
    }

    private func prune(_ state: inout BudgetState, now: Date) {
        let cutoff = now.timeIntervalSince1970 - window.span
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
