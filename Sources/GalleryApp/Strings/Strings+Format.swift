import Foundation

/// Numbers, dates and prices written the way the language writes them. Done by hand rather than
/// with `Locale`/`DateFormatter`: the result must not depend on which ICU data the machine has,
/// and formatters are not `Sendable`.
extension Strings {
    /// `1,562` in English, `1.562` in Spanish (which groups only from five digits: `1562`, `12.345`).
    public func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let separator: Character = language == .es ? "." : ","
        let minimumToGroup = language == .es ? 5 : 4
        var out = ""
        if digits.count >= minimumToGroup {
            for (n, c) in digits.enumerated() {
                if n > 0 && (digits.count - n) % 3 == 0 { out.append(separator) }
                out.append(c)
            }
        } else {
            out = digits
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `Apr 29, 2014` / `29 abr 2014`, in UTC (Marvel's dates are days; the zone would only
    /// shift them).
    public func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = max(1, min(12, parts.month ?? 1)) - 1
        let day = parts.day ?? 1, year = parts.year ?? 1970
        switch language {
        case .en:
            let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(names[month]) \(day), \(year)"
        case .es:
            let names = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]
            return "\(day) \(names[month]) \(year)"
        }
    }

    /// A USD price: `$3.99` / `3,99 US$`.
    public func price(_ amount: Double) -> String {
        let cents = Int((amount * 100).rounded())
        let whole = number(cents / 100)
        let fraction = cents % 100 < 10 ? "0\(cents % 100)" : "\(cents % 100)"
        switch language {
        case .en: return "$\(whole).\(fraction)"
        case .es: return "\(whole),\(fraction) US$"
        }
    }

    /// An issue number: `5`, `5.1`, `5,1` (no trailing `.0`).
    public func issue(_ value: Double) -> String {
        if value == value.rounded() { return number(Int(value)) }
        let text = String(format: "%g", value)
        return language == .es ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}

extension Language {
    /// The language asked for by the POSIX locale variables, in their order of precedence:
    /// the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty decides; `es…`
    /// means Spanish, anything else (including `C`/`POSIX`) English.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("es") ? .es : .en
        }
        return .en
    }
}
