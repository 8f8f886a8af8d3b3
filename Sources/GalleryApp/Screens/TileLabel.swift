import TerminalUI

/// The name under a tile when it does not fit: the one fitter of tile and cover labels. What
/// tells a title from its neighbours stays whole at the end and the middle gives way: a
/// series' years ("Amazing Spi… (1963)"), a comic's number and variant mark ("Amazing… #12
/// Var"), a collection's volume ("Avenge… Vol. 3"); a shorter mark when that is all it takes
/// ("Daredevil (1964) #3 Var"), the year when the name keeps half the label. Other names keep a
/// last word that fits ("Absorbi… Man"), else are cut at the end. Widths are terminal columns
/// (wide characters count two). The full name of the selected tile is in the status line.
enum TileLabel {
    static func fit(_ name: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if TextWidth.of(name) <= columns { return name }
        if columns < 5 { return TextWidth.truncate(name, to: columns) }
        if let tail = TellingTail(name), let label = fit(tail, to: columns) { return label }
        // No whole word fits at the end: cut the end, the most readable for a name.
        guard let tail = tailWords(of: name, columns: (columns - 1) / 2) else {
            return TextWidth.prefix(name, columns: columns - 1).trimmingTrailingSpaces + "…"
        }
        let headRoom = columns - 1 - TextWidth.of(tail)
        guard headRoom >= 1 else { return TextWidth.truncate(name, to: columns) }
        let head = TextWidth.prefix(String(name.dropLast(tail.count)), columns: headRoom)
        return head.trimmingTrailingSpaces + "…" + tail
    }

    /// The fullest form of the tail that leaves the name its share of the label (half of it
    /// for the fuller forms), nil when not even the essential one fits.
    private static func fit(_ tail: TellingTail, to columns: Int) -> String? {
        let baseWidth = TextWidth.of(tail.base)
        for form in tail.forms {
            let formWidth = TextWidth.of(form.text)
            if !form.dropped && baseWidth + formWidth <= columns { return tail.base + form.text }
            let headRoom = columns - 1 - formWidth
            let share: Int
            switch form.name {
            case .half: share = max(2, columns / 2)
            case .one: share = 1
            case .none: share = 0
            }
            guard headRoom >= min(baseWidth, share) else { continue }
            let head = baseWidth <= headRoom ? tail.base : TextWidth.prefix(tail.base, columns: headRoom).trimmingTrailingSpaces
            return head + "…" + form.text
        }
        return nil
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
