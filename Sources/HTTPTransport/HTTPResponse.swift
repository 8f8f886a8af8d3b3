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

/// What curl measured for one transfer (all zero until the transfer fills it in).
public struct HTTPMetrics: Sendable, Hashable {
    /// Body bytes as received on the wire (before decompression), from `CURLINFO_SIZE_DOWNLOAD_T`.
    public var wireBodyBytes = 0
    /// Header bytes received.
    public var headerBytes = 0
    /// New connections this transfer opened (0 = it reused a pooled connection).
    public var connectionsOpened = 0
    /// Redirects followed.
    public var redirects = 0
    /// Time from start to connected, to first byte, and to the end.
    public var connectTime = Duration.zero
    public var firstByteTime = Duration.zero
    public var totalTime = Duration.zero
    /// Local TCP port of the last connection used (tells connections apart in tests).
    public var localPort = 0

    public var reusedConnection: Bool { connectionsOpened == 0 }

    public init() {}
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
