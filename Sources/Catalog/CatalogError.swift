import Foundation

/// Everything that can go wrong in the catalog store, its import and its location.
public enum CatalogError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file could not be read (missing, unreadable).
    case unreadable(path: String, reason: String)
    /// The bytes are not JSON, or not a Marvel envelope/entity we understand.
    case notMarvelJSON(path: String, reason: String)
    /// SQLite refused an operation (open, migrate, write, read).
    case database(String)
    /// The embedded Fixtures folder could not be found.
    case fixturesNotFound(searched: [String])

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read (\(reason))"
        case .notMarvelJSON(let path, let reason): return "\(path): not a Marvel API response (\(reason))"
        case .database(let message): return "catalog database: \(message)"
        case .fixturesNotFound(let searched):
            return "embedded catalog not found (looked in \(searched.joined(separator: ", "))); set MARVEL_GALLERY_FIXTURES or pass --catalog"
        }
    }
}
