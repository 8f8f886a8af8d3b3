import Foundation

/// How a source proves who asks: HTTP Basic (Metron's account) or an API key in the query
/// (Comic Vine's `api_key`). The secret is only ever put into the request; `description` hides
/// it, so printing the value is safe.
public enum LiveAuth: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    case basic(username: String, password: String)
    /// The query parameter's name and the key.
    case apiKey(parameter: String, key: String)

    /// The `Authorization` header (Basic), nil for a key.
    public var authorization: String? {
        guard case .basic(let username, let password) = self else { return nil }
        return "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// The query item (API key), nil for Basic.
    public var queryItem: URLQueryItem? {
        guard case .apiKey(let parameter, let key) = self else { return nil }
        return URLQueryItem(name: parameter, value: key)
    }

    /// The secret (a password or a key).
    private var secret: String {
        switch self {
        case .basic(_, let password): password
        case .apiKey(_, let key): key
        }
    }

    /// Whether `text` contains the secret (tests and log guards ask this).
    public func reveals(in text: String) -> Bool { !secret.isEmpty && text.contains(secret) }

    /// `text` with every occurrence of the secret replaced (a URL said in an error).
    public func redacted(_ text: String) -> String {
        secret.isEmpty ? text : text.replacingOccurrences(of: secret, with: "(key hidden)")
    }

    public var description: String {
        switch self {
        case .basic(let username, _): "user \(username) (password hidden)"
        case .apiKey(let parameter, _): "\(parameter) (hidden)"
        }
    }
    public var debugDescription: String { description }
}

/// What every live source's answers are bounded by.
public enum LiveAnswerCap {
    /// The largest API answer (a page or a record) read: an answer is parsed whole
    /// (JSONSerialization costs up to ~30x the bytes), so at most this, 50x the largest page a
    /// source sends (Metron's 42 KB; Comic Vine's 100 characters with `field_list`, ~60 KB).
    /// (A 27 MB page under the transport's 32 MB cap peaked at 742 MB.) Pictures keep the
    /// transport's own limit.
    public static let bytes = 2 << 20
}

/// The HTTP statuses a source says "too many requests" with: 429 everywhere, and Comic
/// Vine's 420. Each is waited out (its Retry-After, else the source's window) and tried again.
public struct RateLimitStatuses: Sendable, Equatable {
    public let statuses: Set<Int>

    public init(_ statuses: Set<Int>) { self.statuses = statuses }

    public static let standard = RateLimitStatuses([429])

    public func contains(_ status: Int) -> Bool { statuses.contains(status) }
}
