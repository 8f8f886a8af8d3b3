import Foundation
import Synchronization

/// A source's requests on their way: each sent in a task of its own, so once it is sent (and
/// paid for) its answer is kept even when whoever asked has gone (a tile scrolled away, the
/// program quitting); and a wait before exit for those still out.
public final class InFlightRequests: Sendable {
    private let count = Mutex(0)

    public init() {}

    /// Runs `body` in a task of its own; `finally` runs when it ends either way, with its error
    /// if it failed (the budget counts a request from its answer, and gives back the place of
    /// one that never reached the source).
    public func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T,
                                 finally: @escaping @Sendable ((any Error)?) -> Void = { _ in }) async throws -> T {
        count.withLock { $0 += 1 }
        return try await Task {
            defer { count.withLock { $0 -= 1 } }
            do {
                let value = try await body()
                finally(nil)
                return value
            } catch {
                finally(error)
                throw error
            }
        }.value
    }

    /// Waits, at most `limit`, for the requests already sent to be answered and stored: called
    /// before the program exits, so what was paid for is kept for the next run. Done when
    /// nothing has been in flight for `quiet` (a picture's detail, once stored, is followed at
    /// once by the picture itself).
    public func settle(upTo limit: Duration = .seconds(3), quiet: Duration = .milliseconds(200)) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var idleSince = clock.now
        while clock.now < deadline {
            if count.withLock({ $0 }) > 0 { idleSince = clock.now } else if clock.now - idleSince >= quiet { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
