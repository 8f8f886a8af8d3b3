import Foundation

/// Everything that can go wrong moving bytes. Descriptions name the host, never the full URL
/// (query strings can carry credentials).
public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum TimeoutPhase: String, Sendable, Hashable {
        case connect, stall, total
    }

    /// The URL is not http(s) or cannot be parsed.
    case invalidURL(String)
    case timedOut(TimeoutPhase, host: String)
    case cannotResolveHost(String)
    case cannotConnect(host: String, detail: String)
    /// TLS handshake or certificate verification failed.
    case tls(host: String, detail: String)
    /// The connection dropped mid-response or the server sent nothing.
    case connectionLost(host: String, detail: String)
    /// The body exceeds the request's cap (bytes).
    case responseTooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    /// A redirect to a scheme other than http/https.
    case unsupportedRedirect(host: String)
    case badContentEncoding(host: String)
    /// The transport was shut down before the transfer finished.
    case shutDown
    /// Any other curl failure: its code and message.
    case curl(code: Int, detail: String)

    /// The request never left for the server: no address (DNS), no connection (refused,
    /// unreachable) or none in time. A budget counted per request it did not make gives it back.
    public var neverReachedServer: Bool {
        switch self {
        case .cannotResolveHost, .cannotConnect, .timedOut(.connect, _), .invalidURL: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let why): "invalid URL: \(why)"
        case .timedOut(.connect, let host): "timed out connecting to \(host)"
        case .timedOut(.stall, let host): "\(host) stopped sending data (transfer stalled)"
        case .timedOut(.total, let host): "request to \(host) took too long"
        case .cannotResolveHost(let host): "cannot resolve host \(host) (DNS)"
        case .cannotConnect(let host, let detail): "cannot connect to \(host): \(detail)"
        case .tls(let host, let detail): "secure connection to \(host) failed: \(detail)"
        case .connectionLost(let host, let detail): "connection to \(host) was lost: \(detail)"
        case .responseTooLarge(let limit): "response larger than the \(limit)-byte limit"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .unsupportedRedirect(let host): "\(host) redirected to a non-http(s) URL"
        case .badContentEncoding(let host): "\(host) sent a body that does not decompress"
        case .shutDown: "the HTTP transport was shut down"
        case .curl(let code, let detail): "network error (curl \(code)): \(detail)"
        }
    }
}
