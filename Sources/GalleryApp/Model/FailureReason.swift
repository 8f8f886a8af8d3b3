import HTTPTransport
import MarvelAPI

/// The kinds of failure a screen names in the user's language (the technical message from the
/// client follows it).
public enum FailureReason: Equatable, Sendable {
    case notFound
    case network
    case rateLimited
    case server
    case unauthorized
    case cancelled
    case other
}

extension PageFailure {
    /// A client error with its kind, what it says (`UserMessage`, so the screens can say all of
    /// it in the user's language: `Strings.failure`) and a rate limit's wait; not the error itself.
    public init(marvel error: MarvelAPIError) {
        let reason: FailureReason
        switch error {
        case .notFound: reason = .notFound
        case .transport: reason = .network
        case .rateLimited: reason = .rateLimited
        case .server, .serviceRetired, .unexpectedStatus, .decoding, .notModifiedWithoutCache, .serverRepeats: reason = .server
        case .unauthorized, .sourceRefused, .forbidden, .credentials: reason = .unauthorized
        case .invalidArgument, .rejected: reason = .other
        }
        self.init(error.description, reason: reason)
        userMessage = error.userMessage
        if case .rateLimited(let after?) = error { retryAfterSeconds = Int(after.components.seconds) }
    }

    /// The detail sources' "nothing to load details from" failure.
    static let noDetailSource = PageFailure("no detail source", reason: .other, key: .errNoDetailSource)
}

extension Strings {
    /// A failure as the user reads it. A client error's message is rendered whole from this language's
    /// texts; a failure with its own key likewise; otherwise (an unknown error's own text) the
    /// kind in this language, then that text.
    public func failure(_ failure: PageFailure) -> String {
        if let message = failure.userMessage { return describe(message) }
        if let key = failure.key { return self[key] }
        if failure.reason == .cancelled { return self[.failureCancelled] }
        guard language != .en, let key = failure.reason.key else { return failure.message }
        return self[key] + " — " + failure.message
    }
}

extension Strings {
    /// What to do about a failed page: press r, or, when the source refused the account (its
    /// settings are read at start, so `r` cannot help), fix what the error names and start again.
    public func retryHint(for failure: PageFailure) -> String {
        self[failure.reason == .unauthorized ? .fixSettingsHint : .retryHint]
    }
}

extension FailureReason {
    var key: StringKey? {
        switch self {
        case .notFound: return .failureNotFound
        case .network: return .failureNetwork
        case .rateLimited: return .failureRateLimited
        case .server: return .failureServer
        case .unauthorized: return .failureUnauthorized
        case .cancelled: return .failureCancelled
        case .other: return nil
        }
    }
}
