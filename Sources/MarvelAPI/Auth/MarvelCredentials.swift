import Digests
import Foundation

/// A Marvel key pair. The private key is only ever used to compute the hash: it is kept out of
/// `description`, `debugDescription`, reflection (`dump`) and every error.
public struct MarvelCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    public let publicKey: String
    private let privateKey: String

    public init(publicKey: String, privateKey: String) {
        self.publicKey = publicKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.privateKey = privateKey.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The auth query items for one request: `ts`, `apikey`, `hash = md5(ts + private + public)`.
    public func authQuery(timestamp: String) -> [URLQueryItem] {
        [URLQueryItem(name: "ts", value: timestamp),
         URLQueryItem(name: "apikey", value: publicKey),
         URLQueryItem(name: "hash", value: hash(timestamp: timestamp))]
    }

    /// Lowercase hex md5 of `ts + privateKey + publicKey` (the documented order).
    public func hash(timestamp: String) -> String {
        Digest.md5Hex(timestamp + privateKey + publicKey)
    }

    public var description: String { "MarvelCredentials(publicKey: \(publicKey), privateKey: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["publicKey": publicKey, "privateKey": "<redacted>"]) }
}
