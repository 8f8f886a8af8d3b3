import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A tiny HTTP/1.1 server on 127.0.0.1 for transport and client tests: POSIX sockets, one thread
/// per connection, keep-alive, and scripted misbehaviour (never answer, stall mid-body, drop).
/// Each request is answered by the handler, which sees every request the server has recorded.
public final class LoopbackHTTPServer: Sendable {
    public typealias Request = LoopbackServerCore.Request
    public typealias Action = LoopbackServerCore.Action
    public typealias Handler = LoopbackServerCore.Handler

    private let core: LoopbackServerCore

    public init(handler: @escaping Handler) throws {
        core = try LoopbackServerCore(handler: handler)
    }

    /// Stops listening when the test lets go of the server (its threads hold only the core).
    deinit { core.stop() }

    public var port: Int { core.port }
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    public func url(_ target: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(target)")! }
    /// Every request received, in order.
    public var requests: [Request] { core.requests }
    public var connectionsAccepted: Int { core.connectionsAccepted }
    /// Connections the client still holds open.
    public var openConnections: Int { core.openConnections }
    /// Closes the listening socket (new connections are refused).
    public func stop() { core.stop() }
}

/// The sockets and threads behind `LoopbackHTTPServer`.
public final class LoopbackServerCore: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        /// Path and query, as sent (`/v1/public/characters?limit=5`).
        public var target: String
        /// Lower-cased names.
        public var headers: [String: String]
        /// Which accepted connection carried it (1-based, in accept order).
        public var connection: Int

        public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
        public var query: [String: String] {
            guard let q = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
            var result: [String: String] = [:]
            for pair in q.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                result[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return result
        }
    }

    public enum Action: Sendable {
        /// A complete response with Content-Length.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Headers (with the given Content-Length, or none = close-delimited), then `chunks`
        /// each after `delay`; closes at the end when no length was given.
        case stream(status: Int, headers: [String: String], contentLength: Int?, chunks: [Data], delay: Duration)
        /// Headers and `prefix` of a body announced as `contentLength`, then silence until the client leaves.
        case stall(contentLength: Int, prefix: Data)
        /// Reads the request and never writes a byte; waits until the client leaves.
        case neverAnswer
        /// Closes the connection without answering.
        case drop
    }

    public typealias Handler = @Sendable (Request) -> Action

    public let port: Int
    private let listener: Int32
    private let handler: Handler
    private let lock = Mutex(())
    private var _requests: [Request] = []
    private var _accepted = 0
    private var _open = 0
    private var _stopped = false

    init(handler: @escaping Handler) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 256) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    public var requests: [Request] { lock.withLock { _ in _requests } }
    public var connectionsAccepted: Int { lock.withLock { _ in _accepted } }
    /// Connections the client still holds open.
    public var openConnections: Int { lock.withLock { _ in _open } }

    public func stop() {
        let first = lock.withLock { _ -> Bool in defer { _stopped = true }; return !_stopped }
        if first { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
    }

    private var stopped: Bool { lock.withLock { _ in _stopped } }

    private func acceptLoop() {
        while !stopped {
            let fd = accept(listener, nil, nil)
            if fd < 0 { if stopped { return } else { continue } }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let number = lock.withLock { _ -> Int in _accepted += 1; _open += 1; return _accepted }
            let thread = Thread { [self] in
                serve(fd, connection: number)
                close(fd)
                lock.withLock { _ in _open -= 1 }
            }
            thread.start()
        }
    }

    private func serve(_ fd: Int32, connection: Int) {
        var buffer = [UInt8]()
        while !stopped {
            guard let head = readHead(fd, &buffer) else { return }
            let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
            let parts = lines.first?.split(separator: " ").map(String.init) ?? []
            guard parts.count >= 2 else { return }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let request = Request(method: parts[0], target: parts[1], headers: headers, connection: connection)
            lock.withLock { _ in _requests.append(request) }
            guard perform(handler(request), on: fd, head: parts[0] == "HEAD") else { return }
        }
    }

    /// Returns false when the connection must close.
    private func perform(_ action: Action, on fd: Int32, head: Bool) -> Bool {
        switch action {
        case .respond(let status, let headers, let body):
            var all = headers
            all["Content-Length"] = String(body.count)
            return write(fd, responseHead(status, all)) && (head || write(fd, body))
        case .stream(let status, let headers, let length, let chunks, let delay):
            var all = headers
            if let length { all["Content-Length"] = String(length) } else { all["Connection"] = "close" }
            guard write(fd, responseHead(status, all)) else { return false }
            for chunk in chunks {
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
                guard write(fd, chunk) else { return false }
            }
            return length != nil
        case .stall(let length, let prefix):
            _ = write(fd, responseHead(200, ["Content-Length": String(length)])) && write(fd, prefix)
            waitForClientToLeave(fd)
            return false
        case .neverAnswer:
            waitForClientToLeave(fd)
            return false
        case .drop:
            return false
        }
    }

    private func responseHead(_ status: Int, _ headers: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    private func readHead(_ fd: Int32, _ buffer: inout [UInt8]) -> String? {
        let end: [UInt8] = [13, 10, 13, 10]
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                return head
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    private func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    private func waitForClientToLeave(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 1024)
        while !stopped {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                if read(fd, &scratch, scratch.count) <= 0 { return }
            }
        }
    }
}
