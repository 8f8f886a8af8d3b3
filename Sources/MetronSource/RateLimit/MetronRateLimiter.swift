import Foundation
import LiveSourceKit

/// Metron's budget on the kit's limiter: 18 a minute and 4,500 a day shared by every process of
/// the user (Metron-Project/metron#561), and Metron's own rate-limit headers read here.
public final class MetronRateLimiter: Sendable {
    public let budget: MetronBudget
    public let limiter: BudgetLimiter
    /// The window the budget counts in (a minute and a margin; shorter only in tests).
    public var window: SlidingWindow { limiter.window }

    /// The longest pause honoured from Metron's Retry-After or X-RateLimit-Reset.
    public static let maxPause = BudgetLimiter.maxPause

    public init(file: URL, budget: MetronBudget = .standard, clock: MetronClock = .system,
                window: SlidingWindow = .minute, onWait: (@Sendable (MetronWait) -> Void)? = nil) {
        self.budget = budget
        limiter = BudgetLimiter(file: file, source: "Metron", windows: budget.windows, clock: clock, window: window, onWait: onWait)
    }

    public var filePath: String { limiter.filePath }
    public func fileProblem() -> String? { limiter.fileProblem() }

    /// `$XDG_CACHE_HOME/marvel-gallery/metron-budget.json` (default `~/.cache/...`).
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        BudgetLimiter.defaultFile(named: "metron-budget.json", environment: environment)
    }

    public var backgroundReserve: Int { limiter.backgroundReserve }

    /// `BudgetLimiter.acquire`, its refusals in Metron's words (`MetronError`).
    public func acquire(background: Bool = false, urgency: Int = 3,
                        longestWait: TimeInterval? = nil) async throws(MetronError) -> MetronBudgetUsage {
        do { return try await limiter.acquire(background: background, urgency: urgency, longestWait: longestWait) } catch {
            throw MetronError(error)
        }
    }

    public func sent(grantedAt: Date) throws(MetronError) {
        do { try limiter.sent(grantedAt: grantedAt) } catch { throw MetronError(error) }
    }

    public func pause(until date: Date) throws(MetronError) {
        do { try limiter.pause(until: date) } catch { throw MetronError(error) }
    }

    /// The request granted at `grantedAt` never reached Metron: its place is given back.
    public func unsent(grantedAt: Date) throws(MetronError) {
        do { try limiter.unsent(grantedAt: grantedAt) } catch { throw MetronError(error) }
    }

    public func pause(seconds: Double) throws(MetronError) {
        do { try limiter.pause(seconds: seconds) } catch { throw MetronError(error) }
    }

    public func pause(for delay: Duration) throws(MetronError) {
        do { try limiter.pause(for: delay) } catch { throw MetronError(error) }
    }

    public func usage() throws(MetronError) -> MetronBudgetUsage {
        do { return try limiter.usage() } catch { throw MetronError(error) }
    }

    /// Reads Metron's answer headers: `X-RateLimit-Remaining: 0` pauses until
    /// `X-RateLimit-Reset` (seconds from now, or a Unix time) or a minute. Returns the wait
    /// Metron asked for in seconds (nil: none), which may be longer than the `maxPause` stored.
    @discardableResult
    public func observe(remaining: String?, reset: String?) throws(MetronError) -> Double? {
        guard let remaining = remaining.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), remaining <= 0 else { return nil }
        let now = limiter.now
        var asked: Double = 60
        if let reset = reset.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), !reset.isNaN {
            asked = reset > 1_000_000_000 ? reset - now.timeIntervalSince1970 : reset
        }
        asked = min(max(asked, 0), .greatestFiniteMagnitude)
        try pause(seconds: asked)
        return asked
    }

}
