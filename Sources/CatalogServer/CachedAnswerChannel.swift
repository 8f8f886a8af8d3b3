import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 connection with `CachedAnswerHandler` placed right after its
/// connection state handler, before the router's channel.
struct CachedAnswerChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let answers: EventLoopAnswers

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let state = try pipeline.handler(type: HTTPConnectionStateHandler.self)
            try pipeline.addHandler(CachedAnswerHandler(answers), position: .after(state))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
