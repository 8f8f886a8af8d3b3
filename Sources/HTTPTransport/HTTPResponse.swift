import Foundation

/// Response headers in arrival order; names compared case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence {
    public private(set) var fields: [Field]

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public init(_ fields: [Field] = []) { self.fields = fields }

    public init(_ pairs: [(String, String)]) {
        self.fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    mutating func append(name: String, value: String) { fields.append(Field(name: name, value: value)) }

    /// The first value of a header, e.g. `headers["etag"]`.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

/// What curl measured for one transfer.
public struct HTTPMetrics: Sendable, Hashable {
    /// Body bytes as received on the wire (before decompression), from `CURLINFO_SIZE_DOWNLOAD_T`.
    public var wireBodyBytes: Int
    /// Header bytes received.
    public var headerBytes: Int
    /// New connections this transfer opened (0 = it reused a pooled connection).
    public var connectionsOpened: Int
    /// Redirects followed.
    public var redirects: Int
    /// Time from start to connected, to first byte, and to the end.
    public var connectTime: Duration
    public var firstByteTime: Duration
    public var totalTime: Duration
    /// Local TCP port of the last connection used (tells connections apart in tests).
    public var localPort: Int

    public var reusedConnection: Bool { connectionsOpened == 0 }

    public init(wireBodyBytes: Int = 0, headerBytes: Int = 0, connectionsOpened: Int = 0, redirects: Int = 0,
                connectTime: Duration = .zero, firstByteTime: Duration = .zero, totalTime: Duration = .zero,
                localPort: Int = 0) {
        self.wireBodyBytes = wireBodyBytes
        self.headerBytes = headerBytes
        self.connectionsOpened = connectionsOpened
        self.redirects = redirects
        self.connectTime = connectTime
        self.firstByteTime = firstByteTime
        self.totalTime = totalTime
        self.localPort = localPort
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    /// The decoded body (gzip already undone).
    public var body: Data
    /// The URL after redirects.
    public var url: URL
    public var metrics: HTTPMetrics

    public init(status: Int, headers: HTTPHeaders, body: Data, url: URL, metrics: HTTPMetrics) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.metrics = metrics
    }
}

/// Counters over the transport's life, for benchmarks and tests ("count bytes").
public struct HTTPTransportStatistics: Sendable, Hashable {
    public var started = 0
    public var succeeded = 0
    public var failed = 0
    public var cancelled = 0
    /// Decoded body bytes delivered to callers.
    public var bodyBytes = 0
    /// Body bytes on the wire.
    public var wireBytes = 0
    /// Connections opened (the rest of the transfers reused pooled ones).
    public var connectionsOpened = 0
    /// Transfers now on curl's multi handle / waiting for a slot.
    public var active = 0
    public var waiting = 0
}
