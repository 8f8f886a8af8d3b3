import Catalog
import Digests
import Foundation
import HTTPTypes
import Hummingbird
import MarvelContract
import NIOCore
import Synchronization

/// Every request: debug endpoints, then faults (latency, rate limit, 503), then the Marvel
/// routes or images; then ETag/304, gzip, truncation, throttling, and the stats.
struct MarvelResponder: HTTPResponder {
    typealias Context = ServerRequestContext

    /// The one source every API answer and picture comes from (the catalog or a live one).
    let backend: any LiveSource
    let renderer: any ImageRendering
    let keys: APIKeys?
    let faults: FaultState
    let stats: StatsRecorder
    let limiter: RateLimiter
    let cache: AnswerCache
    /// Entities as sent (hosts rewritten, deflated once), for the answers built.
    let served: ServedEntities
    var debugEndpoints = true
    /// One line per request, credentials redacted.
    var accessLog: AccessLog?
    /// CORS and the referrers allowed to call with `apikey` alone.
    var browser = BrowserAccess()
    /// `Cache-Control` of answers that do not set their own.
    var cachePolicy = CachePolicy.catalog
    /// The envelope's opening with the source's attribution.
    var envelopeHead = Envelope.Head.marvel
    /// The contract's "no picture" art for a source that has none of an entity.
    let placeholders = PlaceholderArt()

    func respond(to request: Request, context: Context) async throws -> Response {
        let response = try await answer(request)
        logAccess(client: context.remoteAddress, request: request.head, status: response.status.code,
            contentLength: Int(response.headers[.contentLength] ?? "") ?? 0)
        return response
    }

    private func answer(_ request: Request) async throws -> Response {
        let path = request.uri.path
        if debugEndpoints, path.hasPrefix("/debug/") {
            return debug(request)
        }
        if path == "/health" || path == "/openapi.json" {
            return operations(request, path: path)
        }
        if request.method == .options {
            // Preflights are answered before keys, faults and the rate limit: a browser sends
            // them without credentials, and they cost nothing.
            var reply = browser.preflight(request.headers)
            reply.headers.append(("Cache-Control", "no-store"))
            return send(reply, path: path, faults: FaultOptions())
        }
        let faults = self.faults.current
        if faults.latencyMS > 0 || faults.jitterMS > 0 {
            let ms = faults.latencyMS + (faults.jitterMS > 0 ? Int.random(in: 0...faults.jitterMS) : 0)
            try? await Task.sleep(for: .milliseconds(ms))
        }
        let acceptsGzip = Gzip.accepted(by: request.headers[.acceptEncoding])
        let reply = await answer(request, faults: faults, gzip: acceptsGzip)
        return send(finished(reply, headers: request.headers, query: request.uri.query, gzip: acceptsGzip), path: path, faults: faults)
    }

    /// The headers every answer to an answered request carries, whichever path answered it
    /// (the router here, or `CachedAnswerHandler` on the event loop): gzip, Vary, CORS and
    /// Cache-Control.
    func finished(_ answered: Reply, headers: HTTPFields, query: String?, gzip acceptsGzip: Bool) -> Reply {
        var reply = answered
        if !reply.isImage, acceptsGzip, reply.body.readableBytes > 0, !reply.isGzipped, let packed = try? Gzip.compress(reply.body) {
            reply.body = packed
            reply.isGzipped = true
        }
        if reply.isGzipped {
            reply.headers.append(("Content-Encoding", "gzip"))
            // Other bytes, another strong validator: the gzip body's own tag (`RepresentationTag`).
            reply.headers = reply.headers.map { $0.0 == "ETag" ? ($0.0, RepresentationTag.of($0.1, gzip: true)) : $0 }
        }
        // Every JSON answer may be gzipped or not by Accept-Encoding, so every one says so (the
        // plain ones and 304s too): a shared cache must not hand a gzip body to a client that
        // did not ask for it, nor the plain one to a client that did, under the same URL.
        if !reply.isImage { reply.headers.append(("Vary", "Accept-Encoding")) }
        // An answer let through for the page's Referer (a browser key: `apikey` alone) is that
        // page's: a shared cache in front (deploy/nginx) keeps it per Referer and Origin, so a
        // page not allowed, or a request naming none, reaches serve and gets its 401 or 409.
        if !reply.isImage, referrerDecides(query: query) { reply.headers.append(("Vary", "Referer, Origin")) }
        reply.headers += browser.headers(origin: headers[.origin])
        let varies = reply.headers.filter { $0.0 == "Vary" }.flatMap { $0.1.components(separatedBy: ", ") }
        if varies.count > 1 {  // one header, each name once, as clients reading the first one expect
            reply.headers.removeAll { $0.0 == "Vary" }
            reply.headers.append(("Vary", varies.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")))
        }
        if !reply.headers.contains(where: { $0.0 == "Cache-Control" }) {
            reply.headers.append(("Cache-Control", cachePolicy.header(status: reply.status, isImage: reply.isImage)))
        }
        return reply
    }

    /// Whether the key check of this request depends on its Referer or Origin (`APIKeys.check`).
    private func referrerDecides(query: String?) -> Bool {
        guard keys != nil, !browser.allowedReferrers.isEmpty else { return false }
        let params = QueryParameters(query)
        return params["ts"] == nil && params["hash"] == nil
    }

    private func answer(_ request: Request, faults: FaultOptions, gzip: Bool) async -> Reply {
        if let wait = limiter.admit(limit: faults.rateLimitPerMinute) {
            var failure = APIFailure.gateway(429, "RequestThrottled", "You have exceeded your rate limit.  Please try again later.")
            failure.headers = [("Retry-After", String(wait))]
            return Reply(failure)
        }
        if faults.failRate > 0, Double.random(in: 0..<1) < faults.failRate {
            return Reply(.gateway(503, "ServiceUnavailable", "The service is temporarily unavailable."))
        }
        guard request.method == .get || request.method == .head else {
            var failure = APIFailure.methodNotAllowed(request.method.rawValue)
            failure.headers = [("Allow", BrowserAccess.methods)]
            return Reply(failure)
        }
        let path = request.uri.path
        let params = QueryParameters(request.uri.query)
        // Echoed by "does not exist": never with the credentials.
        let pathAndQuery = QueryParameters.withoutCredentials(path: path, query: request.uri.query)
        if path.hasPrefix("/v1/public/") {
            return await api(request, path: path, params: params, pathAndQuery: pathAndQuery, gzip: gzip)
        }
        if let imageRequest = ImageService.parse(path: path),
           let kind = HostileArt.kind(token: imageRequest.token, rate: faults.hostileCoverRate) {
            let (bytes, type) = HostileArt.bytes(kind)
            return Reply(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: bytes, isImage: true)
        }
        let urgency = PriorityHeader.urgency(request.headers[PriorityHeader.name])
        guard backend.picturesWaitForBudget else {
            guard let found = await backend.image(path: path, urgency: urgency, renderer: renderer) else { return Reply(.noRoute(pathAndQuery)) }
            return image(found, request: request, faults: faults)
        }
        return await imageUnlessClientLeaves(request, path: path, urgency: urgency, faults: faults, pathAndQuery: pathAndQuery)
    }

    /// A picture that may wait for the source's budget stops waiting when its client closes the
    /// connection (the gallery aborts a tile's transfer when the tile leaves the screen): the
    /// budget then goes to the pictures still wanted, not to a screen left behind, whose waits
    /// the server could not tell from the screen paged to's. Hummingbird notices the close by
    /// reading the connection, and closes it after the answer (`Connection: close` says so).
    private func imageUnlessClientLeaves(_ request: Request, path: String, urgency: Int, faults: FaultOptions,
                                         pathAndQuery: String) async -> Reply {
        let backend = self.backend, renderer = self.renderer
        let found: LiveImage?
        do {
            found = try await request.body.consumeWithCancellationOnInboundClose { _ in
                await backend.image(path: path, urgency: urgency, renderer: renderer)
            }
        } catch {
            // Nobody reads this answer; the stats count it.
            return Reply(status: 503, headers: [("Content-Type", "text/plain")], body: Array("the client went away\n".utf8), isImage: true)
        }
        var reply = found.map { image($0, request: request, faults: faults) } ?? Reply(.noRoute(pathAndQuery))
        reply.headers.append(("Connection", "close"))
        return reply
    }

    /// The base URL of links in answers: the request's Host when it is a host name, IPv4 or
    /// bracketed IPv6 address with an optional port (as `BrowserReferrer` reads one); the
    /// loopback address for a request without one; nil for anything else.
    static func base(authority: String?) -> String? {
        guard let authority else { return "http://127.0.0.1" }
        guard let (_, port) = BrowserReferrer.splitHostPort(Substring(authority), allowStar: false),
              port.map({ (Int($0) ?? .max) <= 65535 }) ?? true else { return nil }
        return "http://\(authority)"
    }

    private func api(_ request: Request, path: String, params: QueryParameters, pathAndQuery: String, gzip: Bool) async -> Reply {
        do throws(APIFailure) {
            try keys?.check(params, referrer: request.headers[Self.referer] ?? request.headers[.origin],
                            allowedReferrers: browser.allowedReferrers)
            // Every URL of the answer is built from the Host: one that is not a host and port
            // (`Host: a","x":"y`) is refused, not copied into the JSON.
            guard let base = Self.base(authority: request.head.authority) else {
                throw .status(400, "Invalid Host header: " + APIFailure.shown(request.head.authority ?? "", limit: 64))
            }
            let key = Self.answerKey(base: base, path: path, params: params)
            if let hit = cache.get(key) {
                return Self.reply(hit, ifNoneMatch: request.headers[.ifNoneMatch], acceptsGzip: gzip, packed: cache.gzipped(key, hit))
            }
            let (answer, staleSince, partial, unknown) = try await build(path: path, params: params, pathAndQuery: pathAndQuery, base: base)
            // Which fields hold the contract's empty value for what the source does not know:
            // on the 304 too, which stands for the same body with these headers.
            let unknownHeader = unknown.headerValue.map { [(UnknownFields.header, $0)] } ?? []
            if let staleSince {
                // The live source could not be reached and stored copies answered: say so (RFC 7234
                // Warning 110 and Age), and do not keep the answer past this request.
                let age = max(0, Int(Date().timeIntervalSince(staleSince)))
                return .json(200, answer.json(), extra: [("ETag", answer.etag), ("Warning", "110 - \"Response is Stale\""),
                                                         ("Age", String(age)), ("Cache-Control", "no-cache")] + unknownHeader)
            }
            if let held = RepresentationTag.notModified(request.headers[.ifNoneMatch], etag: answer.etag, acceptsGzip: gzip) {
                return Reply(status: 304, headers: [("ETag", held)] + unknownHeader)
            }
            if partial || !unknown.isEmpty {
                // Filled further at the next ask: not kept here, revalidated by clients.
                return .json(200, answer.json(), extra: [("ETag", answer.etag), ("Cache-Control", "no-cache")] + unknownHeader)
            }
            guard gzip, let packed = answer.gzip(served.pieces(answer.entities)) else {
                let body = answer.json()
                if cache.keepsAnswers { cache.put(key, AnswerCache.Entry(etag: answer.etag, body: body)) }
                return .json(200, body, extra: [("ETag", answer.etag)])
            }
            if cache.keepsAnswers { cache.put(key, AnswerCache.Entry(etag: answer.etag, body: answer.json(), gzipped: packed)) }
            return .gzipped(packed, etag: answer.etag)
        } catch {
            return Reply(error)
        }
    }

    /// The answer to an API path that is not in the answer cache, when the source's was a
    /// stored copy because the source could not be reached, since when, and whether the
    /// source knows more of it later (`RouteAnswer.partial`).
    private func build(path: String, params: QueryParameters, pathAndQuery: String,
                       base: String) async throws(APIFailure) -> (Envelope.Answer, staleSince: Date?, partial: Bool, unknown: UnknownFields) {
        guard let route = ContractRoute(path.dropFirst("/v1/public/".count).split(separator: "/")) else {
            throw .noRoute(pathAndQuery)
        }
        let result = try await backend.answer(route, params, pathAndQuery: pathAndQuery, base: base)
        return (Envelope.build(result, entities: served.entities(result.kind, result.page, base: base), head: envelopeHead),
                result.staleSince, result.partial, result.unknown)
    }

    /// A source's picture answer as sent: 304 when the client holds it, faults applied.
    private func image(_ found: LiveImage, request: Request, faults: FaultOptions) -> Reply {
        let picture: LivePicture
        switch found {
        case .picture(let bytes): picture = bytes
        case .placeholder(let asked): picture = placeholders.picture(asked, renderer: renderer)
        case .notFound(let text):
            return Reply(status: 404, headers: [("Content-Type", "text/plain")], body: Array("\(text)\n".utf8), isImage: true)
        case .failed(let status, let text):
            return Reply(status: status, headers: [("Content-Type", "text/plain")], body: Array("\(text)\n".utf8), isImage: true)
        case .mustWait(let seconds, let text):
            return Reply(status: 429, headers: [("Content-Type", "text/plain"), ("Retry-After", String(seconds))],
                         body: Array("\(text)\n".utf8), isImage: true)
        }
        let etag = picture.etag ?? Digest.sha1Hex(picture.bytes)
        // Pictures are sent as they are (never gzip): one representation, one tag.
        if let held = RepresentationTag.notModified(request.headers[.ifNoneMatch], etag: etag, acceptsGzip: false) {
            return Reply(status: 304, headers: [("ETag", held)], isImage: true)
        }
        var bytes = [UInt8](picture.bytes)
        let ext = ImageService.parse(path: request.uri.path)?.fileExtension ?? "jpg"
        var headers = [("Content-Type", picture.contentType ?? ImageService.contentType(of: picture.bytes, ext)), ("ETag", etag)]
        if let maxAge = picture.maxAge { headers.append(("Cache-Control", "max-age=\(maxAge)")) }
        if faults.corruptImageRate > 0, Double.random(in: 0..<1) < faults.corruptImageRate {
            Self.corrupt(&bytes)
            headers.removeAll { $0.0 == "Cache-Control" }
            headers.append(("Cache-Control", "no-store"))  // not what the ETag names
        }
        return Reply(status: 200, headers: headers, body: bytes, isImage: true)
    }

    /// Keeps the first quarter (headers decode), garbles the rest: same length, still a 200.
    static func corrupt(_ bytes: inout [UInt8]) {
        guard bytes.count > 8 else { return }
        var x: UInt32 = 0x9E37_79B9
        for i in (bytes.count / 4)..<bytes.count {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5
            bytes[i] = UInt8(truncatingIfNeeded: x)
        }
    }

    /// A cached answer as sent: 304 when the request holds a representation of it, else the gzip
    /// body (`packed`, asked only then) when the request accepts gzip, else the identity body.
    static func reply(_ hit: AnswerCache.Entry, ifNoneMatch: String?, acceptsGzip: Bool,
                      packed: @autoclosure () -> ByteBuffer?) -> Reply {
        if let held = RepresentationTag.notModified(ifNoneMatch, etag: hit.etag, acceptsGzip: acceptsGzip) {
            return Reply(status: 304, headers: [("ETag", held)])
        }
        if acceptsGzip, let packed = packed() { return .gzipped(packed, etag: hit.etag) }
        return .json(200, hit.body, extra: [("ETag", hit.etag)])
    }

    /// The status line and header fields of `reply` (a 304 has no Content-Length).
    static func head(_ reply: Reply) -> HTTPResponse {
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        if reply.status != 304 { fields[.contentLength] = String(reply.body.readableBytes) }
        return HTTPResponse(status: HTTPResponse.Status(code: reply.status), headerFields: fields)
    }

    /// `counted: false` for the debug endpoints, which the counters they show leave out.
    private func send(_ reply: Reply, path: String, faults: FaultOptions, counted: Bool = true) -> Response {
        let head = Self.head(reply)
        let status = head.status, fields = head.headerFields
        let bytes = reply.body
        let truncate = bytes.readableBytes > 0 && faults.truncateRate > 0 && Double.random(in: 0..<1) < faults.truncateRate
        let throttle = reply.isImage && faults.bandwidthBytesPerSecond > 0 && bytes.readableBytes > 0
        let sent = truncate ? bytes.readableBytes / 2 : bytes.readableBytes
        if counted { stats.record(path: path, status: reply.status, bytes: sent) }
        if reply.status == 304 { return Response(status: status, headers: fields) }
        guard truncate || throttle else {
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: bytes))
        }
        let rate = faults.bandwidthBytesPerSecond
        let body = ResponseBody(contentLength: bytes.readableBytes) { writer in
            let chunk = throttle ? max(1, rate / 20) : max(1, sent)
            var offset = 0
            while offset < sent {
                let end = min(sent, offset + chunk)
                try await writer.write(bytes.getSlice(at: bytes.readerIndex + offset, length: end - offset) ?? ByteBuffer())
                if throttle { try await Task.sleep(for: .seconds(Double(end - offset) / Double(rate))) }
                offset = end
            }
            if truncate { throw TruncatedBody() }  // closes the connection mid-body
            try await writer.finish(nil)
        }
        return Response(status: status, headers: fields, body: body)
    }

    struct TruncatedBody: Error {}

    /// `GET /health` and `GET /openapi.json` (HEAD too), open without keys (a load balancer or a
    /// client generator has none; neither says anything the keys protect), never cached by
    /// proxies, never a request to the source: health reads only what the source already knows.
    private func operations(_ request: Request, path: String) -> Response {
        guard request.method == .get || request.method == .head else {
            var failure = APIFailure.methodNotAllowed(request.method.rawValue)
            failure.headers = [("Allow", "GET, HEAD"), ("Cache-Control", "no-store")]
            return send(Reply(failure), path: path, faults: FaultOptions())
        }
        if path == "/openapi.json" {
            let body = OpenAPIDocument.json(backend.capabilities, source: backend.name, signed: keys != nil)
            return send(.json(200, body, extra: [("Cache-Control", "no-cache")]), path: path, faults: FaultOptions())
        }
        let health = backend.health
        var object: [String: Any] = ["status": health.canAnswer ? "ok" : "unavailable", "source": backend.name]
        if let version = health.version { object["version"] = version }
        if let reason = health.reason { object["reason"] = reason }
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { [UInt8]($0) } ?? []
        return send(.json(health.canAnswer ? 200 : 503, body, extra: [("Cache-Control", "no-store")]), path: path,
                    faults: FaultOptions())
    }

    static let referer = HTTPField.Name("Referer")!

    /// `GET /debug/stats` (HEAD too) and `POST /debug/reset` (it changes state: a GET could
    /// come from any page's <img>, a prefetch or a crawler); other methods get 405 with `Allow`.
    /// With keys, the counters (every path asked, including search terms) are as private as
    /// the API: the same signature is required.
    private func debug(_ request: Request) -> Response {
        let path = request.uri.path
        let allowed: [HTTPRequest.Method]
        switch path {
        case "/debug/stats": allowed = [.get, .head]
        case "/debug/reset": allowed = [.post]
        default:
            return send(Reply(.noRoute(path)).with([("Cache-Control", "no-store")]), path: path, faults: FaultOptions(), counted: false)
        }
        guard allowed.contains(request.method) else {
            var failure = APIFailure.methodNotAllowed(request.method.rawValue)
            failure.headers = [("Allow", allowed.map(\.rawValue).joined(separator: ", ")), ("Cache-Control", "no-store")]
            return send(Reply(failure), path: path, faults: FaultOptions(), counted: false)
        }
        do throws(APIFailure) {
            try keys?.check(QueryParameters(request.uri.query))
        } catch {
            return send(Reply(error).with([("Cache-Control", "no-store")]), path: path, faults: FaultOptions(), counted: false)
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        if path == "/debug/reset" {
            stats.reset()
            limiter.reset()
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"reset\":true}")))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(stats.snapshot())) ?? Data("{}".utf8)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
