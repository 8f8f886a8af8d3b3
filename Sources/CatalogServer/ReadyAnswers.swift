import HTTPTypes
import NIOCore
import NIOHTTP1
import Synchronization

/// Cached answers with their status line and headers already encoded as they go on the wire,
/// by everything in a request that decides them, so a repeated request costs one dictionary
/// lookup and writes shared buffers. Holds no bodies: each use takes the body from the answer
/// cache and is served only while the cache still holds the same answer (same tag), so this
/// memo never outlives, or outgrows, the answer cache. Cleared when full.
final class ReadyAnswers: Sendable {
    /// Everything `MarvelResponder.cachedAnswer` reads of a request.
    struct Key: Hashable, Sendable {
        let isHead: Bool
        let target: String
        let authority: String?
        let acceptEncoding: String?
        let ifNoneMatch: String?
        let origin: String?
        let referer: String?
    }

    struct Ready: Sendable {
        /// The status line and header lines up to, not including, `Date` and the blank line.
        let head: ByteBuffer
        let status: Int
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

    /// `response`'s status line and header lines as NIO's encoder writes the router's answer
    /// after Hummingbird's HTTPTypes codec (`HTTPResponseHead(_:)`: HTTP/1.1, NIO's reason
    /// phrase, each field's name as spelled), without the blank line that ends the head.
    static func encoded(_ response: HTTPResponse) -> ByteBuffer {
        // NIO names a status given without a reason phrase (`HTTPResponse.Status(code:)`).
        let status = HTTPResponseStatus(statusCode: response.status.code, reasonPhrase: response.status.reasonPhrase)
        var buffer = ByteBuffer()
        buffer.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for field in response.headerFields {
            buffer.writeString(field.name.rawName)
            buffer.writeStaticString(": ")
            buffer.writeString(field.value)
            buffer.writeStaticString("\r\n")
        }
        return buffer
    }
}
