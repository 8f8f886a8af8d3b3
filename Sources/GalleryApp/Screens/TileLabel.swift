import TerminalUI

/// The name under a tile when it does not fit. Titles keep their issue number and lose the
/// middle ("Avengers (19… #10"); names keep a last word that fits ("Absorbi… Man"), else are
/// cut at the end. The full name of the selected tile is in the status line.
enum TileLabel {
    static func fit(_ name: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if TextWidth.of(name) <= columns { return name }
        if columns < 5 { return TextWidth.truncate(name, to: columns) }
        // No whole word fits at the end: cut the end, the most readable for a name.
        guard let tail = issueSuffix(of: name) ?? tailWords(of: name, columns: (columns - 1) / 2) else {
            return TextWidth.prefix(name, columns: columns - 1).trimmingTrailingSpaces + "…"
        }
        let headRoom = columns - 1 - TextWidth.of(tail)
        guard headRoom >= 1 else { return TextWidth.truncate(name, to: columns) }
        let head = TextWidth.prefix(String(name.dropLast(tail.count)), columns: headRoom)
        return head.trimmingTrailingSpaces + "…" + tail
    }

    /// " #12" or " #1.5" at the end of a comic title (kept whole, with its leading space).
    static func issueSuffix(of title: String) -> String? {
        guard let hash = title.lastIndex(of: "#"), hash > title.startIndex else { return nil }
        let number = title[title.index(after: hash)...]
        guard !number.isEmpty, number.count <= 6, number.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        let before = title.index(before: hash)
        return title[before] == " " ? String(title[before...]) : String(title[hash...])
    }

    /// The longest run of whole last words of `name` that fits in `columns` (with its leading
    /// space: "… Man"), or nil when not even the last word fits.
    private static func tailWords(of name: String, columns: Int) -> String? {
        var best: Substring?
        for index in name.indices.reversed() where name[index] == " " {
            let tail = name[index...]
            if TextWidth.of(String(tail)) > columns { break }
            best = tail
        }
        return best.flatMap { $0.count > 1 ? String($0) : nil }
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
