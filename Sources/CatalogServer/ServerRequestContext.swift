import Hummingbird
import NIOCore

/// Each request's context: Hummingbird's core storage and the peer's address, which the
/// access log writes first on each line (`BasicRequestContext` does not keep it).
struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
