import Foundation

/// A window a budget counts in (Metron's minute, Comic Vine's hour), plus a safety margin. A
/// request's time on our side (when it was granted, when its answer came) is not its time on the source's: the
/// clocks tick differently, and a request waits in curl's queue (8 connections a host) and
/// on the wire. With the margin, the next request after a full window is granted at least
/// `length + margin` after the last one was answered, so the source never counts budget + 1 in
/// any `length` of its own. (Granting at exactly +60.000 s once let 21 of 20 into one minute.)
public struct SlidingWindow: Sendable, Equatable {
    public static let minute = SlidingWindow(length: 60, margin: 1)
    public static let hour = SlidingWindow(length: 3_600, margin: 5)

    /// The window the server counts in (seconds).
    public let length: TimeInterval
    /// Added to `length` on our side (seconds).
    public let margin: TimeInterval

    /// Shorter windows are for tests that prove the algorithm in seconds instead of minutes.
    public init(length: TimeInterval, margin: TimeInterval) {
        self.length = max(0.01, length.isFinite ? length : 60)
        self.margin = max(0, margin.isFinite ? margin : 1)
    }

    /// How long a request stays counted on our side.
    public var span: TimeInterval { length + margin }

    /// Seconds from `now` until a request fits when at most `limit` may lie in the window
    /// (0: now); `times` are the window's send times.
    func wait(_ times: [Double], limit: Int, now: Double) -> Double {
        let inside = times.filter { $0 > now - span }.sorted()
        guard inside.count >= limit else { return 0 }
        return max(0, inside[inside.count - limit] + span - now)
    }
}
