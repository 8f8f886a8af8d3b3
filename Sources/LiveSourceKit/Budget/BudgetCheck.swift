import Foundation

/// Why a budget file was not used.
enum BudgetProblem: Error, Equatable, CustomStringConvertible {
    /// A new file: nothing written yet (not a problem).
    case empty
    case tooLarge
    case notRegular
    case unreadable(String)
    case notJSON
    /// Parsed, but a number no process of ours writes: the field and its value.
    case absurd(String)

    var description: String {
        switch self {
        case .empty: return "empty"
        case .tooLarge: return "is larger than \(BudgetFile.maxBytes / 1024) KB (it holds a few hundred bytes)"
        case .notRegular: return "is not a regular file (a symlink, device, FIFO or folder)"
        case .unreadable(let reason): return "cannot be read (\(reason))"
        case .notJSON: return "is not the limiter's JSON"
        case .absurd(let what): return "holds an impossible value (\(what))"
        }
    }
}

/// The rules a stored budget must meet before any arithmetic is done on it. Every number is
/// a plain Double or Int read from a file anyone with the user's rights may have written: a
/// `pausedUntil` of 1e16 once made every later run trap converting it to Int (SIGILL, exit
/// 132), now + 10^9 made every run wait silently for 31 years, 9e99 in `recent` trapped too.
enum BudgetCheck {
    /// Our own clock may step back a little between processes; nothing we write is later than
    /// this past the reader's now (except a pause, bounded by `BudgetLimiter.maxPause`).
    static let clockSlack: TimeInterval = 120
    /// More than a day's budget at any moment, or a day count above any source's, is not ours.
    static let maxRecent = 1_000
    static let maxToday = 1_000_000

    static func validate(_ data: Data, now: Date) -> Result<BudgetState, BudgetProblem> {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .failure(.empty) }
        guard let state = try? JSONDecoder().decode(BudgetState.self, from: data) else { return .failure(.notJSON) }
        let t = now.timeIntervalSince1970
        let latest = t + clockSlack
        if state.recent.count > maxRecent { return .failure(.absurd("\(state.recent.count) recent requests")) }
        if let bad = state.recent.first(where: { !$0.isFinite || $0 > latest }) {
            return .failure(.absurd("a request sent at \(bad), in the future"))
        }
        let resourceTimes = (state.resources ?? [:]).values.joined()
        if (state.resources ?? [:]).count > 64 || resourceTimes.count > maxRecent * 4 {
            return .failure(.absurd("\(resourceTimes.count) recent requests in \((state.resources ?? [:]).count) resources"))
        }
        if let bad = resourceTimes.first(where: { !$0.isFinite || $0 > latest }) ?? state.last.flatMap({ !$0.isFinite || $0 > latest ? $0 : nil }) {
            return .failure(.absurd("a request sent at \(bad), in the future"))
        }
        if state.today < 0 || state.today > maxToday { return .failure(.absurd("\(state.today) requests today")) }
        if state.day.utf8.count > 10 { return .failure(.absurd("day \(state.day.prefix(20))")) }
        if !state.pausedUntil.isFinite || state.pausedUntil > t + BudgetLimiter.maxPause + clockSlack {
            return .failure(.absurd("paused until \(state.pausedUntil), more than \(Int(BudgetLimiter.maxPause / 60)) minutes ahead"))
        }
        return .success(state)
    }
}
