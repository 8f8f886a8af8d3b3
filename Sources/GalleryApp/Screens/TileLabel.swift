import TerminalUI

/// The name under a tile when it does not fit: the middle gives way, never the end. Titles keep
/// their issue number ("Avengers (19… #10"), and names keep the tail that tells two apart
/// ("Spider-M…Parker)" and "Spider-M…orales)"). The full text is in the status line.
enum TileLabel {
    static func fit(_ name: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if TextWidth.of(name) <= columns { return name }
        if columns < 5 { return TextWidth.truncate(name, to: columns) }
        let tail = issueSuffix(of: name) ?? tailPart(of: name, columns: (columns - 1) / 2)
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
    /// space: "… Parker)"), else the last graphemes that fit.
    private static func tailPart(of name: String, columns: Int) -> String {
        var best: Substring?
        for index in name.indices.reversed() where name[index] == " " {
            let tail = name[index...]
            if TextWidth.of(String(tail)) > columns { break }
            best = tail
        }
        if let best, best.count > 1 { return String(best) }
        return lastGraphemes(of: name, columns: columns)
    }

    private static func lastGraphemes(of name: String, columns: Int) -> String {
        var used = 0
        var start = name.endIndex
        while start > name.startIndex {
            let previous = name.index(before: start)
            let w = TextWidth.of(name[previous])
            if used + w > columns { break }
            used += w
            start = previous
        }
        return String(name[start...])
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
