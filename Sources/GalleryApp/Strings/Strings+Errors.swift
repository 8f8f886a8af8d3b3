import HTTPTransport
import MarvelAPI

/// Client errors said in the user's language. The technical details (host, status code, JSON
/// path, the server's own text) are filled into the sentence as they are; anything that looks
/// like a URL signature or a key is masked first, so no text on screen can carry one.
extension Strings {
    public func describe(_ error: MarvelAPIError) -> String {
        let text: String
        switch error {
        case .invalidArgument(let why): text = self.text(.errInvalidArgument, Strings.masked(why))
        case .credentials(let why): text = self.text(.errCredentials, Strings.masked(why))
        case .transport(let transport): text = describe(transport)
        case .unauthorized(let server): text = self.text(.errUnauthorized, Strings.suffix(server))
        case .forbidden(let server): text = self.text(.errForbidden, Strings.suffix(server))
        case .notFound(let server): text = self.text(.errNotFound, Strings.suffix(server))
        case .rejected(let server): text = self.text(.errRejected, Strings.masked(server))
        case .rateLimited(let after):
            let wait = after.map { self.text(.errRetryAfter, number(Int($0.components.seconds))) } ?? ""
            text = self.text(.errRateLimited, wait)
        case .server(let status, let server): text = self.text(.errServer, status, Strings.suffix(server))
        case .serviceRetired(let status): text = self.text(.errServiceRetired, status)
        case .unexpectedStatus(let status, let server):
            text = self.text(.errUnexpectedStatus, status, Strings.suffix(server))
        case .decoding(let path, let detail):
            text = self.text(.errDecoding, path.isEmpty ? self[.errDecodingTopLevel] : Strings.masked(path),
                             decodingDetail(detail))
        case .notModifiedWithoutCache: text = self[.errNotModifiedWithoutCache]
        case .serverRepeats(let offset): text = self.text(.errServerRepeats, offset)
        }
        // Such an error reaches the screen only when the client had no stored copy to fall back on.
        return error.allowsStaleFallback ? self.text(.errNoOfflineCopy, text) : text
    }

    public func describe(_ error: HTTPTransportError) -> String {
        switch error {
        case .invalidURL(let why): text(.errInvalidURL, Strings.masked(why))
        case .timedOut(.connect, let host): text(.errTimeoutConnect, host)
        case .timedOut(.stall, let host): text(.errTimeoutStall, host)
        case .timedOut(.total, let host): text(.errTimeoutTotal, host)
        case .cannotResolveHost(let host): text(.errCannotResolve, host)
        case .cannotConnect(let host, let detail): text(.errCannotConnect, host, Strings.masked(detail))
        case .tls(let host, let detail): text(.errTLS, host, Strings.masked(detail))
        case .connectionLost(let host, let detail): text(.errConnectionLost, host, Strings.masked(detail))
        case .responseTooLarge(let limit): text(.errTooLarge, number(limit))
        case .tooManyRedirects(let limit): text(.errTooManyRedirects, limit)
        case .unsupportedRedirect(let host): text(.errBadRedirect, host)
        case .badContentEncoding(let host): text(.errBadEncoding, host)
        case .shutDown: self[.errShutDown]
        case .curl(let code, let detail): text(.errCurl, code, Strings.masked(detail))
        }
    }

    /// The client's decoding details are a few fixed English phrases around a Swift type name;
    /// those are translated, anything else is shown as it is.
    func decodingDetail(_ detail: String) -> String {
        if detail == "missing" { return self[.errDecodingMissing] }
        if detail == "not valid JSON" { return self[.errDecodingNotJSON] }
        if detail.hasPrefix("expected ") {
            let type = detail.dropFirst("expected ".count)
            if type.hasSuffix(", found null") {
                return text(.errDecodingNull, String(type.dropLast(", found null".count)))
            }
            return text(.errDecodingExpected, String(type))
        }
        return Strings.masked(detail)
    }

    /// `": server text"` or nothing, for the "(404: …)" frames.
    static func suffix(_ server: String) -> String {
        server.isEmpty ? "" : ": " + masked(server)
    }

    /// The text with the values of `ts=`, `apikey=` and `hash=` and any run of 32 or more hex
    /// digits (a key or an MD5 signature) replaced by `…`.
    static func masked(_ text: String) -> String {
        text.replacing(/(?i)\b(apikey|hash|ts)=[^&\s"'<>]*/) { "\($0.output.1)=…" }
            .replacing(/[0-9a-fA-F]{32,}/, with: "…")
    }
}
