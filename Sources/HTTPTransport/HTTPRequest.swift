import Foundation

/// Time limits of one attempt, all counted from the moment the transfer starts on the curl
/// thread (not from when it was queued behind the connection limit).
public struct HTTPTimeouts: Sendable, Hashable {
    /// TCP + TLS connect.
    public var connect: Duration
    /// The transfer is aborted when it moves fewer than `stallBytesPerSecond` bytes per second
    /// for `stallWindow` (whole seconds: curl's `CURLOPT_LOW_SPEED_TIME` has 1 s resolution).
    public var stallBytesPerSecond: Int
    public var stallWindow: Duration
    /// The whole attempt, connect to last byte.
    public var total: Duration

    public init(connect: Duration = .seconds(5), stallBytesPerSecond: Int = 1024,
                stallWindow: Duration = .seconds(15), total: Duration = .seconds(30)) {
        self.connect = connect
        self.stallBytesPerSecond = stallBytesPerSecond
        self.stallWindow = stallWindow
        self.total = total
    }

    public static let standard = HTTPTimeouts()
}

public enum HTTPMethod: String, Sendable, Hashable {
    case get = "GET"
    case head = "HEAD"
}

/// One request. Everything per-request (timeouts, size cap, progress) travels with it, so a
/// caller with its own queue (the image pipeline) can tune each download.
public struct HTTPRequest: Sendable {
    public var url: URL
    public var method: HTTPMethod
    /// Extra request headers, sent in order (e.g. `If-None-Match`).
    public var headers: [(name: String, value: String)]
    /// nil: the transport's default.
    public var timeouts: HTTPTimeouts?
    /// Largest accepted body in bytes after decompression; nil: the transport's default.
    public var maxResponseBytes: Int?
    /// Sends `Accept-Encoding` for the encodings curl decodes (gzip, deflate) and decodes them.
    public var acceptCompressed: Bool
    /// Redirects curl follows by itself (0: a 3xx is the answer, for a caller that must decide
    /// each hop itself, e.g. one that pays a rate budget per request).
    public var maxRedirects = 5
    /// Called on the transport's thread after each received chunk with the body bytes so far and
    /// the `Content-Length` if the server sent one (the wire size when compressed). Keep it cheap.
    public var onProgress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?

    public init(url: URL, method: HTTPMethod = .get, headers: [(name: String, value: String)] = [],
                timeouts: HTTPTimeouts? = nil, maxResponseBytes: Int? = nil,
                acceptCompressed: Bool = true,
                onProgress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeouts = timeouts
        self.maxResponseBytes = maxResponseBytes
        self.acceptCompressed = acceptCompressed
        self.onProgress = onProgress
    }
}
