import Foundation
import LiveSourceKit

/// How many Comic Vine requests this user's processes may send together: Comic Vine allows 200
/// requests per resource per hour and blocks clients faster than about one a second ("velocity
/// detection"); we stay a little under by default and never go over.
public struct ComicVineBudget: Sendable, Equatable {
    public static let comicVinePerHour = 200
    public static let standard = ComicVineBudget(perResourcePerHour: 190)
    /// At least this long between two requests of any of the user's processes.
    public static let spacing: TimeInterval = 1

    public let perResourcePerHour: Int

    /// Clamped to 1...Comic Vine's limit.
    public init(perResourcePerHour: Int) {
        self.perResourcePerHour = min(max(1, perResourcePerHour), Self.comicVinePerHour)
    }

    /// The windows the kit's limiter keeps.
    public var windows: BudgetWindows { BudgetWindows(perResourcePerHour: perResourcePerHour, spacing: Self.spacing) }

    /// `$XDG_CACHE_HOME/marvel-gallery/comicvine-budget.json`.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        BudgetLimiter.defaultFile(named: "comicvine-budget.json", environment: environment)
    }

    /// The user-wide limiter of these windows.
    public func limiter(file: URL = ComicVineBudget.defaultFile(), clock: LiveClock = .system,
                        resourceWindow: SlidingWindow = .hour, onWait: (@Sendable (BudgetWait) -> Void)? = nil) -> BudgetLimiter {
        BudgetLimiter(file: file, source: "Comic Vine", windows: windows, clock: clock, resourceWindow: resourceWindow, onWait: onWait)
    }
}
