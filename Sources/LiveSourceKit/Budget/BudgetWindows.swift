import Foundation

/// The windows a source declares for its requests (every process of the user together): at most
/// `perWindow` in any sliding `window` (Metron: 18 a minute), `perDay` in a UTC day, and
/// `perResourcePerHour` of one resource in any sliding hour (Comic Vine: 200 a resource), and
/// at least `spacing` seconds between two requests (Comic Vine blocks faster clients). nil or
/// 0: no such window.
public struct BudgetWindows: Sendable, Equatable {
    public var perWindow: Int?
    public var perDay: Int?
    public var perResourcePerHour: Int?
    public var spacing: TimeInterval

    public init(perWindow: Int? = nil, perDay: Int? = nil, perResourcePerHour: Int? = nil, spacing: TimeInterval = 0) {
        self.perWindow = perWindow; self.perDay = perDay; self.perResourcePerHour = perResourcePerHour
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
    }
}

/// Time for the limiter; tests pass a clock whose sleep moves time on at once.
public struct LiveClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    public static let system = LiveClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
