import Foundation
import HTTPTransport
import LiveSourceKit

/// Everything that can go wrong talking to Metron. No case ever holds the password.
public enum MetronError: BudgetRefusing, Sendable, Equatable, CustomStringConvertible {
    /// Metron refused the username/password (401).
    case unauthorized
    /// No username/password anywhere.
    case missingCredentials
    /// A record or page that is not what Metron sends.
    case undecodable(String)
    /// 404: no such record.
    case notFound(path: String)
    /// Another status, after the retries.
    case unexpectedStatus(Int, path: String)
    /// Still 429 after waiting out what the server asked.
    case rateLimited(path: String)
    /// Metron asked (429 Retry-After or X-RateLimit-Reset) for a longer wait than
    /// `MetronRateLimiter.maxPause`: the refusal says how long and until when.
    case asksTooLongWait(String)
    /// A request would wait longer than its client allows (`serve`'s longest wait) for the
    /// budget or for what Metron asked: the seconds to wait, and why.
    case mustWait(seconds: Double, because: String)
    /// The connection failed (after the retries).
    case transport(String)
    /// The shared budget file could not be used.
    case budgetFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .unauthorized:
            return "Metron refused the username or password (401); set METRON_USERNAME and METRON_PASSWORD "
                + "(or metron_username and metron_password in config.toml, mode 0600)"
        case .missingCredentials:
            return "Metron needs an account: set METRON_USERNAME and METRON_PASSWORD "
                + "(or metron_username and metron_password in config.toml, mode 0600); sign up free at https://metron.cloud"
        case .undecodable(let what): return "Metron sent something unreadable: \(what)"
        case .notFound(let path): return "Metron has no \(path)"
        case .unexpectedStatus(let status, let path): return "Metron answered \(status) to \(path)"
        case .rateLimited(let path): return "Metron kept answering 429 (too many requests) to \(path)"
        case .asksTooLongWait(let text): return text
        case .mustWait(let seconds, let because):
            return "\(because): the next request may go in \(MetronWait.duration(seconds))"
        case .transport(let reason): return "cannot reach Metron: \(reason)"
        case .budgetFile(let path, let reason): return "the Metron request budget file \(path) cannot be used: \(reason)"
        }
    }
}
