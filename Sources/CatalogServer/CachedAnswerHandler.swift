import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers requests for cached API pages on the connection's event loop, ahead of the router:
/// such an answer is a dictionary lookup and a buffer the cache holds, and handing it to the
/// router's task and back cost more than the answer (`docs/performance.md`, serve). Sits after
/// Hummingbird's connection state handler, which sees these requests and answers as it sees
/// the router's (idle timeout, graceful shutdown), and before the router's channel.
///
/// A request is answered here only when nothing is owed on the connection: while the router
/// has a request whose answer is not written, every later one goes to the router too, so
/// answers leave in the order their requests came. A request with a body goes to the router.
final class CachedAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let answers: EventLoopAnswers
    /// Requests handed to the router whose answer's end is not written yet.
    private var routed = 0
    /// A request that may be answered here, until its end (or a body part) arrives.
    private var held: HTTPRequest?
    private var unflushed = false

    init(_ answers: EventLoopAnswers) { self.answers = answers }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            // A connection not taking bytes as fast as they come is left to the router's writer,
            // which waits for it.
            if routed == 0, context.channel.isWritable, EventLoopAnswers.mayAnswer(request) {
                held = request
                return
            }
            routed += 1
            context.fireChannelRead(data)
        case .body:
            route(context: context)
            context.fireChannelRead(data)
        case .end:
            if let request = held {
                held = nil
                if case let (head, body)? = answers.answer(request, client: context.remoteAddress) {
                    context.write(wrapOutboundOut(.head(head)), promise: nil)
                    if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(body)), promise: nil) }
                    context.write(wrapOutboundOut(.end(nil)), promise: nil)
                    unflushed = true
                    return
                }
                routed += 1
                context.fireChannelRead(wrapInboundOut(.head(request)))
            }
            context.fireChannelRead(data)
        }
    }

    /// Hands the held request to the router (a body arrived: not a request this handler answers).
    private func route(context: ChannelHandlerContext) {
        guard let request = held else { return }
        held = nil
        routed += 1
        context.fireChannelRead(wrapInboundOut(.head(request)))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The router's 400 to a request that did not parse ends no routed request.
        if case .end = unwrapOutboundIn(data) { routed = max(0, routed - 1) }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        held = nil
        context.fireChannelInactive()
    }
}
