import Foundation
import HTTPTransport

/// A wait for a source's rate limit, said to the user before it starts: plain output prints it
/// as one line, the gallery's status line counts it down.
public struct BudgetWait: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The source's 429/420 Retry-After or its own reset header (here or in another process).
        case serverAsked
        /// The day's budget is spent (until 00:00 UTC).
        case dayBudget
        /// A resource's hourly budget is spent (the resource named).
        case hourBudget(String)
    }

    /// What the wording calls the source ("Metron").
    public var source: String
    public var reason: Reason
    public var seconds: Double
    public var until: Date

    public init(source: String, reason: Reason, seconds: Double, until: Date) {
        self.source = source; self.reason = reason; self.seconds = seconds; self.until = until
    }

    /// "Metron asks to wait 42 s (too many requests): waiting until 19:20:05".
    public var description: String {
        let what: String
        switch reason {
        case .serverAsked: what = "\(source) asks to wait \(Self.duration(seconds)) (too many requests)"
        case .dayBudget: what = "the day's \(source) budget is spent: waiting \(Self.duration(seconds))"
        case .hourBudget(let resource):
            what = "the hour's \(source) budget for \(resource) is spent: waiting \(Self.duration(seconds))"
        }
        return "\(what): waiting until \(Self.clock(until, seconds: true))"
    }

    /// The one wording of waits (`WaitTime`: "42 s", "14 min 5 s", "5 h 12 min", "11 days 13 h"),
    /// rounded up to whole seconds; "more than 10 years" for a wait that is no real limit.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 10 * 365.25 * 86_400 else { return "more than 10 years" }
        return WaitTime.words(seconds: Int(seconds.rounded(.up)))
    }

    /// Local wall-clock time: "19:20" (or "19:20:05"), with the date when not today.
    public static func clock(_ date: Date, seconds: Bool = false, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let sameDay = Calendar.current.isDate(date, inSameDayAs: now)
        formatter.dateFormat = (sameDay ? "" : "yyyy-MM-dd ") + (seconds ? "HH:mm:ss" : "HH:mm")
        return formatter.string(from: date)
    }

    /// The refusal for a wait over `BudgetLimiter.maxPause`: "Metron asks to wait 11 days
    /// 13 h; try again after 2026-12-07 08:45".
    public static func tooLong(source: String, seconds: Double, now: Date = Date()) -> String {
        guard seconds.isFinite, seconds < 10 * 365.25 * 86_400 else {
            return "\(source) asks to wait more than 10 years, which is not a real limit; try again later"
        }
        return "\(source) asks to wait \(duration(seconds)); try again after \(clock(now.addingTimeInterval(seconds), now: now))"
    }
}

extension BudgetWait {
    /// A Retry-After header's whole seconds for a wait of `seconds`: rounded up, at least 1, at
    /// most `longest`; `endless` for a wait that is no number (the source asked for ever).
    public static func retryAfter(_ seconds: Double, longest: Int, endless: Int) -> Int {
        guard seconds.isFinite else { return endless }
        return Int(min(max(seconds.rounded(.up), 1), Double(longest)))
    }
}
