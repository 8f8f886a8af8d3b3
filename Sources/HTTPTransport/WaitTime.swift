/// A waiting time as a person reads it, the one wording of every wait the program says: a
/// server's Retry-After in `--plain` output and in the gallery, a live source's budget.
/// Under 90 s in seconds ("42 s"), under an hour in minutes and seconds ("14 min 5 s",
/// "15 min"), under two days in hours and minutes ("5 h 12 min"), then days and hours
/// ("11 days 13 h": a source asking for days once read "retry after 950400 s"). Here, below
/// every layer that says a wait (the API client, the live sources, the gallery); a language gives
/// its word for days and its digit grouping, the units are the same in every language.
public enum WaitTime {
    public static func words(seconds: Int, days: String = "days", number: (Int) -> String = { String($0) }) -> String {
        let s = max(0, seconds)
        switch s {
        case ..<90: return "\(s) s"
        case ..<3600: return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s"
        case ..<172_800: return "\(s / 3600) h \(s % 3600 / 60) min"
        default: return "\(number(s / 86_400)) \(days) \(s % 86_400 / 3600) h"
        }
    }
}
