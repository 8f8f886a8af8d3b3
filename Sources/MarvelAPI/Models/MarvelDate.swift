import CivilCalendar
import Foundation
import MarvelContract

/// Marvel's timestamps (`2014-04-29T14:18:17-0400`, events also `1993-11-10 00:00:00`), parsed by
/// hand: `DateFormatter` is slow, not `Sendable`, and `ISO8601DateFormatter` rejects the colon-less
/// offset. Sentinels (`-0001-11-30…` zero dates, `1969-12-31T19:00:00-0500` = epoch 0 in a US zone, and the
/// 2029/2099 on-sale placeholders) mean "unknown" and parse to nil, as does anything malformed.
public enum MarvelDate {
    /// What `encode` writes for an unknown date: the zero date Marvel itself uses.
    public static let unknownSentinel = ContractValues.emptyDate

    /// Parses a Marvel date string; nil for sentinels and anything that is not a date.
    public static func parse(_ raw: String) -> Date? {
        let bytes = Array(raw.utf8)
        guard bytes.count >= 19, bytes.first != UInt8(ascii: "-") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<from + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              year >= 1, (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        // Optional fraction is not used by Marvel; the offset is `Z`, `±hhmm` or `±hh:mm`, or absent (UTC).
        var offsetSeconds = 0
        if bytes.count > 19 {
            let sign = bytes[19]
            if sign == UInt8(ascii: "Z") {
                guard bytes.count == 20 else { return nil }
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                let colon = bytes.count == 25 && bytes[22] == UInt8(ascii: ":")
                guard bytes.count == (colon ? 25 : 24), let oh = number(20, 2),
                      let om = number(colon ? 23 : 22, 2), oh < 24, om < 60 else { return nil }
                offsetSeconds = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        let days = CivilDays.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // Epoch 0 as PHP wrote it in a US zone (1969-12-31T19:00:00-0500) is Marvel's "unknown";
        // 1970-01-01 written in UTC is a real day (a cover date a live source gives).
        if seconds == 0, offsetSeconds != 0 { return nil }
        if year >= 2099 { return nil }                       // 2099-10-30 on-sale placeholder
        if year == 2029, month == 12, day == 31, hour == 0, minute == 0, second == 0 { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Formats a date the way Marvel writes it, in UTC (`2014-04-29T18:18:17+0000`);
    /// nil writes the zero-date sentinel so a round trip gives nil again.
    public static func format(_ date: Date?) -> String {
        guard let date else { return unknownSentinel }
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (y, m, d) = CivilDays.civilFromDays(days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = String(repeating: "0", count: max(0, 4 - String(y).count)) + String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))+0000"
    }
}
