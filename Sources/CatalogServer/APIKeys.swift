import Catalog
import ContractServing
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

    /// The real gateway's order of checks and its string-code bodies. `referrer` is the
    /// request's `Referer`, else its `Origin`: with `allowedReferrers`, a request with `apikey`
    /// alone (a browser page, which has no private key to sign with) passes when it matches.
    func check(_ params: QueryParameters, referrer: String? = nil, allowedReferrers: [ReferrerPattern] = []) throws(APIFailure) {
        guard let apikey = params["apikey"] else {
            throw .gateway(409, "MissingParameter", "You must provide a user key.")
        }
        let ts = params["ts"], hash = params["hash"]
        if ts == nil, hash == nil, !allowedReferrers.isEmpty, let referrer {
            guard !apikey.isEmpty, apikey == publicKey else {
                throw .gateway(401, "InvalidCredentials", "The passed API key is invalid.")
            }
            guard let parsed = BrowserReferrer(referrer), allowedReferrers.contains(where: { $0.matches(parsed) }) else {
                throw .gateway(401, "InvalidReferer", "Invalid Referer: this key does not allow requests from that page.")
            }
            return
        }
        // apikey alone (with no referrer, or none allowed) or with ts: the hash is missing.
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
