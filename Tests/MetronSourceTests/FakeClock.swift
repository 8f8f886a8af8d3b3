import Foundation
import MetronSource
import Synchronization

/// A clock for the limiter whose sleep moves time on at once, so tests cover minutes of
/// budget in milliseconds. Every sleep is recorded.
final class FakeClock: @unchecked Sendable {
    private let lock = Mutex(())
    private var time: Date
    private var _sleeps: [Duration] = []

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { time = start }

    var now: Date { lock.withLock { _ in time } }
    var sleeps: [Duration] { lock.withLock { _ in _sleeps } }

    func advance(_ seconds: TimeInterval) { lock.withLock { _ in time += seconds } }

    var clock: MetronClock {
        MetronClock(now: { [self] in now }, sleep: { [self] duration in
            lock.withLock { _ in
                _sleeps.append(duration)
                time += Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            }
            await Task.yield()
        })
    }
}
