import ContractServing
import Foundation
import Synchronization

/// A live source's answer within a bound, whatever its upstream does: past `limit` the
/// client gets the contract's 504 with Retry-After, while the answer goes on being built in
/// its own task (its fetches are stored, so asking again soon is answered from them).
public enum AnswerDeadline {
    /// What `serve` promises its clients (issue 34): an answer or a 504 within 7 s.
    public static let serve: Duration = .seconds(7)
    /// What the 504 asks a client to wait before asking again.
    public static let retryAfter = 5

    /// `answer`'s outcome, or the 504 once `limit` has passed (the task goes on).
    public static func run(_ limit: Duration, source: String,
                           _ answer: Task<Result<RouteAnswer, APIFailure>, Never>) async throws(APIFailure) -> RouteAnswer {
        // Raced through one continuation, never a task group: a group waits for all its
        // children, and the answer's child would hold the client until the upstream answered.
        let waiting = Mutex<CheckedContinuation<Result<RouteAnswer, APIFailure>?, Never>?>(nil)
        let finish: @Sendable (Result<RouteAnswer, APIFailure>?) -> Void = { outcome in
            waiting.withLock { continuation in
                continuation?.resume(returning: outcome)
                continuation = nil
            }
        }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<RouteAnswer, APIFailure>?, Never>) in
            waiting.withLock { $0 = continuation }
            let timer = Task {
                try? await Task.sleep(for: limit)
                finish(nil)
            }
            Task {
                finish(await answer.value)
                timer.cancel()
            }
        }
        guard let outcome else { throw timedOut(limit, source: source) }
        return try outcome.get()
    }

    /// The 504: the contract's gateway error shape, naming the source and the bound.
    public static func timedOut(_ limit: Duration, source: String) -> APIFailure {
        var failure = APIFailure.gateway(504, "GatewayTimeout",
                                         "\(source) has not answered within \(limit.components.seconds) s; the answer is still being "
                                         + "fetched and kept: ask again in \(retryAfter) s")
        failure.headers = [("Retry-After", String(retryAfter))]
        return failure
    }
}

/// Answers being built, by request: a client asking again while the first answer is still
/// on its way (after its 504) joins it instead of sending the same requests upstream again.
public final class PendingAnswers: Sendable {
    public typealias Outcome = Result<RouteAnswer, APIFailure>
    private let tasks = Mutex<[String: Task<Outcome, Never>]>([:])

    public init() {}

    /// The answer being built for `key`, else a new one from `body` (forgotten when it ends).
    public func task(_ key: String, _ body: @escaping @Sendable () async -> Outcome) -> Task<Outcome, Never> {
        tasks.withLock { tasks in
            if let running = tasks[key] { return running }
            let task = Task { [self] in
                let outcome = await body()
                self.tasks.withLock { $0[key] = nil }
                return outcome
            }
            tasks[key] = task
            return task
        }
    }
}
