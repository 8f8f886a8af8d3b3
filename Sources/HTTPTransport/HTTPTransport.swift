import CCurl
import Foundation

/// HTTP over libcurl: one multi handle on one dedicated thread, an async `send`.
///
/// The transport decides nothing about priority: callers submit what they want, when they want
/// it; waiting requests start in submission order as connection slots free up. Cancelling the
/// calling task removes the transfer from curl at once and frees its handle.
public final class HTTPTransport: Sendable {
    public struct Configuration: Sendable {
        /// Per-request defaults (a request can override both).
        public var timeouts: HTTPTimeouts
        public var maxResponseBytes: Int
        /// Transfers running at once, in total and per host (`scheme://host:port`). Connections
        /// are pooled and reused; more than this many requests wait in FIFO order.
        public var maxConcurrentTransfers: Int
        public var maxConnectionsPerHost: Int
        public var userAgent: String

        public init(timeouts: HTTPTimeouts = .standard, maxResponseBytes: Int = 32 << 20,
                    maxConcurrentTransfers: Int = 32, maxConnectionsPerHost: Int = 8,
                    userAgent: String = "marvel-gallery/1.0") {
            self.timeouts = timeouts
            self.maxResponseBytes = maxResponseBytes
            self.maxConcurrentTransfers = max(1, maxConcurrentTransfers)
            self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
            self.userAgent = userAgent
        }
    }

    public let configuration: Configuration
    private let loop: CurlLoop
    private let nextID = Locked<UInt64>(0)

    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        loop = try CurlLoop(configuration: configuration)
        loop.start()
    }

    deinit {
        loop.post(.shutdown)
    }

    /// Performs one attempt (no retries here: that is the caller's policy).
    /// Throws `HTTPTransportError`, or `CancellationError` when the task is cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              request.url.host != nil else {
            throw HTTPTransportError.invalidURL("only absolute http and https URLs are supported")
        }
        try Task.checkCancellation()
        let id = nextID.withLock { $0 += 1; return $0 }
        let transfer = CurlTransfer(id: id, request: request,
                                    timeouts: request.timeouts ?? configuration.timeouts,
                                    maxBytes: request.maxResponseBytes ?? configuration.maxResponseBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.attach(continuation), !loop.post(.add(transfer)) {
                    transfer.finish(.failure(HTTPTransportError.shutDown))
                }
            }
        } onCancel: {
            transfer.markCancelled()
            loop.post(.cancel(transfer))
        }
    }

    /// A snapshot of the counters (bytes, connections, active and waiting transfers).
    public var statistics: HTTPTransportStatistics {
        loop.statistics.withLock { $0 }
    }

    /// Stops the curl thread; running and waiting transfers fail with `.shutDown`.
    public func shutdown() {
        loop.post(.shutdown)
    }
}

extension HTTPTransport {
    /// The libcurl this program runs with (`curl_version()`), for `doctor`; empty when it cannot be loaded.
    public static var libcurlVersion: String { mg_curl_version().map { String(cString: $0) } ?? "" }
}
