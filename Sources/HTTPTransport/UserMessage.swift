import Foundation

/// What an error says to the person at the screen, before it is put into a language: which
/// sentence (`id`, a name the app's strings table knows, e.g. `timeoutConnect`) and the values
/// it is filled with. Each error type says its own (`UserFacingError`), at its own layer, so the
/// screens hold this value rather than the error and never switch over another layer's cases.
/// Text values are masked of anything that looks like a key or a URL signature when they are
/// made, so no message can carry one.
public struct UserMessage: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        /// Shown as it is (a host, a status code, the server's own words).
        case text(String)
        /// A count, written with the language's digit grouping.
        case number(Int)
        /// A sentence of its own, said in the same language (a detail, a note).
        case message(UserMessage)
    }

    public let id: String
    public let values: [Value]

    public init(_ id: String, _ values: Value...) {
        self.id = id
        self.values = values
    }

    /// A server's or a library's own text: masked, as every text value must be.
    public static func raw(_ text: String) -> Value { .text(masked(text)) }

    /// `": server text"` or nothing, for the "(404: …)" frames.
    public static func suffix(_ server: String) -> Value { .text(server.isEmpty ? "" : ": " + masked(server)) }

    /// The text with the values of `ts=`, `apikey=` and `hash=` and any run of 32 or more hex
    /// digits (a key or an MD5 signature) replaced by `…`.
    public static func masked(_ text: String) -> String {
        text.replacing(/(?i)\b(apikey|hash|ts)=[^&\s"'<>]*/) { "\($0.output.1)=…" }
            .replacing(/[0-9a-fA-F]{32,}/, with: "…")
    }
}

/// An error that can say itself to the user (`UserMessage`); its `description` stays the
/// English text for logs and stderr.
public protocol UserFacingError: Error {
    var userMessage: UserMessage { get }
}

extension HTTPTransportError: UserFacingError {
    public var userMessage: UserMessage {
        switch self {
        case .invalidURL(let why): UserMessage("invalidURL", UserMessage.raw(why))
        case .timedOut(.connect, let host): UserMessage("timeoutConnect", .text(host))
        case .timedOut(.stall, let host): UserMessage("timeoutStall", .text(host))
        case .timedOut(.total, let host): UserMessage("timeoutTotal", .text(host))
        case .cannotResolveHost(let host): UserMessage("cannotResolve", .text(host))
        case .cannotConnect(let host, let detail): UserMessage("cannotConnect", .text(host), UserMessage.raw(detail))
        case .tls(let host, let detail): UserMessage("TLS", .text(host), UserMessage.raw(detail))
        case .connectionLost(let host, let detail): UserMessage("connectionLost", .text(host), UserMessage.raw(detail))
        case .responseTooLarge(let limit): UserMessage("tooLarge", .number(limit))
        case .tooManyRedirects(let limit): UserMessage("tooManyRedirects", .text(String(limit)))
        case .unsupportedRedirect(let host): UserMessage("badRedirect", .text(host))
        case .badContentEncoding(let host): UserMessage("badEncoding", .text(host))
        case .shutDown: UserMessage("shutDown")
        case .curl(let code, let detail): UserMessage("curl", .text(String(code)), UserMessage.raw(detail))
        }
    }
}
