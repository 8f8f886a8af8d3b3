import Catalog
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import UnixSignals

/// The Marvel-compatible server over a local catalog (Hummingbird 2), in-process or as
/// `marvel-gallery serve`.
///
///     let server = try await CatalogServer.start(CatalogServerOptions())
///     let client = MarvelClient(baseURL: server.baseURL)   // http://127.0.0.1:<port>
///     ...
///     await server.stop()
public final class CatalogServer: Sendable {
    /// `http://127.0.0.1:<port>` (the host as bound; no trailing slash).
    public let baseURL: URL
    public let host: String
    public let port: Int

    private let stats: StatsRecorder
    private let limiter: RateLimiter
    private let faultState: FaultState
    private let answers: EventLoopAnswers?
    private let task: Task<Void, any Error>

    private init(host: String, port: Int, stats: StatsRecorder, limiter: RateLimiter,
                 faults: FaultState, answers: EventLoopAnswers?, task: Task<Void, any Error>) {
        self.host = host
        self.port = port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        self.baseURL = URL(string: "http://\(shownHost):\(port)")!
        self.stats = stats
        self.limiter = limiter
        self.faultState = faults
        self.answers = answers
        self.task = task
    }

    /// Opens the catalog, binds, and returns once the server accepts connections.
    public static func start(_ options: CatalogServerOptions = CatalogServerOptions()) async throws -> CatalogServer {
        let backend = try options.backend()
        let stats = StatsRecorder(), limiter = RateLimiter()
        let faults = FaultState(options.faults)
        let responder = MarvelResponder(
            backend: backend, renderer: options.renderer ?? DefaultImageRenderer(),
            keys: options.keys, faults: faults, stats: stats, limiter: limiter,
            cache: AnswerCache(budgetBytes: options.answerCacheBytes, fileFolder: options.bodyFileFolder),
            served: ServedEntities(), debugEndpoints: options.debugEndpoints, accessLog: options.accessLog, browser: options.browser,
            cachePolicy: backend is CatalogSource ? .catalog : .source(maxAge: backend.answerMaxAge),
            envelopeHead: Envelope.Head(backend.attribution))
        let answers = options.answersOnEventLoop ? EventLoopAnswers(responder: responder) : nil
        let (bound, continuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let app = Application(
            responder: responder,
            server: Self.http1(idleTimeout: TimeAmount(options.idleTimeout), answers: answers),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port),
                                                    serverName: nil,
                                                    // The kernel's limit (somaxconn, 4096 here) caps it: a burst
                                                    // past the connection cap waits there instead of being reset.
                                                    backlog: 4096,
                                                    availableConnectionsDelegate: ConnectionCap(options.maxConnections)),
            onServerRunning: { channel in continuation.yield(.success(channel.localAddress?.port ?? 0)) },
            logger: Logger(label: "CatalogServer", factory: { _ in SwiftLogNoOpLogHandler() }))
        let signals: [UnixSignal] = options.handleSignals ? [.sigterm, .sigint, .sigquit] : []
        let task = Task {
            do {
                try await app.runService(gracefulShutdownSignals: signals)
                continuation.yield(.failure(CatalogServerError.stopped))
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                continuation.yield(.failure(CatalogServerError.portInUse(host: options.host, port: options.port)))
                throw error
            } catch {
                continuation.yield(.failure(CatalogServerError.cannotListen(host: options.host, port: options.port,
                                                                            reason: "\(error)")))
                throw error
            }
        }
        var port: Int?
        for await result in bound {
            port = try result.get()
            break
        }
        guard let port else { throw CatalogServerError.stopped }
        return CatalogServer(host: options.host, port: port, stats: stats, limiter: limiter, faults: faults, answers: answers,
                             task: task)
    }

    /// Hummingbird's HTTP/1 channel, with cached pages answered on the event loop when
    /// `answers` is given (`CachedAnswerChannel`).
    private static func http1(idleTimeout: TimeAmount, answers: EventLoopAnswers?) -> HTTPServerBuilder {
        // Hummingbird's idle timer (HTTPConnectionStateHandler) restarts only when a whole
        // request part is decoded, so it is also the header timeout.
        let configuration = HTTP1Channel.Configuration(idleTimeout: idleTimeout)
        guard let answers else { return .http1(configuration: configuration) }
        return HTTPServerBuilder { respond in
            CachedAnswerChannel(http1: HTTP1Channel(responder: respond, configuration: configuration), answers: answers)
        }
    }

    /// Requests answered on the event loop from the answer cache, ahead of the router.
    public var answeredOnEventLoop: Int { answers?.count.current ?? 0 }

    /// Of those, the answers whose body went by sendfile from a memory file (`BodyFile`).
    var answeredFromFiles: Int { answers?.fromFiles.current ?? 0 }

    /// Stops listening and waits for the server task to end.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Returns when the server stops (a signal with `handleSignals`, or `stop()`).
    public func waitUntilStopped() async {
        _ = await task.result
    }

    // MARK: Debug and faults (also at GET /debug/stats and GET /debug/reset)

    public func statistics() -> StatsSnapshot { stats.snapshot() }

    /// Clears the counters and the rate-limit window.
    public func resetStatistics() {
        stats.reset()
        limiter.reset()
    }

    public var faults: FaultOptions { faultState.current }

    /// Changes the injected faults of a running server (takes effect on the next request).
    public func setFaults(_ faults: FaultOptions) {
        faultState.set(faults)
        limiter.reset()
    }
}

public enum CatalogServerError: Error, Sendable, CustomStringConvertible {
    case cannotListen(host: String, port: Int, reason: String)
    /// Another program listens there (EADDRINUSE): the one thing a user can fix with `--port`.
    case portInUse(host: String, port: Int)
    case stopped
    /// `--access-log FILE` cannot be opened for appending.
    case cannotLog(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotLog(let path, let reason): return "cannot write the access log \(path): \(reason)"
        case .cannotListen(let host, let port, let reason): return "cannot listen on \(host):\(port): \(reason)"
        case .portInUse(_, let port): return "port \(port) is in use; try --port 0"
        case .stopped: return "the catalog server stopped"
        }
    }
}
