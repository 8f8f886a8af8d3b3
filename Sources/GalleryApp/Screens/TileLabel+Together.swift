import TerminalUI

extension TileLabel {
    /// The labels of names shown together (the tiles on screen, a strip of covers): each as
    /// `fit(_:to:)` cuts it, except where two different names would read the same. Those show
    /// what tells them apart instead: the years their tails keep ("Amazin… (1963) #1" beside
    /// "Amazin… (1987) #1", where both read "Amazing Spide… #1"), else the words where the names
    /// part ("…Avengers Ea… #1" beside "…Ultimate Sp… #1" for two "Marvel Universe … (2012) #1").
    /// A group nothing tells apart within the width keeps its plain labels.
    static func fit(_ names: [String], to columns: Int) -> [String] {
        var labels = names.map { fit($0, to: columns) }
        var groups: [String: [Int]] = [:]
        for (index, label) in labels.enumerated() { groups[label, default: []].append(index) }
        for indices in groups.values where Set(indices.map { names[$0] }).count > 1 {
            let group = Array(Set(indices.map { names[$0] }))
            for strategy in [withYears, fromTheParting] {
                let told = group.map { strategy($0, group, columns) }
                guard told.allSatisfy({ $0 != nil }), Set(told).count == group.count else { continue }
                let byName = Dictionary(uniqueKeysWithValues: zip(group, told.map { $0! }))
                for index in indices { labels[index] = byName[names[index]]! }
                break
            }
        }
        return labels
    }

    /// The name cut to its first columns with the fullest tail that keeps its years ("(1963)"
    /// of "(1963 - 1998)" at least): nil without years or when they do not fit.
    private static func withYears(_ name: String, _ group: [String], _ columns: Int) -> String? {
        guard let tail = TellingTail(name), let years = tail.years else { return nil }
        let firstYear = tail.firstYear ?? years
        let number = tail.number.map { " " + $0 } ?? ""
        for yearText in [years, firstYear] {
            let text = " " + yearText + number
            let room = columns - 1 - TextWidth.of(text)
            guard room >= 1 else { continue }
            if TextWidth.of(tail.base) <= room { return tail.base + text }
            return TextWidth.prefix(tail.base, columns: room).trimmingSpaces + "…" + text
        }
        return nil
    }

    /// "…" + the name from the first word where the group's names part, cut to fit, + the
    /// essential tail (the number, else the first year): nil when they part at the first word
    /// (the plain cut shows it) or nothing of the parting fits.
    private static func fromTheParting(_ name: String, _ group: [String], _ columns: Int) -> String? {
        let tail = TellingTail(name)
        let base = tail?.base ?? name
        let bases = group.map { TellingTail($0)?.base ?? $0 }
        let words = base.split(separator: " ", omittingEmptySubsequences: false)
        var shared = 0
        while shared < words.count,
              bases.allSatisfy({ other in
                  let w = other.split(separator: " ", omittingEmptySubsequences: false)
                  return shared < w.count && w[shared] == words[shared]
              }) {
            shared += 1
        }
        guard shared > 0, shared < words.count else { return nil }
        let parting = words[shared...].joined(separator: " ")
        let end = tail.map { t in t.number.map { " " + $0 } ?? (t.firstYear ?? t.years).map { " " + $0 } ?? "" } ?? ""
        let room = columns - 1 - TextWidth.of(end)
        if TextWidth.of(parting) <= room { return "…" + parting + end }
        guard room - 1 >= 2 else { return nil }
        return "…" + TextWidth.prefix(parting, columns: room - 1).trimmingSpaces + "…" + end
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
