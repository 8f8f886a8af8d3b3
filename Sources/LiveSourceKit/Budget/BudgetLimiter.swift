import Foundation
import UserDirectories

/// One request budget for every process of the user, for one live source (Metron-Project/metron#561:
/// one limiter for the whole client, not one per thread or per process). The source declares
/// its windows (`BudgetWindows`); `acquire()` waits until a request fits all of them, records it
/// and returns. The state lives in a file-locked JSON file under the cache folder, so two
/// programs at once share it. Knows no source's headers or schemas (mokkari's `RateLimiter`).
public final class BudgetLimiter: Sendable {
    public let windows: BudgetWindows
    /// What the wording calls the source ("Metron", "Comic Vine").
    public let source: String
    private let file: BudgetFile
    private let clock: LiveClock
    /// The window `windows.perWindow` counts in (a minute and a margin; shorter only in tests).
    public let window: SlidingWindow
    /// The window `windows.perResourcePerHour` counts in (an hour and a margin; shorter in tests).
    public let resourceWindow: SlidingWindow
    private let queue = LimiterQueue()

    /// Told before each wait of `acquire` for a pause, the day's or an hour's budget (not the
    /// few seconds of a sliding minute or the spacing): plain output prints it, so no wait is silent.
    private let onWait: (@Sendable (BudgetWait) -> Void)?

    /// The longest pause honoured from a source's Retry-After (or its own reset header), and
    /// the longest any process stores for the others: a longer ask is reported
    /// (`BudgetWait.tooLong`), not slept through.
    public static let maxPause: TimeInterval = 15 * 60

    public init(file: URL, source: String, windows: BudgetWindows, clock: LiveClock = .system,
                window: SlidingWindow = .minute, resourceWindow: SlidingWindow = .hour,
                onWait: (@Sendable (BudgetWait) -> Void)? = nil) {
        self.file = BudgetFile(path: file.path)
        self.source = source
        self.window = window
        self.resourceWindow = resourceWindow
        self.windows = windows
        self.clock = clock
        self.onWait = onWait
    }

    public var filePath: String { file.path }
    /// The limiter's clock now.
    public var now: Date { clock.now() }

    /// What is wrong with the budget file (nil: fine or absent); it is rewritten at next use.
    public func fileProblem() -> String? { BudgetFile.inspect(path: file.path, now: clock.now()) }

    /// `$XDG_CACHE_HOME/marvel-gallery/{name}` (default `~/.cache/...`, `UserDirectories`).
    public static func defaultFile(named name: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserDirectories.appCache(environment).appendingPathComponent(name)
    }

    /// Requests of each window kept free of background work (pictures' detail lookups), so
    /// what the user just asked for (a page, a detail) does not queue behind prefetching.
    public var backgroundReserve: Int { max(1, (windows.perWindow ?? windows.perResourcePerHour ?? 6) / 6) }

    /// Waits for room in the budget and takes one request from it. A `background` request
    /// leaves `backgroundReserve` of the minute to the others; among this process's waiting
    /// pictures, the lower `urgency` (0...7, RFC 9218) goes first. Call `sent(grantedAt:)`
    /// with the returned `at` once the answer is in, so the window counts from then.
    /// With `longestWait`, a request that would wait longer in all (for the window, a pause
    /// or the day) is refused at once with `BudgetError.mustWait`, saying how long.
    /// `resource`: what the request asks for (Comic Vine's `characters`), counted in
    /// `windows.perResourcePerHour`; nil when the source declares no such window.
    public func acquire(resource: String? = nil, background: Bool = false, urgency: Int = 3,
                        longestWait: TimeInterval? = nil) async throws(BudgetError) -> BudgetUsage {
        func limit(_ declared: Int) -> Int { background ? max(1, declared - max(1, declared / 6)) : declared }
        let me = queue.enter(background: background, urgency: urgency)
        defer { queue.leave(me) }
        let started = clock.now()
        var told: Date?
        while true {
            let behind = queue.isBehind(me)
            let outcome: (wait: Double?, reason: BudgetWait.Reason?, usage: BudgetUsage) = try file.withLockedState(now: clock.now) { state in
                // Read the time under the lock, so the file's entries are in lock order.
                let now = clock.now()
                prune(&state, now: now)
                var wait: Double?
                var reason: BudgetWait.Reason?
                let t = now.timeIntervalSince1970
                let windowWait = windows.perWindow.map { window.wait(state.recent, limit: limit($0), now: t) } ?? 0
                let resourceTimes = resource.flatMap { state.resources?[$0] } ?? []
                let hourWait = windows.perResourcePerHour.map { resourceWindow.wait(resourceTimes, limit: limit($0), now: t) } ?? 0
                let spacingWait = max(0, (state.last ?? 0) + windows.spacing - t)
                if state.pausedUntil > t {
                    wait = state.pausedUntil - t
                    reason = .serverAsked
                } else if let perDay = windows.perDay, state.today >= perDay {
                    wait = nextUTCDay(after: now).timeIntervalSince(now)
                    reason = .dayBudget
                } else if hourWait > 0 {
                    // Until enough of the resource's hour has left it: long, so said.
                    wait = hourWait
                    reason = .hourBudget(resource ?? "")
                } else if windowWait > 0 || spacingWait > 0 {
                    // Until enough of the window's requests have left it, and the spacing is kept.
                    wait = max(windowWait, spacingWait)
                } else if behind {
                    // Room now, but a more urgent request of ours takes it first.
                    wait = Self.yieldDelay
                } else {
                    state.recent.append(t)
                    state.today += 1
                    if let resource, windows.perResourcePerHour != nil { state.resources?[resource, default: []].append(t) }
                    if windows.spacing > 0 { state.last = t }
                }
                return (wait, reason, usage(state, now))
            }
            guard let wait = outcome.wait else { return outcome.usage }
            // Bounded before any conversion: a day at most (the day budget), never a trap.
            let bounded = min(max(wait, 0.001), 86_400 + 60)
            if let longestWait, wait > Self.yieldDelay {
                let total = clock.now().timeIntervalSince(started) + bounded
                if total > longestWait { throw .mustWait(seconds: bounded, because: because(outcome.reason)) }
            }
            let until = clock.now().addingTimeInterval(bounded)
            queue.sleeps(me, until: until)
            if let reason = outcome.reason {
                // Said once per wait, not at every wake-up.
                if told.map({ abs($0.timeIntervalSince(until)) > 1 }) ?? true {
                    told = until
                    onWait?(BudgetWait(source: source, reason: reason, seconds: bounded, until: until))
                }
            }
            do { try await clock.sleep(.milliseconds(Int((bounded * 1000).rounded(.up)))) } catch { throw .cancelled }
        }
    }

    /// Why a request waits, in words: "Metron's budget of 18 a minute is spent".
    func because(_ reason: BudgetWait.Reason?) -> String {
        switch reason {
        case .serverAsked: return "\(source) asks to wait (too many requests)"
        case .dayBudget: return "the day's \(source) budget of \(windows.perDay ?? 0) is spent"
        case .hourBudget(let resource):
            return "\(source)'s budget of \(windows.perResourcePerHour ?? 0) \(resource) requests \(BudgetUsage.per(resourceWindow.length, "an hour")) is spent"
        case nil:
            guard let perWindow = windows.perWindow else { return "\(source) asks for \(BudgetWait.duration(windows.spacing)) between requests" }
            return "\(source)'s budget of \(perWindow) \(BudgetUsage.per(window.length, "a minute")) is spent"
        }
    }

    /// How long a request that has room but is not first in line waits before trying again.
    static let yieldDelay: Double = 0.02

    /// The request granted at `grantedAt` (`acquire`'s `at`) has been answered (or failed):
    /// it reached the source at the latest now, so the window counts it from now. A request can
    /// wait in curl's queue or on a slow link for seconds after its grant; counted from the
    /// grant, the next window's requests could meet it inside the source's minute.
    public func sent(grantedAt: Date, resource: String? = nil) throws(BudgetError) {
        try file.withLockedState(now: clock.now) { state in
            let now = clock.now().timeIntervalSince1970
            let granted = grantedAt.timeIntervalSince1970
            func recount(_ times: inout [Double]) {
                if let i = times.firstIndex(of: granted) {
                    times[i] = max(granted, now)
                } else if times.count < BudgetCheck.maxRecent {
                    // Pruned already (a request slower than the window): it still counts from now.
                    times.append(now)
                }
            }
            recount(&state.recent)
            if let resource, windows.perResourcePerHour != nil {
                var resources = state.resources ?? [:]
                recount(&resources[resource, default: []])
                state.resources = resources
            }
            // The spacing runs from the answer too: the next request leaves after this one is in.
            if windows.spacing > 0 { state.last = max(state.last ?? 0, now) }
        }
    }

    /// The request granted at `grantedAt` never reached the source (refused, no DNS, no
    /// connection in time): it gives its place in the windows and the day back. A refused
    /// connection cost Metron's budget 12 of its 18 a minute for nothing, and the next run waited.
    public func unsent(grantedAt: Date, resource: String? = nil) throws(BudgetError) {
        try file.withLockedState(now: clock.now) { state in
            let granted = grantedAt.timeIntervalSince1970
            guard let i = state.recent.firstIndex(of: granted) else { return }
            state.recent.remove(at: i)
            if state.day == Self.utcDay(grantedAt) { state.today = max(0, state.today - 1) }
            if let resource, var times = state.resources?[resource], let j = times.firstIndex(of: granted) {
                times.remove(at: j)
                state.resources?[resource] = times
            }
        }
    }

    /// No request from any process before `date` (a 429's Retry-After, a spent X-RateLimit
    /// window), and never longer than `maxPause` from now.
    public func pause(until date: Date) throws(BudgetError) {
        let now = clock.now()
        let until = min(date.timeIntervalSince1970, now.timeIntervalSince1970 + Self.maxPause)
        try file.withLockedState(now: clock.now) { state in state.pausedUntil = max(state.pausedUntil, until) }
    }

    /// No request from any process for `seconds` from now (on the limiter's clock), at most `maxPause`.
    public func pause(seconds: Double) throws(BudgetError) {
        guard seconds.isFinite, seconds > 0 else { return }
        try pause(until: clock.now().addingTimeInterval(min(seconds, Self.maxPause)))
    }

    /// No request from any process for `delay` from now, at most `maxPause`.
    public func pause(for delay: Duration) throws(BudgetError) {
        try pause(seconds: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    }

    /// This process's requests asleep waiting for the budget: the sign that a request asked
    /// for has taken its place in the line (tests order their requests by it, not by a clock).
    public var waitingRequests: Int { queue.sleeping }

    /// The spending so far, without taking anything.
    public func usage() throws(BudgetError) -> BudgetUsage {
        try file.withLockedState(readOnly: true, now: clock.now) { state in
            let now = clock.now()
            prune(&state, now: now)
            return usage(state, now)
        }
    }

    private func usage(_ state: BudgetState, _ now: Date) -> BudgetUsage {
        var usage = BudgetUsage(source: source, thisMinute: state.recent.count, perMinute: windows.perWindow ?? 0,
                                today: state.today, perDay: windows.perDay ?? 0, at: now)
        if let perHour = windows.perResourcePerHour {
            usage.perResourcePerHour = perHour
            if let busiest = (state.resources ?? [:]).max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }) {
                usage.busiestResource = BudgetUsage.BusiestResource(name: busiest.key, count: busiest.value.count)
            }
        }
        if state.pausedUntil > now.timeIntervalSince1970 { usage.pausedUntil = Date(timeIntervalSince1970: state.pausedUntil) }
        (usage.nextUserRequest, usage.nextPictures) = queue.nextTries()
        usage.windowLength = window.length
        usage.resourceWindowLength = resourceWindow.length
        return usage
    }

    private func prune(_ state: inout BudgetState, now: Date) {
        let cutoff = now.timeIntervalSince1970 - window.span
        state.recent.removeAll { $0 <= cutoff }
        if windows.perResourcePerHour != nil {
            let hourCutoff = now.timeIntervalSince1970 - resourceWindow.span
            var resources = state.resources ?? [:]
            for key in resources.keys { resources[key]?.removeAll { $0 <= hourCutoff } }
            state.resources = resources.filter { !$0.value.isEmpty }
        }
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
