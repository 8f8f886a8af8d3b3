import CivilCalendar

/// Marvel's `yyyy-MM-dd'T'HH:mm:ssZ` dates (offset without colon) as Unix seconds, for sorting
/// and `modifiedSince`. The sentinels (`-0001-11-30...`, the 1969 epoch) parse like any other
/// date and simply sort first, which is where the real API puts them too.
public enum CatalogDate {
    /// Parses `2014-04-29T14:18:17-0400`, `-0001-11-30T00:00:00-0500`, a bare `2014-01-01`, or
    /// an event's `start`/`end` as Marvel writes them, `2013-01-01 00:00:00` (no zone: read as UTC;
    /// unread, every event's start would be nil and `orderBy=startDate` would come back in id
    /// order).
    public static func epochSeconds(_ text: String) -> Int64? {
        if let seconds = fixedWidthEpochSeconds(text) { return seconds }
        var s = Substring(text)
        var sign: Int64 = 1
        if s.first == "-" { sign = -1; s = s.dropFirst() }
        let parts = s.split(maxSplits: 1, whereSeparator: { $0 == "T" || $0 == " " })
        guard let datePart = parts.first else { return nil }
        let ymd = datePart.split(separator: "-")
        guard ymd.count == 3, let y = Int64(ymd[0]), let m = Int64(ymd[1]), let d = Int64(ymd[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        // Int is 64-bit on every platform we build for, so the conversions are exact.
        var seconds = Int64(CivilDays.daysFromCivil(year: Int(sign * y), month: Int(m), day: Int(d))) * 86_400
        if parts.count == 2 {
            let rest = parts[1]
            guard rest.count >= 8 else { return nil }
            let hms = rest.prefix(8).split(separator: ":")
            guard hms.count == 3, let hh = Int64(hms[0]), let mm = Int64(hms[1]), let ss = Int64(hms[2]) else { return nil }
            seconds += hh * 3600 + mm * 60 + ss
            let zone = rest.dropFirst(8)
            if zone.count >= 5, let offSign = zone.first, offSign == "+" || offSign == "-" {
                let digits = zone.dropFirst().filter { $0 != ":" }
                guard digits.count == 4, let hhmm = Int64(digits) else { return nil }
                let offset = (hhmm / 100) * 3600 + (hhmm % 100) * 60
                seconds -= offSign == "+" ? offset : -offset
            }
        }
        return seconds
    }

    /// `2014-04-29T14:18:17-0400` exactly, digits only (nearly every Marvel date): read in place,
    /// the same value as the general reading above, without splitting (a catalog build reads
    /// thousands of dates).
    private static func fixedWidthEpochSeconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { b -> Int64? in
            guard b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
                  b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
                  b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-") else { return nil }
            func number(_ at: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for k in at..<(at + count) {
                    let digit = b[k] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int64(digit)
                }
                return value
            }
            guard let y = number(0, 4), let m = number(5, 2), let d = number(8, 2), (1...12).contains(m), (1...31).contains(d),
                  let hh = number(11, 2), let mm = number(14, 2), let ss = number(17, 2), let zone = number(20, 4) else { return nil }
            let seconds = Int64(CivilDays.daysFromCivil(year: Int(y), month: Int(m), day: Int(d))) * 86_400 + hh * 3600 + mm * 60 + ss
            let offset = (zone / 100) * 3600 + (zone % 100) * 60
            return b[19] == UInt8(ascii: "+") ? seconds - offset : seconds + offset
        }
    }
}
