import HTTPTypes
import NIOCore
import Synchronization

/// Cached answers with their status line and headers made, by everything in a request that
/// decides them, so a repeated request costs two dictionary lookups instead of parsing its
/// query and building its headers again. Holds no bodies: each use takes the body from the
/// answer cache and is served only while the cache still holds the same answer (same tag),
/// so this memo never outlives, or outgrows, the answer cache. Cleared when full.
final class ReadyAnswers: Sendable {
    /// Everything `MarvelResponder.cachedAnswer` reads of a request.
    struct Key: Hashable, Sendable {
        let method: HTTPRequest.Method
        let target: String
        let authority: String?
        let acceptEncoding: String?
        let ifNoneMatch: String?
        let origin: String?
        let referer: String?

        init(_ request: HTTPRequest) {
            let headers = request.headerFields
            method = request.method
            target = request.path ?? ""
            authority = request.authority
            acceptEncoding = headers[.acceptEncoding]
            ifNoneMatch = headers[.ifNoneMatch]
            origin = headers[.origin]
            referer = headers[MarvelResponder.referer]
        }
    }

    struct Ready: Sendable {
        let head: HTTPResponse
        /// The request path, as the counters name it.
        let path: String
        let cacheKey: String
        let etag: String
        /// Which body of the cache entry goes out: none (a 304), the gzip one, the identity one.
        let body: Body
        enum Body: Sendable { case none, gzip, identity }
    }

    static let capacity = 4_096

    private let entries = Mutex([Key: Ready]())

    func get(_ key: Key) -> Ready? { entries.withLock { $0[key] } }

    func put(_ key: Key, _ ready: Ready) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = ready
        }
    }
}
