/// What one attempt of `RetryPolicy.run` came to.
public enum RetryStep<Value, Failure: Error> {
    /// The answer. (A failure not worth another attempt is thrown by the attempt itself.)
    case done(Value)
    /// Worth another attempt after `after` (a server's Retry-After; nil: the policy's back-off,
    /// `.zero`: at once), while retries are left; once they are spent, `otherwise` stands.
    case retry(after: Duration?, otherwise: Result<Value, Failure>)
    /// Again at once, not counted as a retry (a redirect hop).
    case again
}

extension RetryPolicy {
    /// The program's one retry loop: every client that tries again (the Marvel client, each
    /// live source's client) runs its attempts here, deciding with the one rule
    /// (`isRetryable`) what is worth another. `attempt` gets the number of retries so far;
    /// `wait` sleeps between attempts (a client may count the pauses in its own deadline).
    public func run<Value, Failure: Error>(
        maxRetries: Int? = nil,
        wait: (Duration) async throws(Failure) -> Void,
        _ attempt: (_ retries: Int) async throws(Failure) -> RetryStep<Value, Failure>
    ) async throws(Failure) -> Value {
        let limit = maxRetries ?? self.maxRetries
        var retries = 0
        while true {
            switch try await attempt(retries) {
            case .done(let value):
                return value
            case .again:
                continue
            case .retry(let after, let otherwise):
                guard retries < limit else { return try otherwise.get() }
                let pause = delay(beforeRetry: retries, retryAfter: after)
                if pause > .zero { try await wait(pause) }
                retries += 1
            }
        }
    }
}
