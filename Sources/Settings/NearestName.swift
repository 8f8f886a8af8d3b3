/// The name a typo most likely meant: the command line's options and subcommands, the config
/// file's keys ("colours" → "colors").
public enum NearestName {
    /// The candidate within a third of the word's length in edits (at least 2), nearest first.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = max(2, target.count / 3)
        return candidates.map { ($0, distance(target, Array($0.lowercased()))) }
            .filter { $0.1 <= limit }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
