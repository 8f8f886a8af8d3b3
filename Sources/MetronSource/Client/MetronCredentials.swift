import Foundation

/// A Metron account (HTTP Basic). The password is only ever put into the Authorization
/// header; `description` and `debugDescription` hide it, so printing the value is safe.
public struct MetronCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public static let usernameVariable = "METRON_USERNAME"
    public static let passwordVariable = "METRON_PASSWORD"

    public let username: String
    private let password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// `Basic base64(username:password)`.
    var authorization: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }

    /// Whether `text` contains the password (tests and log guards ask this).
    public func reveals(in text: String) -> Bool { !password.isEmpty && text.contains(password) }

    public var description: String { "Metron user \(username) (password hidden)" }
    public var debugDescription: String { description }
}
