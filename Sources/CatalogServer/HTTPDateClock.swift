import Foundation
import NIOCore
import Synchronization

/// The `Date` header line (RFC 9110 IMF-fixdate, `Mon, 07 Dec 2026 11:18:56 GMT`) with the
/// blank line that ends a response head, encoded once a second and shared by the answers of
/// that second (`CachedAnswerHandler`), as Hummingbird's own date cache does for the router's.
final class HTTPDateClock: Sendable {
    private struct Made { var second = -1; var line = ByteBuffer() }
    private let made = Mutex(Made())

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Date: <now>\r\n\r\n`.
    func line() -> ByteBuffer {
        let second = time(nil)
        return made.withLock { made in
            if made.second != second { made = Made(second: second, line: ByteBuffer(string: "Date: \(Self.text(second))\r\n\r\n")) }
            return made.line
        }
    }

    static func text(_ second: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : String(n) }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
