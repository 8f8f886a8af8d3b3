import TerminalUI

extension TileLabel {
    /// The labels of names shown together (the tiles on screen, a strip of covers): each as
    /// `fit(_:to:)` cuts it, except where two different names would read the same. A group that
    /// would read the same shows, all in one way, the least that tells its names apart: their
    /// numbers ("Amazing… #6"), else their years ("Captain… (1968)"), else the words where the
    /// names part ("Marvel…Ultimate Spi… #1"). Where that does not fit with the first word kept,
    /// a shorter head tells them apart ("Amaz… #1" on a detail page's 10-column covers; the
    /// grids are given columns wide enough: `CatalogKind.labelColumns`). A group nothing tells
    /// apart within the width keeps its plain labels.
    static func fit(_ names: [String], to columns: Int) -> [String] {
        var labels = names.map { fit($0, to: columns) }
        var groups: [String: [Int]] = [:]
        for (index, label) in labels.enumerated() { groups[label, default: []].append(index) }
        for (label, indices) in groups.sorted(by: { $0.key < $1.key }) where Set(indices.map { names[$0] }).count > 1 {
            let group = Array(Set(indices.map { names[$0] })).sorted()
            let others = Set(labels.enumerated().filter { $0.element != label }.map(\.element))
            for way in Way.allCases.map({ ($0, true) }) + Way.allCases.map({ ($0, false) }) {
                let told = group.map { way.0.label($0, group, columns, keepingFirstWord: way.1) }
                guard told.allSatisfy({ $0 != nil }), Set(told).count == group.count, others.isDisjoint(with: told.map { $0! }) else { continue }
                let byName = Dictionary(uniqueKeysWithValues: zip(group, told.map { $0! }))
                for index in indices { labels[index] = byName[names[index]]! }
                break
            }
        }
        return labels
    }

    /// What a label adds to tell its name from others that would read the same.
    enum Way: CaseIterable {
        case number, years, parting

        func label(_ name: String, _ group: [String], _ columns: Int, keepingFirstWord: Bool) -> String? {
            let least = keepingFirstWord ? TileLabel.headColumns(of: name) : 1
            let tail = TellingTail(name)
            let base = tail?.base ?? name
            let number = tail?.number.map { " " + $0 + (tail?.isVariant == true ? " Var" : "") } ?? ""
            switch self {
            case .number:
                guard !number.isEmpty else { return nil }
                return TileLabel.label(base, least: least, end: number, columns)
            case .years:
                guard let years = tail?.firstYear ?? tail?.years else { return nil }
                return TileLabel.label(base, least: least, end: " " + years + number, columns)
            case .parting:
                return parting(base, least: least, group, end: number.isEmpty ? (tail?.years.map { " " + $0 } ?? "") : number, columns)
            }
        }

        /// The head, "…", the words from where the group's names part (cut to fit), the end.
        private func parting(_ base: String, least: Int, _ group: [String], end: String, _ columns: Int) -> String? {
            let bases = group.map { TellingTail($0)?.base ?? $0 }
            let words = base.split(separator: " ", omittingEmptySubsequences: false)
            var shared = 0
            while shared < words.count, bases.allSatisfy({ other in
                let w = other.split(separator: " ", omittingEmptySubsequences: false)
                return shared < w.count && w[shared] == words[shared]
            }) { shared += 1 }
            guard shared > 0, shared < words.count else { return nil }
            let parting = words[shared...].joined(separator: " ")
            guard let head = TileLabel.head(of: base, least: least, in: least) else { return nil }
            let room = columns - TextWidth.of(head) - 1 - TextWidth.of(end)
            if TextWidth.of(parting) <= room { return head + "…" + parting + end }
            guard room >= 3 else { return nil }
            return head + "…" + TextWidth.prefix(parting, columns: room - 1).trimmingTrailingSpaces + "…" + end
        }
    }

    /// `base` cut to the room `end` leaves, "…", `end`; nil when the head would be shorter than `least`.
    static func label(_ base: String, least: Int, end: String, _ columns: Int) -> String? {
        let room = columns - 1 - TextWidth.of(end)
        guard let head = head(of: base, least: least, in: room) else { return nil }
        return head + "…" + end
    }
}
