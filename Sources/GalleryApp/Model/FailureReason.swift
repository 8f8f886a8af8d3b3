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
    /// A client error with its kind.
    public init(marvel error: MarvelAPIError) {
        let reason: FailureReason
        switch error {
        case .notFound: reason = .notFound
        case .transport: reason = .network
        case .rateLimited: reason = .rateLimited
        case .server, .serviceRetired, .unexpectedStatus, .decoding, .notModifiedWithoutCache: reason = .server
        case .unauthorized, .forbidden, .credentials: reason = .unauthorized
        case .invalidArgument, .rejected: reason = .other
        }
        self.init(error.description, reason: reason)
    }
}

extension Strings {
    /// A failure as the user reads it: in English the client's own sentence; in another
    /// language the kind in that language, then the client's sentence for the details.
    public func failure(_ failure: PageFailure) -> String {
        guard language != .en, let key = failure.reason.key else { return failure.message }
        return self[key] + " — " + failure.message
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
