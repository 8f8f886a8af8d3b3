/// A non-200 answer in one of the real API's two error shapes (MARVEL_API.md section 3.2):
/// validation and not-found use an integer `code` and `status`; the gateway (auth, routes,
/// methods, rate limits) uses a string `code` and `message`.
public struct APIFailure: Error, Sendable, Equatable {
    public let httpStatus: Int
    public let body: String
    public var headers: [(String, String)] = []

    public init(httpStatus: Int, body: String, headers: [(String, String)] = []) {
        self.httpStatus = httpStatus; self.body = body; self.headers = headers
    }

    public static func == (a: APIFailure, b: APIFailure) -> Bool { a.httpStatus == b.httpStatus && a.body == b.body }

    /// `{"code":409,"status":"..."}`
    public static func status(_ code: Int, _ text: String) -> APIFailure {
        APIFailure(httpStatus: code, body: "{\"code\":\(code),\"status\":\(JSONText.quote(text))}")
    }

    /// `{"code":"MissingParameter","message":"..."}`
    public static func gateway(_ httpStatus: Int, _ code: String, _ message: String) -> APIFailure {
        APIFailure(httpStatus: httpStatus, body: "{\"code\":\(JSONText.quote(code)),\"message\":\(JSONText.quote(message))}")
    }

    public static func validation(_ text: String) -> APIFailure { .status(409, text) }

    public static func notFound(_ resource: String) -> APIFailure { .status(404, "We couldn't find that \(resource)") }

    /// `pathAndQuery` without credentials (`QueryParameters.withoutCredentials`).
    public static func noRoute(_ pathAndQuery: String) -> APIFailure {
        .gateway(404, "ResourceNotFound", "\(shown(pathAndQuery)) does not exist")
    }

    public static func methodNotAllowed(_ method: String) -> APIFailure {
        .gateway(405, "MethodNotAllowedError", "\(shown(method, limit: 32)) is not allowed")
    }

    /// Request text quoted in an error, cut to `limit` characters: a 60 KB parameter must not
    /// come back 60 KB long.
    public static func shown(_ text: String, limit: Int = 256) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}

/// Minimal JSON text helpers for the hand-built envelopes.
public enum JSONText {
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20: out += String(format: "\\u%04x", s.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
