import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 connection (`HTTP1Channel`) with `CachedAnswerHandler` right after
/// NIO's request decoder, ahead of the HTTPTypes codec: the pipeline `HTTP1Channel.setup`
/// builds, but for NIO's response encoder, which sits between the two unpaired from the
/// decoder and without framing of its own (`RoutedFraming`), and Hummingbird's connection
/// state handler, whose idle timeout `CachedAnswerHandler` keeps.
struct CachedAnswerChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let answers: EventLoopAnswers

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            // A page's answer (its head and a body file of up to ~250 KB) stays under the
            // high mark: past NIO's 64 KB default, every such answer turned the connection
            // unwritable and writable again, each change run through the whole pipeline and
            // the router's writer (3.5 % of serve's CPU on the identity page).
            try channel.syncOptions?.setOption(ChannelOptions.writeBufferWaterMark, value: Self.waterMark)
            let pipeline = channel.pipeline.syncOperations
            let configuration = http1.configuration
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
            limits.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
            limits.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
            let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits))
            try pipeline.addHandler(decoder)
            var encoding = HTTPResponseEncoder.Configuration()
            encoding.automaticallySetFramingHeaders = false
            try pipeline.addHandler(HTTPResponseEncoder(configuration: encoding))
            try pipeline.addHandler(CachedAnswerHandler(answers, idleTimeout: configuration.idleTimeout,
                                                        wire: try pipeline.context(handler: decoder)))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(configuration.additionalChannelHandlers())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try Value(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    static let waterMark = WriteBufferWaterMark(low: 256 << 10, high: 512 << 10)

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
