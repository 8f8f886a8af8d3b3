import ContractServing
import HTTPTypes

/// What browser pages on other origins may do (`serve --cors-origin`, `--no-cors`,
/// `--allowed-referrer`): CORS headers on every answer, preflight answers, and the referrers
/// whose pages may call with `apikey` alone (Marvel's browser-app keys; MARVEL_API.md 3).
public struct BrowserAccess: Sendable, Equatable {
    public enum CORS: Sendable, Equatable {
        /// `Access-Control-Allow-Origin: *` (what Marvel's gateway sent).
        case anyOrigin
        /// Only these origins (`http://localhost:5173`), echoed back with `Vary: Origin`.
        case origins([String])
        /// No CORS headers: pages on other origins cannot read the answers.
        case off
    }

    public var cors: CORS = .anyOrigin
    /// With keys: a request carrying only `apikey` is let through when its `Referer` (else its
    /// `Origin`) matches one of these. Empty: such a request needs `ts` and `hash`, as before.
    public var allowedReferrers: [ReferrerPattern] = []

    public init(cors: CORS = .anyOrigin, allowedReferrers: [ReferrerPattern] = []) {
        self.cors = cors
        self.allowedReferrers = allowedReferrers
    }

    /// The request headers a page may send (preflight `Access-Control-Request-Headers`): the
    /// conditional request and compression; the CORS-safelisted ones need no permission.
    static let allowedHeaders = ["if-none-match", "accept-encoding"]
    static let safelistedHeaders: Set<String> = ["accept", "accept-language", "content-language"]
    static let methods = "GET, HEAD, OPTIONS"

    /// `scheme://host[:port]` as `--cors-origin` takes it (an Origin header's exact form).
    public static func validOrigin(_ text: String) -> Bool {
        guard let parsed = BrowserReferrer(text), parsed.path == "/", !text.hasSuffix("/") else { return false }
        return text == text.lowercased()
    }

    /// What a page's script may read besides the simple headers: the tag, and which fields a
    /// live source does not know yet.
    static let exposed = "ETag, X-Unknown-Fields"

    /// Headers every answer carries for a request with this `Origin`.
    func headers(origin: String?) -> [(String, String)] {
        switch cors {
        case .off: return []
        case .anyOrigin:
            return [("Access-Control-Allow-Origin", "*"), ("Access-Control-Expose-Headers", Self.exposed)]
        case .origins(let list):
            guard let origin, list.contains(origin.lowercased()) else { return [("Vary", "Origin")] }
            return [("Access-Control-Allow-Origin", origin.lowercased()), ("Access-Control-Expose-Headers", Self.exposed),
                    ("Vary", "Origin")]
        }
    }

    /// The answer to `OPTIONS`: a CORS preflight for GET or HEAD with allowed headers gets 204
    /// and the permissions; a preflight asking for another method 405, for another header or
    /// from an origin not allowed 403; a plain OPTIONS (no preflight headers) 204 with `Allow`.
    /// No text from the request is echoed.
    func preflight(_ headers: HTTPFields) -> Reply {
        let allow = ("Allow", Self.methods)
        let origin = headers[.origin]
        guard let method = headers[HTTPField.Name("Access-Control-Request-Method")!] else {
            return Reply(status: 204, headers: [allow] + self.headers(origin: origin))
        }
        guard ["GET", "HEAD"].contains(method) else {
            var failure = APIFailure.gateway(405, "MethodNotAllowedError", "Only GET and HEAD are allowed.")
            failure.headers = [allow]
            return Reply(failure).with(self.headers(origin: origin))
        }
        if cors == .off {
            return Reply(.gateway(403, "Forbidden", "Cross-origin requests are turned off on this server."))
        }
        let permissions = self.headers(origin: origin)
        guard permissions.contains(where: { $0.0 == "Access-Control-Allow-Origin" }) else {
            return Reply(.gateway(403, "Forbidden", "This origin is not allowed to call this server.")).with(permissions)
        }
        let asked = (headers[HTTPField.Name("Access-Control-Request-Headers")!] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard asked.count <= 32, asked.allSatisfy({ Self.allowedHeaders.contains($0) || Self.safelistedHeaders.contains($0) }) else {
            return Reply(.gateway(403, "Forbidden", "Only the If-None-Match and Accept-Encoding request headers are allowed."))
                .with(permissions)
        }
        return Reply(status: 204, headers: [allow] + permissions + [
            ("Access-Control-Allow-Methods", Self.methods),
            ("Access-Control-Allow-Headers", "If-None-Match, Accept-Encoding"),
            ("Access-Control-Max-Age", "86400"),
        ])
    }
}

extension Reply {
    func with(_ extra: [(String, String)]) -> Reply {
        var reply = self
        reply.headers += extra
        return reply
    }
}
