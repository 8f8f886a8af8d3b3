import ContractServing
import NIOCore

/// An answer before faults and encoding are applied. The body is a ByteBuffer so a cached
/// answer's bytes reach the connection without a copy.
struct Reply: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body = ByteBuffer()
    var isImage = false
    /// The body is already gzip (from the answer cache).
    var isGzipped = false

    static func json(_ status: Int, _ body: [UInt8], extra: [(String, String)] = []) -> Reply {
        json(status, ByteBuffer(bytes: body), extra: extra)
    }

    static func json(_ status: Int, _ body: ByteBuffer, extra: [(String, String)] = []) -> Reply {
        Reply(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + extra, body: body)
    }

    /// A 200 whose body is already gzip.
    static func gzipped(_ body: ByteBuffer, etag: String) -> Reply {
        var reply = json(200, body, extra: [("ETag", etag)])
        reply.isGzipped = true
        return reply
    }

    init(status: Int, headers: [(String, String)] = [], body: [UInt8], isImage: Bool = false) {
        self.init(status: status, headers: headers, body: ByteBuffer(bytes: body), isImage: isImage)
    }

    init(status: Int, headers: [(String, String)] = [], body: ByteBuffer = ByteBuffer(), isImage: Bool = false) {
        self.status = status; self.headers = headers; self.body = body; self.isImage = isImage
    }

    init(_ failure: APIFailure) {
        self = .json(failure.httpStatus, Array(failure.body.utf8), extra: failure.headers)
    }
}
