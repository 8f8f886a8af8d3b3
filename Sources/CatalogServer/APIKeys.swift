import Catalog
import Digests

/// The key pair a server checks when started with `--public-key/--private-key`
/// (MARVEL_API.md section 3: `hash = md5(ts + privateKey + publicKey)`).
public struct APIKeys: Sendable, Equatable {
    public var publicKey: String
    public var privateKey: String

    public init(publicKey: String, privateKey: String) {
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    /// The real gateway's order of checks and its string-code bodies.
    func check(_ params: QueryParameters) throws(APIFailure) {
        guard let apikey = params["apikey"] else {
            throw .gateway(409, "MissingParameter", "You must provide a user key.")
        }
        let ts = params["ts"], hash = params["hash"]
        // apikey alone (browser style: no referrers here) or with ts: the hash is missing.
        if hash == nil { throw .gateway(409, "MissingParameter", "You must provide a hash.") }
        guard let ts, let hash else { throw .gateway(409, "MissingParameter", "You must provide a timestamp.") }
        guard !apikey.isEmpty, apikey == publicKey else {
            throw .gateway(401, "InvalidCredentials", "The passed API key is invalid.")
        }
        guard !ts.isEmpty, hash.lowercased() == Digest.md5Hex(ts + privateKey + publicKey) else {
            throw .gateway(401, "InvalidCredentials", "That hash, timestamp and key combination is invalid.")
        }
    }
}
