import Foundation
import LiveSourceKit

/// Everything that can go wrong talking to Comic Vine. No case ever holds the API key.
public enum ComicVineError: BudgetRefusing, Sendable, Equatable, CustomStringConvertible {
    /// Comic Vine refused the key (envelope status 100, HTTP 401).
    case unauthorized
    /// No key anywhere.
    case missingKey
    /// Status 101 or HTTP 404: no such record.
    case notFound(path: String)
    /// Still rate-limited (HTTP 420/429, status 107) after waiting what it asked.
    case rateLimited(path: String)
    /// A request would wait longer than its client allows for the budget: the seconds and why.
    case mustWait(seconds: Double, because: String)
    /// An answer that is not Comic Vine's envelope, or an envelope status we do not know.
    case undecodable(String)
    /// Another status, after the retries.
    case unexpectedStatus(Int, path: String)
    /// The connection failed (after the retries).
    case transport(String)
    /// The shared budget file could not be used.
    case budgetFile(path: String, reason: String)

    public static let keyVariable = "COMICVINE_API_KEY"

    public var description: String {
        switch self {
        case .unauthorized: return "Comic Vine refused the API key (status 100); \(Self.whereKeyGoes)"
        case .missingKey:
            return "Comic Vine needs an API key: \(Self.whereKeyGoes); get one free at https://comicvine.gamespot.com/api/"
        case .notFound(let path): return "Comic Vine has no \(path)"
        case .rateLimited(let path): return "Comic Vine kept answering 420 (too many requests) to \(path)"
        case .mustWait(let seconds, let because):
            return "\(because): the next request may go in \(BudgetWait.duration(seconds))"
        case .undecodable(let what): return "Comic Vine sent something unreadable: \(what)"
        case .unexpectedStatus(let status, let path): return "Comic Vine answered \(status) to \(path)"
        case .transport(let reason): return "cannot reach Comic Vine: \(reason)"
        case .budgetFile(let path, let reason): return "the Comic Vine request budget file \(path) cannot be used: \(reason)"
        }
    }

    /// Where a key is given, said by both key errors.
    static let whereKeyGoes = "set \(keyVariable) (or comicvine_api_key in config.toml, mode 0600)"
}
