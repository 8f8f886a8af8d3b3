import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a URL's host is this machine, by address, not by spelling: `127.1`, `0x7f.0.0.1`,
/// `2130706433` and `[::ffff:127.0.0.1]` are loopback to the resolver (inet_aton and
/// inet_pton semantics), and once a string check missed them (`--base-url http://127.1:P`
/// turned the response cache on for the loopback catalog).
public enum Loopback {
    public static func isLoopback(host: String) -> Bool {
        var h = host.lowercased()
        if h.hasPrefix("["), h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h.hasSuffix(".") { h.removeLast() }
        if h == "localhost" || h.hasSuffix(".localhost") { return true }
        var v4 = in_addr()
        if inet_aton(h, &v4) != 0 {
            // s_addr is in network order: the first octet is the lowest byte on little-endian.
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, h, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }      // ::1
            // ::ffff:127.x.y.z (IPv4-mapped)
            return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        }
        return false
    }
}
