import NIOCore
import NIOHTTP1

/// The framing NIO's paired request decoder and response encoder give the router's answers
/// (`configureHTTPServerPipeline`), for a pipeline where `CachedAnswerHandler` answers some
/// requests itself: NIO's pairing counts every decoded request and pops one per response head
/// written, so the requests answered without going through its encoder would shift every later
/// answer onto the wrong request. Here only the requests handed to the router are counted,
/// and the encoder is unpaired with its own framing off: a response to HEAD or CONNECT keeps
/// the headers a GET would get and carries no body, a response whose status has no body loses
/// Content-Length and Transfer-Encoding, and a body without a length is chunked.
struct RoutedFraming {
    /// Methods of the routed requests whose response head is not written yet, in order.
    private var methods = CircularBuffer<HTTPMethod>(initialCapacity: 2)
    /// The response being written answers HEAD or CONNECT: its body is not sent.
    private(set) var suppressesBody = false

    mutating func routed(_ method: HTTPMethod) { methods.append(method) }

    /// `response` framed as NIO frames it; the response it starts carries a body unless
    /// `suppressesBody`.
    mutating func frame(_ response: inout HTTPResponseHead) {
        let code = response.status.code
        // A non-final informational response is followed by the final one for the same request.
        guard !((100..<200).contains(code) && code != 101) else { return }
        let method = methods.popFirst()
        suppressesBody = method == .HEAD || method == .CONNECT
        if method == .CONNECT || !response.status.mayHaveResponseBody {
            response.headers.remove(name: "content-length")
            response.headers.remove(name: "transfer-encoding")
        } else if response.headers.contains(name: "content-length") {
            response.headers.remove(name: "transfer-encoding")
        } else if response.version.major == 1 && response.version.minor >= 1 {
            response.headers.replaceOrAdd(name: "transfer-encoding", value: "chunked")
        }
    }

    /// The response whose body was suppressed has ended.
    mutating func ended() { suppressesBody = false }
}
