import Foundation
import Synchronization

/// The `Date` header's value (RFC 9110 IMF-fixdate, `Mon, 07 Dec 2026 11:18:56 GMT`), made
/// once a second and shared by the requests of that second, as Hummingbird's own date cache
/// does for the answers of the router.
final class HTTPDateClock: Sendable {
    private let made = Mutex<(second: Int, text: String)>((-1, ""))

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    func now() -> String {
        let second = time(nil)
        return made.withLock { made in
            if made.second != second { made = (second, Self.text(second)) }
            return made.text
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
