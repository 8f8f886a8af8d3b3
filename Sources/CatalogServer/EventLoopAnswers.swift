import HTTPTypes
import HummingbirdCore
import NIOCore
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

    final class Counter: Sendable {
        private let value = Atomic(0)
        func add() { value.add(1, ordering: .relaxed) }
        var current: Int { value.load(ordering: .relaxed) }
    }

    /// Whether the request may be answered here once its end arrives: a GET or HEAD of an API
    /// path on a connection that stays open (`Connection: close` is the router's to honour).
    static func mayAnswer(_ request: HTTPRequest) -> Bool {
        (request.method == .get || request.method == .head) && request.headerFields[.connection] == nil
            && request.path?.hasPrefix("/v1/public/") == true
    }

    func answer(_ request: HTTPRequest, client: SocketAddress?) -> (HTTPResponse, ByteBuffer)? {
        let key = ReadyAnswers.Key(request)
        let found: ReadyAnswers.Ready, body: ByteBuffer
        if let known = ready.get(key), let held = self.body(of: known) {
            found = known
            body = held
        } else {
            let uri = URI(request.path ?? "")
            guard let made = responder.cachedAnswer(request, uri: uri) else { return nil }
            found = ReadyAnswers.Ready(head: MarvelResponder.head(made.reply), path: uri.path, cacheKey: made.key, etag: made.etag,
                                       body: made.reply.status == 304 ? .none : made.gzip ? .gzip : .identity)
            ready.put(key, found)
            body = made.reply.body
        }
        var head = found.head
        head.headerFields[.date] = date.now()
        responder.stats.record(path: found.path, status: head.status.code, bytes: body.readableBytes)
        responder.logAccess(client: client, request: request, status: head.status.code, contentLength: body.readableBytes)
        count.add()
        return (head, body)
    }

    /// The body a ready answer sends, while no fault is set and the answer cache still holds
    /// the entry it was made from; nil otherwise.
    private func body(of ready: ReadyAnswers.Ready) -> ByteBuffer? {
        guard responder.faults.current.isEmpty, let entry = responder.cache.get(ready.cacheKey), entry.etag == ready.etag else {
            return nil
        }
        switch ready.body {
        case .none: return ByteBuffer()
        case .gzip: return entry.gzipped
        case .identity: return entry.body
        }
    }
}
