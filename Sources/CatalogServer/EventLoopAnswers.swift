import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Synchronization

/// What `CachedAnswerHandler` sends for a request it may answer: a cached API page, as the
/// router would send it (`MarvelResponder.cachedAnswer`), counted in the statistics and
/// written to the access log like every answer; nil sends the request to the router.
struct EventLoopAnswers: Sendable {
    let responder: MarvelResponder
    let ready = ReadyAnswers()
    let date = HTTPDateClock()
    /// Answers sent here (`CatalogServer.answeredOnEventLoop`: tests know which path answered).
    let count = Counter()
    /// Of those, the ones whose body went from a memory file (`BodyFile`).
    let fromFiles = Counter()

    final class Counter: Sendable {
        private let value = Atomic(0)
        func add() { value.add(1, ordering: .relaxed) }
        var current: Int { value.load(ordering: .relaxed) }
    }

    /// A request that may be answered here once its end arrives, read in one pass over its
    /// header lines: a GET or HEAD of an API path, HTTP/1.1, on a connection that stays open
    /// (`Connection` is the router's to honour), without a body, and with each header the
    /// answer depends on given at most once (HTTPTypes would join repeated ones).
    struct Ask {
        let key: ReadyAnswers.Key
        let userAgent: String?

        init?(_ head: HTTPRequestHead) {
            guard head.version == .http1_1, head.method == .GET || head.method == .HEAD,
                  head.uri.utf8.starts(with: "/v1/public/".utf8) else { return nil }
            var host: String?, accept: String?, ifNoneMatch: String?, origin: String?, referer: String?, agent: String?
            var repeated = false
            func keep(_ slot: inout String?, _ value: String) {
                if slot != nil { repeated = true }
                slot = value
            }
            for (name, value) in head.headers {
                switch name.utf8.count {
                case 4 where Self.named(name, "host"): keep(&host, value)
                case 6 where Self.named(name, "origin"): keep(&origin, value)
                case 7 where Self.named(name, "referer"): keep(&referer, value)
                case 10 where Self.named(name, "connection"): return nil
                case 10 where Self.named(name, "user-agent"): keep(&agent, value)
                case 13 where Self.named(name, "if-none-match"): keep(&ifNoneMatch, value)
                case 14 where Self.named(name, "content-length"): return nil
                case 15 where Self.named(name, "accept-encoding"): keep(&accept, value)
                case 17 where Self.named(name, "transfer-encoding"): return nil
                default: break
                }
            }
            guard !repeated else { return nil }
            key = ReadyAnswers.Key(isHead: head.method == .HEAD, target: head.uri, authority: host, acceptEncoding: accept,
                                   ifNoneMatch: ifNoneMatch, origin: origin, referer: referer)
            userAgent = agent
        }

        /// `name` is `lowercase` in any case (both ASCII header names of the same length).
        private static func named(_ name: String, _ lowercase: StaticString) -> Bool {
            let wanted = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
            var index = 0
            for byte in name.utf8 {
                guard index < wanted.count, byte | 0x20 == wanted[index] else { return false }
                index += 1
            }
            return index == wanted.count
        }
    }

    /// An answer as it goes on the wire: the encoded head (up to `Date`), then the Date line
    /// (`HTTPDateClock.line`), then the body (empty for HEAD and 304): from `file` when it has
    /// one, the same bytes as `body`, else from `body`.
    struct Encoded {
        let head: ByteBuffer
        let body: ByteBuffer
        let file: BodyFile?
    }

    func answer(_ head: HTTPRequestHead, _ ask: Ask, client: @autoclosure () -> SocketAddress?) -> Encoded? {
        let found: ReadyAnswers.Ready, body: ByteBuffer
        var file: BodyFile?
        if let known = ready.get(ask.key), let held = self.body(of: known) {
            found = known
            (body, file) = held
        } else {
            // The request as the router would see it (Hummingbird's codec makes the same).
            guard let request = try? HTTPRequest(head, secure: false, splitCookie: false) else { return nil }
            let uri = URI(request.path ?? "")
            guard let made = responder.cachedAnswer(request, uri: uri) else { return nil }
            let response = MarvelResponder.head(made.reply)
            found = ReadyAnswers.Ready(head: ReadyAnswers.encoded(response), status: response.status.code, path: uri.path,
                                       cacheKey: made.key, etag: made.etag,
                                       body: made.reply.status == 304 ? .none : made.gzip ? .gzip : .identity)
            ready.put(ask.key, found)
            body = made.reply.body
            file = made.file
        }
        responder.stats.record(path: found.path, status: found.status, bytes: body.readableBytes)
        if responder.accessLog != nil {
            responder.logAccess(client: client(), method: head.method.rawValue, target: head.uri, status: found.status,
                                contentLength: body.readableBytes, referer: ask.key.referer, userAgent: ask.userAgent)
        }
        count.add()
        if ask.key.isHead { return Encoded(head: found.head, body: ByteBuffer(), file: nil) }
        if file != nil { fromFiles.add() }
        return Encoded(head: found.head, body: body, file: file)
    }

    /// The body a ready answer sends (and its memory file, if any), while no fault is set and
    /// the answer cache still holds the entry it was made from; nil otherwise.
    private func body(of ready: ReadyAnswers.Ready) -> (ByteBuffer, BodyFile?)? {
        guard responder.faults.current.isEmpty, let entry = responder.cache.get(ready.cacheKey), entry.etag == ready.etag else {
            return nil
        }
        switch ready.body {
        case .none: return (ByteBuffer(), nil)
        case .gzip: return entry.gzipped.map { ($0, nil) }
        case .identity: return (entry.body, entry.file)
        }
    }
}
