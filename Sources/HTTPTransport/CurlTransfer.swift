import CCurl
import Foundation

/// One request's life on the curl thread: its easy handle, the bytes and headers received, and
/// the continuation that receives the result exactly once.
///
/// Threading: `continuation`/`cancelled` are guarded by `state`; everything else is touched only
/// by the curl thread (callbacks run there, inside `curl_multi_perform`).
final class CurlTransfer: @unchecked Sendable {
    let id: UInt64
    let request: HTTPRequest
    let timeouts: HTTPTimeouts
    let maxBytes: Int
    let hostKey: String
    let host: String

    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var cancelled = false
        var finished = false
    }
    private let state = Locked(State())

    // Curl-thread state.
    var easy: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    var body = Data()
    var headers = HTTPHeaders()
    var expectedLength: Int?
    var exceededCap = false

    init(id: UInt64, request: HTTPRequest, timeouts: HTTPTimeouts, maxBytes: Int) {
        self.id = id
        self.request = request
        self.timeouts = timeouts
        self.maxBytes = maxBytes
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        host = components?.host ?? "?"
        hostKey = "\(components?.scheme ?? "")://\(host):\(components?.port ?? -1)"
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    // MARK: Continuation (any thread)

    /// Stores the continuation; false (and the continuation already resumed) if cancelled first.
    func attach(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let cancelledEarly = state.withLock { s -> Bool in
            if s.cancelled { s.finished = true; return true }
            s.continuation = continuation
            return false
        }
        if cancelledEarly { continuation.resume(throwing: CancellationError()) }
        return !cancelledEarly
    }

    /// Marks the transfer cancelled (the curl thread removes it and resumes).
    func markCancelled() {
        state.withLock { $0.cancelled = true }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Resumes the caller once; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = state.withLock { s -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !s.finished else { return nil }
            s.finished = true
            defer { s.continuation = nil }
            return s.continuation
        }
        continuation?.resume(with: result)
    }

    // MARK: Callbacks (curl thread)

    /// Appends a chunk; returning less than its size makes curl abort with CURLE_WRITE_ERROR.
    func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
        if body.count + chunk.count > maxBytes {
            exceededCap = true
            return 0
        }
        if body.isEmpty, let expectedLength, expectedLength <= maxBytes {
            body.reserveCapacity(expectedLength)
        }
        body.append(contentsOf: chunk)
        request.onProgress?(body.count, expectedLength)
        return chunk.count
    }

    func receiveHeaderLine(_ line: UnsafeRawBufferPointer) {
        guard let raw = String(bytes: line, encoding: .utf8) ?? String(bytes: line, encoding: .isoLatin1)
        else { return }
        // "\r\n" is one Character in Swift: trim it as a whole.
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            // A new response begins (after a redirect or a 100 Continue): forget the previous one.
            headers = HTTPHeaders()
            expectedLength = nil
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headers.append(name: name, value: value)
        if name.caseInsensitiveCompare("content-length") == .orderedSame { expectedLength = Int(value) }
    }
}
