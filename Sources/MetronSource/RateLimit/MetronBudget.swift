import Foundation
import LiveSourceKit

/// How many Metron requests this user's processes may send together. Metron allows 20 a
/// minute and 5,000 a day and has blocked clients that burst past that
/// (Metron-Project/metron#561); we stay a little under by default and never go over.
public struct MetronBudget: Sendable, Equatable {
    public static let metronPerMinute = 20
    public static let metronPerDay = 5_000
    public static let standard = MetronBudget(perMinute: 18, perDay: 4_500)

    public let perMinute: Int
    public let perDay: Int

    /// The windows Metron's budget declares to the kit's limiter: a minute and a day.
    public var windows: BudgetWindows { BudgetWindows(perWindow: perMinute, perDay: perDay) }

    /// Values are clamped to 1...Metron's limits.
    public init(perMinute: Int, perDay: Int) {
        self.perMinute = min(max(1, perMinute), Self.metronPerMinute)
        self.perDay = min(max(1, perDay), Self.metronPerDay)
    }
}

/// What has been spent, for the status line (the kit's, in Metron's words).
public typealias MetronBudgetUsage = BudgetUsage
/// Time for the limiter; tests pass a clock whose sleep moves time on at once.
public typealias MetronClock = LiveClock
/// A wait for Metron's rate limit, said before it starts.
public typealias MetronWait = BudgetWait
