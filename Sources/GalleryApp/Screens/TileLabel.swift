import TerminalUI

/// The name under a tile when it does not fit: the one fitter of tile and cover labels. A name
/// that does not fit is cut at its end ("Abominati…"), a title without its tail (a series'
/// years, a comic's number: "Amazing Spider-Man…"); `fit(_:to:)` of the names shown together
/// adds a tail, or the words where two names part, only where two labels would otherwise read
/// the same. Every label keeps its first word whole, or its first `firstWordColumns` columns
/// of it. Widths are terminal columns (wide characters count two). The full name of the
/// selected tile is in the status line.
enum TileLabel {
    /// The fewest columns of a long first word a label keeps before its "…".
    static let firstWordColumns = 8

    static func fit(_ name: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if TextWidth.of(name) <= columns { return name }
        return cut(TellingTail(name)?.base ?? name, to: columns)
    }

    /// `text` with "…" after it, cut at its end to fit.
    static func cut(_ text: String, to columns: Int) -> String {
        guard columns > 1 else { return TextWidth.prefix("…", columns: columns) }
        if TextWidth.of(text) < columns { return text + "…" }
        return TextWidth.prefix(text, columns: columns - 1).trimmingTrailingSpaces + "…"
    }

    /// The columns of `name` a label must keep before its first "…": its first word, at most
    /// `firstWordColumns` of it.
    static func headColumns(of name: String) -> Int {
        let base = TellingTail(name)?.base ?? name
        let firstWord = base.split(separator: " ", maxSplits: 1).first.map(String.init) ?? base
        return min(TextWidth.of(firstWord), firstWordColumns)
    }

    /// Whether `label` keeps what `headColumns(of:)` asks of `name`.
    static func keepsHead(_ label: String, of name: String) -> Bool {
        let head = label.split(separator: "…", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? label
        return label == name || TextWidth.of(head) >= headColumns(of: name)
    }

    /// The head of `text` in `room` columns, nil when that is less than `least`.
    static func head(of text: String, least: Int, in room: Int) -> String? {
        guard room >= max(1, least) else { return nil }
        return TextWidth.prefix(text, columns: room).trimmingTrailingSpaces
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
