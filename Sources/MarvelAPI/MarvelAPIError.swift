import Foundation
import HTTPTransport

/// Every failure of the Marvel client, with a message a person can act on. No case ever holds
/// the private key or a signed URL (errors name hosts and paths only).
public enum MarvelAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Refused before sending: the argument and why.
    case invalidArgument(String)
    /// Keys missing, half-configured, or in a file others can read.
    case credentials(String)
    /// The request never got an HTTP answer (timeout, DNS, refused, TLS, dropped).
    case transport(HTTPTransportError)
    /// 401: the keys were rejected; the server's text.
    case unauthorized(String)
    /// 401 from a translating server whose live source refused the server's own account for
    /// it (code `sourceRefusedCode`): the source's own sentence, which names its settings.
    case sourceRefused(String)
    /// 403.
    case forbidden(String)
    /// 404: no such id or route; the server's text.
    case notFound(String)
    /// 409: the server refused an argument; its text (e.g. "You may not request more than 100 items.").
    case rejected(String)
    /// 429 after the allowed retries; the server's Retry-After if any.
    case rateLimited(retryAfter: Duration?)
    /// 5xx after the allowed retries.
    case server(status: Int, message: String)
    /// The official gateway answered 5xx: it was retired in 2025.
    case serviceRetired(status: Int)
    /// Any other status.
    case unexpectedStatus(Int, message: String)
    /// The body is not the JSON we expect: the JSON path that failed and why.
    case decoding(path: String, detail: String)
    /// 304 without a stored copy to reuse (cannot happen unless the cache was deleted mid-request).
    case notModifiedWithoutCache
    /// A list page added nothing new (the server ignores `offset` or repeats itself): the walk
    /// stops here instead of asking again forever.
    case serverRepeats(offset: Int)

    /// The error `code` of a translating server's 401 when its source refused the account
    /// the server holds for it (not the caller's keys).
    public static let sourceRefusedCode = "SourceRefusedCredentials"

    public var description: String {
        switch self {
        case .invalidArgument(let why): return "invalid argument: \(why)"
        case .credentials(let why): return "Marvel API keys: \(why)"
        case .transport(let error): return error.description
        case .sourceRefused(let text): return text
        case .unauthorized(let text):
            return "the server rejected the API keys (401\(text.isEmpty ? "" : ": \(text)")); "
                + "check MARVEL_PUBLIC_KEY and MARVEL_PRIVATE_KEY"
        case .forbidden(let text): return "access denied (403\(text.isEmpty ? "" : ": \(text)"))"
        case .notFound(let text): return "not found (404\(text.isEmpty ? "" : ": \(text)"))"
        case .rejected(let text): return "the server refused the request (409: \(text))"
        case .rateLimited(let after):
            let wait = after.map { ", retry after \(WaitTime.words(seconds: Int($0.components.seconds)))" } ?? ""
            return "rate limit reached (429)\(wait); rejected calls still count against the daily quota"
        case .server(let status, let text):
            return "the server failed (\(status)\(text.isEmpty ? "" : ": \(text)")); try again later"
        case .serviceRetired(let status):
            return "the official Marvel API (gateway.marvel.com) was retired in 2025 and answers HTTP \(status). "
                + "Run marvel-gallery without API keys to use the built-in offline catalog, "
                + "or point --base-url (MARVEL_BASE_URL) at a compatible mirror."
        case .unexpectedStatus(let status, let text):
            return "unexpected HTTP status \(status)\(text.isEmpty ? "" : ": \(text)")"
        case .decoding(let path, let detail):
            return "unexpected response JSON at \(path.isEmpty ? "top level" : path): \(detail)"
        case .notModifiedWithoutCache: return "server answered 304 Not Modified but no cached copy exists"
        case .serverRepeats(let offset):
            return "the server repeats itself: the page at offset \(offset) holds nothing new, so paging stopped"
        }
    }

    /// A network-level failure after which a stored copy may be shown instead ("offline").
    public var allowsStaleFallback: Bool {
        switch self {
        case .transport, .server, .serviceRetired, .rateLimited: true
        default: false
        }
    }

    /// Builds a decoding error naming the JSON path (`data.results[3].thumbnail.path`).
    static func decoding(_ error: any Error) -> MarvelAPIError {
        guard let error = error as? DecodingError else {
            return .decoding(path: "", detail: "\(error)")
        }
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { result, key in
                if let index = key.intValue { return result + "[\(index)]" }
                return result.isEmpty ? key.stringValue : result + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .decoding(path: path(context.codingPath + [key]), detail: "missing")
        case .typeMismatch(let type, let context):
            return .decoding(path: path(context.codingPath), detail: "expected \(type)")
        case .valueNotFound(let type, let context):
            return .decoding(path: path(context.codingPath), detail: "expected \(type), found null")
        case .dataCorrupted(let context):
            return .decoding(path: path(context.codingPath), detail: "not valid JSON")
        @unknown default:
            return .decoding(path: "", detail: "\(error)")
        }
    }
}

extension MarvelAPIError: UserFacingError {
    /// The sentence the screens say in the user's language (ids are the app's `err…` texts).
    public var userMessage: UserMessage {
        let message: UserMessage
        switch self {
        case .invalidArgument(let why): message = UserMessage("invalidArgument", UserMessage.raw(why))
        case .credentials(let why): message = UserMessage("credentials", UserMessage.raw(why))
        case .transport(let transport): message = transport.userMessage
        case .sourceRefused(let server):
            // The source's own account and settings, as it says them, never the Marvel keys.
            message = UserMessage("sourceRefused", UserMessage.raw(server))
        case .unauthorized(let server): message = UserMessage("unauthorized", UserMessage.suffix(server))
        case .forbidden(let server): message = UserMessage("forbidden", UserMessage.suffix(server))
        case .notFound(let server): message = UserMessage("notFound", UserMessage.suffix(server))
        case .rejected(let server): message = UserMessage("rejected", UserMessage.raw(server))
        case .rateLimited(let after): return .rateLimited(retryAfterSeconds: after.map { Int($0.components.seconds) })
        case .server(let status, let server): message = UserMessage("server", .text(String(status)), UserMessage.suffix(server))
        case .serviceRetired(let status): message = UserMessage("serviceRetired", .text(String(status)))
        case .unexpectedStatus(let status, let server):
            message = UserMessage("unexpectedStatus", .text(String(status)), UserMessage.suffix(server))
        case .decoding(let path, let detail):
            message = UserMessage("decoding", path.isEmpty ? .message(UserMessage("decodingTopLevel")) : UserMessage.raw(path),
                                  Self.decodingDetail(detail))
        case .notModifiedWithoutCache: message = UserMessage("notModifiedWithoutCache")
        case .serverRepeats(let offset): message = UserMessage("serverRepeats", .text(String(offset)))
        }
        // Such an error reaches the screen only when the client had no stored copy to fall back on.
        return allowsStaleFallback ? UserMessage("noOfflineCopy", .message(message)) : message
    }

    /// The decoding details are the few fixed English phrases `decoding(_:)` writes around a
    /// Swift type name; those become sentences of their own, anything else is shown as it is.
    static func decodingDetail(_ detail: String) -> UserMessage.Value {
        if detail == "missing" { return .message(UserMessage("decodingMissing")) }
        if detail == "not valid JSON" { return .message(UserMessage("decodingNotJSON")) }
        if detail.hasPrefix("expected ") {
            let type = detail.dropFirst("expected ".count)
            if type.hasSuffix(", found null") {
                return .message(UserMessage("decodingNull", .text(String(type.dropLast(", found null".count)))))
            }
            return .message(UserMessage("decodingExpected", .text(String(type))))
        }
        return UserMessage.raw(detail)
    }
}

extension UserMessage {
    /// 429 with no stored copy to show: "rate limit reached", with "retry after N s" when the
    /// wait is known (the screens count it down, saying the same sentence with fewer seconds).
    public static func rateLimited(retryAfterSeconds seconds: Int?) -> UserMessage {
        let limited = UserMessage("rateLimited", seconds.map { .message(UserMessage("retryAfter", .number($0))) } ?? .text(""))
        return UserMessage("noOfflineCopy", .message(limited))
    }
}
