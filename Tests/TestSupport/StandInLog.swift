import Foundation
import Synchronization

/// What a stand-in for a live source (Metron's, Comic Vine's) records of its API requests: each
/// arrival time by resource, so a test can check a budget (per hour, a spacing) on the
/// server's own clock, and how many requests broke the source's rules.
public final class StandInLog: @unchecked Sendable {
    private let lock = Mutex(())
    private var arrivals: [(resource: String, at: Date)] = []
    private var _violations: [String] = []

    public init() {}

    public func arrived(_ resource: String, at: Date = Date()) { lock.withLock { _ in arrivals.append((resource, at)) } }
    public func violated(_ why: String) { lock.withLock { _ in _violations.append(why) } }

    /// Every API request, in arrival order.
    public var all: [(resource: String, at: Date)] { lock.withLock { _ in arrivals } }
    public var count: Int { lock.withLock { _ in arrivals.count } }
    /// The rules broken (a request too soon after the last, one over a resource's hour).
    public var violations: [String] { lock.withLock { _ in _violations } }

    /// The arrivals (of `resource`, else of any) within the last `window` seconds before `now`, oldest first.
    public func arrivals(of resource: String? = nil, within window: TimeInterval, before now: Date = Date()) -> [Date] {
        all.filter { (resource == nil || $0.resource == resource) && now.timeIntervalSince($0.at) < window }.map(\.at).sorted()
    }

    /// The smallest gap between two arrivals (nil: fewer than two).
    public var closestGap: TimeInterval? {
        let times = all.map(\.at).sorted()
        return zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.min()
    }

    /// The most arrivals of one resource within any `window` seconds.
    public func busiest(within window: TimeInterval) -> Int {
        var best = 0
        for (resource, times) in Dictionary(grouping: all, by: \.resource).mapValues({ $0.map(\.at).sorted() }) {
            _ = resource
            var start = 0
            for end in times.indices {
                while times[end].timeIntervalSince(times[start]) >= window { start += 1 }
                best = max(best, end - start + 1)
            }
        }
        return best
    }
}

/// A solid-colour PNG (stored deflate, no compression): pictures a test can tell apart by colour.
public enum SolidPNG {
    public static func make(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let size = min(65_535, raw.count - offset)
            let last: UInt8 = offset + size >= raw.count ? 1 : 0
            zlib += [last, UInt8(size & 0xFF), UInt8(size >> 8), UInt8(~size & 0xFF), UInt8((~size >> 8) & 0xFF)]
            zlib += raw[offset..<offset + size]
            offset += size
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += be32((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(UInt32(data.count)) + body + be32(~crc)
    }
}
