import NIOCore
import NIOHTTP1
#if canImport(Glibc)
import Glibc
#endif

/// Answers requests for cached API pages on the connection's event loop, right after NIO's
/// request decoder and ahead of Hummingbird's HTTPTypes codec and router: such an answer is a
/// dictionary lookup and buffers the caches hold (its head encoded once, `ReadyAnswers`), and
/// converting the request to HTTPTypes, handing it to the router's task and encoding the
/// answer again cost more than the answer (`docs/performance.md`, serve). The answer's bytes
/// go to the connection through the decoder's context, which lies past NIO's response encoder.
///
/// A request is answered here only when nothing is owed on the connection: while the router
/// has a request whose answer is not written, every later one goes to the router too, so
/// answers leave in the order their requests came. A request with a body goes to the router.
///
/// The router's answers pass here on their way to NIO's encoder, which is unpaired from the
/// decoder (`RoutedFraming` frames them as the paired encoder would). Hummingbird's connection
/// state handler sees only the routed requests, so the idle timeout of the connection is kept
/// here, as that handler keeps it, over every request.
final class CachedAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let answers: EventLoopAnswers
    private let idleTimeout: TimeAmount?
    /// Where the answers made here are written: the request decoder's context (see above).
    private let wire: ChannelHandlerContext
    /// Requests handed to the router whose answer's end is not written yet.
    private var routed = 0
    private var framing = RoutedFraming()
    /// A request that may be answered here, until its end (or a body part) arrives.
    private var held: (head: HTTPRequestHead, ask: EventLoopAnswers.Ask)?
    private var unflushed = false
    /// The `Date` line of the second it was taken in: the clock is shared by both event
    /// loops behind a lock, and a loop waiting for the other's lock sleeps in the kernel.
    private var date = (second: -1, line: ByteBuffer())

    // The idle timeout, as Hummingbird's `HTTPConnectionStateHandler` keeps it.
    private var partRead = false
    private var requestBeingRead = false
    private var lastActive = NIODeadline.now()
    private var idleTask: Scheduled<Void>?

    init(_ answers: EventLoopAnswers, idleTimeout: TimeAmount?, wire: ChannelHandlerContext) {
        self.answers = answers
        self.idleTimeout = idleTimeout
        self.wire = wire
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partRead = true
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestBeingRead = true
            // A connection not taking bytes as fast as they come is left to the router's writer,
            // which waits for it.
            if routed == 0, context.channel.isWritable, let ask = EventLoopAnswers.Ask(head) {
                held = (head, ask)
                return
            }
            route(head, context: context)
        case .body:
            if let request = held {
                held = nil
                route(request.head, context: context)
            }
            context.fireChannelRead(data)
        case .end:
            requestBeingRead = false
            if let request = held {
                held = nil
                if let answer = answers.answer(request.head, request.ask, client: context.remoteAddress) {
                    wire.write(NIOAny(answer.head), promise: nil)
                    wire.write(NIOAny(dateLine()), promise: nil)
                    if let file = answer.file {
                        // The head waits for the file's first pages (TCP_CORK, as nginx's
                        // `tcp_nopush`) instead of going alone in a packet of its own, which
                        // cost ~20 us of CPU a request (docs/performance.md, serve); the cork
                        // comes off, sending what it holds, once the file is written.
                        let options = context.channel.syncOptions
                        try? options?.setOption(Self.cork, value: 1)
                        let (region, release) = file.sending()
                        let written = context.eventLoop.makePromise(of: Void.self)
                        written.futureResult.assumeIsolated().whenComplete { _ in
                            release()
                            try? options?.setOption(Self.cork, value: 0)
                        }
                        wire.write(NIOAny(IOData.fileRegion(region)), promise: written)
                    } else if answer.body.readableBytes > 0 {
                        wire.write(NIOAny(answer.body), promise: nil)
                    }
                    unflushed = true
                    return
                }
                route(request.head, context: context)
            }
            context.fireChannelRead(data)
        }
    }

    private func dateLine() -> ByteBuffer {
        let now = time(nil)
        if now != date.second { date = (now, answers.date.line()) }
        return date.line
    }

    private func route(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        routed += 1
        framing.routed(head.method)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if partRead {
            partRead = false
            lastActive = .now()
        }
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response):
            framing.frame(&response)
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        case .body:
            guard !framing.suppressesBody else {
                promise?.fail(BodyNotAllowed())
                return
            }
            context.write(data, promise: promise)
        case .end:
            // The router's 400 to a request that did not parse ends no routed request.
            routed = max(0, routed - 1)
            if routed == 0 { restartIdleTimeout(context: context) }
            guard !framing.suppressesBody else {
                framing.ended()
                // Nothing to send (not even a chunked body's last chunk); the promise completes
                // in its place among the writes.
                if let promise { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer()))), promise: promise) }
                return
            }
            context.write(data, promise: promise)
        }
    }

    /// A body written for a response to HEAD or CONNECT (NIO's encoder refuses it too).
    struct BodyNotAllowed: Error {}

    private static let cork = ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: CInt(TCP_CORK)))

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { restartIdleTimeout(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        restartIdleTimeout(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTask?.cancel()
        idleTask = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        held = nil
        idleTask?.cancel()
        idleTask = nil
        context.fireChannelInactive()
    }

    private func restartIdleTimeout(context: ChannelHandlerContext) {
        lastActive = .now()
        guard let idleTimeout, idleTask == nil else { return }
        scheduleIdleCheck(at: lastActive + idleTimeout, context: context)
    }

    private func scheduleIdleCheck(at deadline: NIODeadline, context: ChannelHandlerContext) {
        idleTask = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            idleTask = nil
            guard let idleTimeout, context.channel.isActive else { return }
            // The router is answering a request read whole: the end of its answer restarts the wait.
            if !requestBeingRead, routed > 0 { return }
            let due = lastActive + idleTimeout
            if NIODeadline.now() >= due {
                context.close(promise: nil)
            } else {
                scheduleIdleCheck(at: due, context: context)
            }
        }
    }
}
