import ContractServing
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The answers `CachedAnswerHandler` sends on the event loop: an API page the answer cache
/// already holds, with every header the router would give it. Anything else (a miss, a
/// failed key check, a fault, a gzip form not made yet, another route) is nil and goes to
/// the router, which answers it as it answers every request.
extension MarvelResponder {
    /// The answer cache's key: the links in an answer are built from the Host, and the
    /// credentials do not change the page.
    static func answerKey(base: String, path: String, params: QueryParameters) -> String {
        "\(base)\(path)?\(params.canonical)"
    }

    /// A cached answer with the headers the router would send, and what `ReadyAnswers` needs
    /// to know it is still the cache's.
    struct CachedAnswer: Sendable {
        let reply: Reply
        /// The answer cache's key and the tag of the entry the reply was made from.
        let key: String
        let etag: String
        /// The body is the entry's gzip form.
        let gzip: Bool
        /// The identity body's memory file, when the reply sends that body and it has one.
        let file: BodyFile?
    }

    /// The answer to a GET or HEAD of an API page that the answer cache holds, or nil.
    func cachedAnswer(_ request: HTTPRequest, uri: URI) -> CachedAnswer? {
        guard request.method == .get || request.method == .head, faults.current.isEmpty else { return nil }
        let path = uri.path
        guard path.hasPrefix("/v1/public/") else { return nil }
        let params = QueryParameters(uri.query)
        let headers = request.headerFields
        do throws(APIFailure) {
            try keys?.check(params, referrer: headers[Self.referer] ?? headers[.origin], allowedReferrers: browser.allowedReferrers)
        } catch {
            return nil
        }
        guard let base = Self.base(authority: request.authority) else { return nil }
        let key = Self.answerKey(base: base, path: path, params: params)
        guard let hit = cache.get(key) else { return nil }
        let gzip = Gzip.accepted(by: headers[.acceptEncoding])
        // The gzip form is made once, by the router: compressing here would hold the event loop.
        if gzip, hit.gzipped == nil { return nil }
        let reply = Self.reply(hit, ifNoneMatch: headers[.ifNoneMatch], acceptsGzip: gzip, packed: hit.gzipped)
        return CachedAnswer(reply: finished(reply, headers: headers, query: uri.query, gzip: gzip), key: key,
                            etag: hit.etag, gzip: reply.isGzipped,
                            file: reply.status == 304 || reply.isGzipped ? nil : hit.file)
    }

    /// The access log's line of one answered request, whichever path answered it.
    func logAccess(client: SocketAddress?, request: HTTPRequest, status: Int, contentLength: Int) {
        guard accessLog != nil else { return }
        logAccess(client: client, method: request.method.rawValue, target: request.path ?? "", status: status,
                  contentLength: contentLength, referer: request.headerFields[Self.referer],
                  userAgent: request.headerFields[.userAgent])
    }

    func logAccess(client: SocketAddress?, method: String, target: String, status: Int, contentLength: Int,
                   referer: String?, userAgent: String?) {
        guard let accessLog else { return }
        accessLog.record(AccessLog.Entry(
            client: client?.ipAddress ?? "-", method: method, target: target,
            status: status, bytes: status == 304 || method == "HEAD" ? 0 : contentLength,
            referer: referer, userAgent: userAgent))
    }
}
