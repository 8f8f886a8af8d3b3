import Foundation
import Synchronization

/// One line per request in nginx's `combined` format, the one GoAccess, AWStats, fail2ban and
/// every log shipper read:
///
///     127.0.0.1 - - [06/Dec/2026:23:59:09 +0000] "GET /v1/public/characters?apikey=REDACTED HTTP/1.1" 200 5120 "-" "curl/8.5.0"
///
/// The values of `apikey`, `hash`, `ts` and `password` in the logged query are replaced by
/// `REDACTED`: a log is read by more people than the keys are meant for, and a signed URL could
/// be replayed. Lines go out with one `write(2)` each on a file opened for appending, so two
/// `serve` processes can share one file without tearing each other's lines.
public final class AccessLog: Sendable {
    /// Query parameters whose values never reach the log.
    public static let redacted: Set<String> = ["apikey", "hash", "ts", "password"]

    private let descriptor: Int32
    private let ownsDescriptor: Bool

    /// `-` is standard output; anything else a file, created (0640) or appended to.
    public init(path: String) throws(CatalogServerError) {
        if path == "-" {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
        guard fd >= 0 else {
            throw .cannotLog(path: path, reason: String(cString: strerror(errno)))
        }
        descriptor = fd
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// What one line says of one request.
    public struct Entry: Sendable {
        public var client: String
        public var time: Date
        public var method: String
        /// The path and query as asked (redacted here).
        public var target: String
        public var version: String
        public var status: Int
        public var bytes: Int
        public var referer: String?
        public var userAgent: String?

        public init(client: String, time: Date = Date(), method: String, target: String, version: String = "HTTP/1.1",
                    status: Int, bytes: Int, referer: String?, userAgent: String?) {
            self.client = client; self.time = time; self.method = method; self.target = target; self.version = version
            self.status = status; self.bytes = bytes; self.referer = referer; self.userAgent = userAgent
        }
    }

    public func record(_ entry: Entry) {
        var line = Array(Self.line(entry).utf8)
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }  // a full disk loses log lines, never answers
                offset += written
            }
        }
    }

    /// The combined-format line of `entry` (no newline).
    public static func line(_ entry: Entry) -> String {
        "\(entry.client) - - [\(timestamp(entry.time))] \"\(escaped(entry.method)) \(escaped(redact(entry.target))) "
            + "\(escaped(entry.version))\" \(entry.status) \(entry.bytes) \"\(escaped(entry.referer ?? "-"))\" "
            + "\"\(escaped(entry.userAgent ?? "-"))\""
    }

    /// `target` with the value of every credential parameter replaced by `REDACTED`; the
    /// parameters keep their place and name, so the log still says a request was signed.
    public static func redact(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let query = target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let decoded = name.removingPercentEncoding ?? name
            return redacted.contains(decoded) ? "\(name)=REDACTED" : String(pair)
        }
        return String(target[..<mark]) + "?" + query.joined(separator: "&")
    }

    /// nginx's escaping of a logged string: `"`, `\` and bytes outside printable ASCII as `\xHH`,
    /// so a line is always one line and its quoted fields always end where they seem to.
    static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x7F {
                out += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `06/Dec/2026:23:59:09 +0000` (UTC: a server's logs compare across machines).
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { String(n).leftPadded(to: 2) }
        return "\(two(parts.tm_mday))/\(months[Int(parts.tm_mon)])/\(parts.tm_year + 1900):"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
