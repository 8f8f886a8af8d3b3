import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a blocking loopback socket, for checking exact status lines,
/// headers and bytes (including bodies cut short). Keeps one connection alive between calls.
final class LoopbackHTTP {
    struct Reply {
        var status: Int
        var headers: [String: String]   // lowercased names
        var body: [UInt8]
        /// False when the connection closed before Content-Length bytes arrived.
        var complete: Bool
        /// The header lines as sent, in order (repeated names too).
        var lines: [String] = []
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    let port: Int
    private var fd: Int32 = -1

    init(port: Int) { self.port = port }
    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    private func connect() throws {
        fd = try Self.socket(port: port)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A blocking TCP socket connected to 127.0.0.1:`port` (also the slow clients of HeaderTimeoutTests).
    static func socket(port: Int) throws -> Int32 {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { Glibc.close(fd); throw Failure(description: "connect to 127.0.0.1:\(port) failed") }
        return fd
    }

    func get(_ target: String, headers: [String: String] = [:], method: String = "GET") throws -> Reply {
        do { return try attempt(target, headers, method) } catch {
            // A kept-alive connection the server closed: retry once on a fresh one.
            close()
            return try attempt(target, headers, method)
        }
    }

    private func attempt(_ target: String, _ headers: [String: String], _ method: String) throws -> Reply {
        if fd < 0 { try connect() }
        // A `Host` in `headers` replaces the usual one.
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(headers["Host"] ?? "127.0.0.1:\(port)")\r\n"
        for (name, value) in headers where name != "Host" { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send failed") }
            sent += n
        }
        var buffer: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            guard try readMore(&buffer) else { throw Failure(description: "closed before headers") }
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[(headerEnd! + 4)...])
        let length = (status == 304 || method == "HEAD") ? 0 : Int(fields["content-length"] ?? "0") ?? 0
        var complete = true
        while body.count < length {
            if try !readMore(&body) { complete = false; break }
        }
        if !complete || fields["connection"]?.lowercased() == "close" { close() }
        return Reply(status: status, headers: fields, body: body, complete: complete, lines: Array(head.dropFirst()))
    }

    private func readMore(_ buffer: inout [UInt8]) throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 { buffer += chunk[..<n]; return true }
        if n == 0 || errno == ECONNRESET { return false }
        throw Failure(description: "recv failed: errno \(errno)")
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
