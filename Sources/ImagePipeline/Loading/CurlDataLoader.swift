import Foundation
import HTTPTransport

/// The default loader: one GET through the shared libcurl transport (one multi handle on its
/// own thread). One attempt per call; the pipeline's scheduler applies the retry policy and
/// the caps, so nothing waits inside curl. Cancelling the calling task aborts the transfer.
public struct CurlDataLoader: DataLoading {
    public let transport: HTTPTransport
    public var timeouts: HTTPTimeouts?
    public var maxResponseBytes: Int

    public init(transport: HTTPTransport, timeouts: HTTPTimeouts? = nil, maxResponseBytes: Int = 8 << 20) {
        self.transport = transport
        self.timeouts = timeouts
        self.maxResponseBytes = maxResponseBytes
    }

    public func loadData(from url: String) async throws -> [UInt8] {
        try await load(url, headers: [])
    }

    /// With an RFC 9218 `Priority` header (`u=1` on screen, `u=5` prefetch).
    public func loadData(from url: String, priority: ImagePriority) async throws -> [UInt8] {
        try await load(url, headers: [("Priority", "u=\(priority.urgency)")])
    }

    private func load(_ url: String, headers: [(String, String)]) async throws -> [UInt8] {
        guard let u = URL(string: url) else { throw ImagePipelineError.transport(.invalidURL("not a URL")) }
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: u, headers: headers, timeouts: timeouts, maxResponseBytes: maxResponseBytes))
        } catch let error as HTTPTransportError {
            throw ImagePipelineError.transport(error)
        }
        guard response.status == 200 else { throw ImagePipelineError.httpStatus(response.status) }
        return [UInt8](response.body)
    }
}
