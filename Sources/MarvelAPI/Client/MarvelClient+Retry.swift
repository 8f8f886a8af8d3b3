import Foundation
import HTTPTransport

extension MarvelClient {
    /// Sends with the retry policy's one rule (`RetryPolicy.isRetryable`; a Retry-After up to
    /// the cap is waited, a longer one returned at once); every other status is returned as is.
    /// A 5xx from the official gateway is not retried: it is the retired service's answer.
    func sendWithRetries(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await retryPolicy.run(wait: { try await retryPolicy.sleep($0) }) { _ throws -> RetryStep<HTTPResponse, any Error> in
            let response: HTTPResponse
            do {
                response = try await transport.send(request)
            } catch let error as HTTPTransportError {
                guard RetryPolicy.isRetryable(error) else { throw MarvelAPIError.transport(error) }
                return .retry(after: nil, otherwise: .failure(MarvelAPIError.transport(error)))
            }
            let status = response.status
            guard RetryPolicy.isRetryable(status: status), !(isOfficialGateway && status >= 500) else { return .done(response) }
            let retryAfter = RetryPolicy.parseRetryAfter(response.headers["retry-after"])
            // A server asking for longer than the cap is only refused again if asked sooner:
            // its answer stands, and says how long (a live source's wait of days once took 40 s of
            // capped retries to end in the same 429).
            if let retryAfter, retryAfter > retryPolicy.maxRetryAfter { return .done(response) }
            return .retry(after: retryAfter, otherwise: .success(response))
        }
    }

    /// Maps a non-2xx response to the error enum, with the server's text (auth params redacted).
    func error(for response: HTTPResponse) -> MarvelAPIError {
        let body = try? JSONDecoder().decode(MarvelErrorBody.self, from: response.body)
        let text = Self.redactingAuth(body?.message ?? "")
        switch response.status {
        case 401 where body?.code == .name(MarvelAPIError.sourceRefusedCode): return .sourceRefused(text)
        case 401: return .unauthorized(text)
        case 403: return .forbidden(text)
        case 404: return .notFound(Self.contractNouns(text))
        case 409: return .rejected(text)
        case 429: return .rateLimited(retryAfter: RetryPolicy.parseRetryAfter(response.headers["retry-after"]))
        case 500...599 where isOfficialGateway: return .serviceRetired(status: response.status)
        case 500...599: return .server(status: response.status, message: text)
        default: return .unexpectedStatus(response.status, message: text)
        }
    }

    /// The Marvel API's 404 texts name its internal tables ("We couldn't find that comic_issue",
    /// "... that comic_story"); people read the contract's words ("that comic", "that story").
    static func contractNouns(_ text: String) -> String {
        text.replacingOccurrences(of: "that comic_issue", with: "that comic")
            .replacingOccurrences(of: "that comic_story", with: "that story")
    }

    /// Servers echo request URLs in messages (`/v1/public/x?apikey=…&hash=… does not exist`):
    /// drop the auth values before a message reaches an error, a log or the screen.
    static func redactingAuth(_ text: String) -> String {
        var result = text
        for name in ResponseCache.authParameters {
            var searchStart = result.startIndex
            while let range = result.range(of: "\(name)=", range: searchStart..<result.endIndex) {
                let valueEnd = result[range.upperBound...].firstIndex { $0 == "&" || $0 == " " || $0 == "\"" } ?? result.endIndex
                result.replaceSubrange(range.upperBound..<valueEnd, with: "…")
                searchStart = result.index(range.upperBound, offsetBy: 1, limitedBy: result.endIndex) ?? result.endIndex
            }
        }
        return result
    }
}
