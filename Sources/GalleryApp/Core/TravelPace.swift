/// How the user travels through a list, measured: which way, how far each move goes (the
/// stride: a row for Down, a screen for PageDown), how many moves in a row went that way, and
/// the time between them from the event loop's clock (a held key repeats at the keyboard's
/// rate, ~30 Hz). Pure: the times come in with the moves.
public struct TravelPace: Equatable, Sendable {
    /// Positions covered by the last move.
    public private(set) var stride = 0
    /// Moves in a row the same way (a reversal or a pause starts again at 1).
    public private(set) var streak = 0
    public private(set) var forward = true
    /// The last few times between moves of the streak, ms, newest last.
    private var intervals: [UInt64] = []
    private var lastMoveAt: UInt64?

    /// A pause longer than this ends a streak: the next move is a new tap, not a repeat. (Key
    /// repeat starts 250–660 ms after the press on common keyboards, so the first repeat
    /// still counts.)
    static let pauseMillis: UInt64 = 1000
    /// Intervals kept for the median: a held key settles within three repeats.
    static let recentIntervals = 3
    /// The prefetch reaches at most this many screens past the screen. A longer hold would ask
    /// the pipeline for pictures faster than it can fetch them (it runs 2–4 prefetch transfers)
    /// and hold them all in memory: five screens in the window (one shown, four ahead) stay
    /// under the kitty store's 64 MiB (about seven 200x60 screens of tiles), and a key let go
    /// leaves at most four screens of requests to cancel.
    public static let maxScreensAhead = 4

    public init() {}

    /// A move of `delta` positions (non-zero) at `now` (ms, monotonic; nil when the caller has
    /// no clock: then no interval is measured).
    public mutating func moved(by delta: Int, atMillis now: UInt64?) {
        guard delta != 0 else { return }
        let isForward = delta > 0
        let paused = now.flatMap { now in lastMoveAt.map { now >= $0 && now - $0 > Self.pauseMillis } } ?? false
        if streak > 0, isForward == forward, !paused {
            streak += 1
            if let now, let last = lastMoveAt, now >= last {
                intervals.append(now - last)
                if intervals.count > Self.recentIntervals { intervals.removeFirst() }
            }
        } else {
            // A reversal or a pause: the speed measured so far says nothing about this streak.
            streak = 1
            intervals = []
        }
        forward = isForward
        stride = abs(delta)
        lastMoveAt = now
    }

    /// Milliseconds between the streak's moves: the lower median of the recent intervals (the
    /// first interval of a hold includes the keyboard's repeat delay); nil before two timed moves.
    public var moveIntervalMillis: UInt64? {
        guard !intervals.isEmpty else { return nil }
        return intervals.sorted()[(intervals.count - 1) / 2]
    }

    /// Whether a held key still outruns a round trip at `now` (ms, the event loop's clock): two
    /// moves or more, each sooner after the last than the round trip (a picture's, a list
    /// page's), the last no more than `holdGapMoves` intervals ago. The screen shown is then
    /// left before what it asks for could come; once no move came for that long, the key is
    /// taken as let go.
    public func outruns(atMillis now: UInt64?, roundTripMillis: Double?) -> Bool {
        guard streak >= 2, let interval = moveIntervalMillis, let roundTrip = roundTripMillis,
              let now, let last = lastMoveAt, now >= last else { return false }
        return now - last <= Self.holdGapMoves * max(1, interval) && Double(interval) < roundTrip
    }

    /// Intervals without a move after which a held key counts as let go (a repeat comes late
    /// by up to an interval on a busy machine).
    static let holdGapMoves: UInt64 = 3

    /// Positions the streak covers in `millis` (whole moves, rounded up as in
    /// `prefetchDistance`); 0 before two timed moves.
    public func positions(coveredIn millis: Double) -> Int {
        guard streak >= 2, let interval = moveIntervalMillis, millis > 0 else { return 0 }
        let moves = (millis / Double(max(1, interval)) - 0.1).rounded(.up)
        return Int(min(max(0, moves), 1_000_000)) * stride
    }

    /// Positions to prefetch past the screen in the direction of travel: the distance the user
    /// covers in one picture round trip (moves per round trip × stride), so a held key finds
    /// its next screens already loading; at least one screen (a tap, or nothing measured yet),
    /// at most `maxScreensAhead` screens. Moves are rounded up (a position enters the band
    /// `moves` moves before it is shown, which must be a round trip or more), with a tenth of a
    /// move of slack for the clock's whole milliseconds (100 ms at 33 ms apart is 3 moves).
    public func prefetchDistance(screen: Int, roundTripMillis: Double?) -> Int {
        guard streak >= 2, let interval = moveIntervalMillis, let roundTrip = roundTripMillis else { return screen }
        let moves = (roundTrip / Double(max(1, interval)) - 0.1).rounded(.up)
        let covered = moves * Double(stride)
        let cap = Self.maxScreensAhead * screen
        return covered >= Double(cap) ? cap : max(screen, Int(covered))
    }
}

/// The picture round trip (a thumbnail asked for → its picture ready), smoothed: an
/// exponentially weighted average of the pipeline's completions (memory hits are no round
/// trip and are not counted).
public struct RoundTripEstimate: Equatable, Sendable {
    /// Milliseconds, nil before the first sample.
    public private(set) var millis: Double?
    /// Weight of a new sample: a quarter, so one slow picture moves the estimate a little and
    /// a changed load (a cold server warming) shows within a screen of pictures.
    static let weight = 0.25

    public init() {}

    public mutating func add(millis sample: Int) {
        let sample = Double(max(0, sample))
        millis = millis.map { $0 + Self.weight * (sample - $0) } ?? sample
    }
}
