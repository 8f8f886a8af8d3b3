import TerminalUI

/// `?`: the keys of the screen underneath (its own keymap table, so the help cannot drift from
/// the behaviour) in a framed box over the grid or the detail page. Texts wrap to the box; when
/// the lines do not fit (40x15), ↑↓ scroll them and the footer says so.
enum HelpOverlay {
    /// One row of the box: the keys column (empty on continuation rows) and the text.
    struct Row: Equatable {
        var keys: String
        var text: String
    }

    /// The box for `area`, and its rows wrapped to the box's width.
    static func layout(_ state: AppState, in area: Rect) -> (box: Rect, rows: [Row], keysWidth: Int) {
        let strings = state.strings
        let lines = entries(state)
        let keysWidth = min(lines.map { TextWidth.of($0.keys) }.max() ?? 0, max(4, area.width / 2 - 4))
        let textWidth = lines.map { TextWidth.of(strings[$0.text]) }.max() ?? 0
        let width = min(area.width, keysWidth + textWidth + 7)
        let wrapWidth = max(1, width - 4 - keysWidth - 2)
        var rows: [Row] = []
        for line in lines {
            for (n, piece) in Paragraph.wrap(strings[line.text], width: wrapWidth).enumerated() {
                rows.append(Row(keys: n == 0 ? line.keys : "", text: piece))
            }
        }
        let height = min(area.height, rows.count + 4)
        return (area.centered(Size(width: width, height: height)), rows, keysWidth)
    }

    /// The keys and texts of the screen underneath: the detail page's when one is open.
    static func entries(_ state: AppState) -> [(keys: String, text: StringKey)] {
        state.details.isEmpty ? Keymap.table(state.keyCatalog).map { ($0.keys, $0.text) } : DetailHelpOverlay.entries
    }

    /// Where the help is drawn: over the grid, or over the detail page's body.
    static func area(_ state: AppState) -> Rect {
        guard !state.details.isEmpty else { return state.layout.grid }
        return DetailLayout(size: state.size, page: state.details.pages.last { $0.failure == nil }).body
    }

    /// Rows that fit between the frame and the footer.
    static func visibleRows(_ box: Rect) -> Int { max(0, box.height - 4) }

    /// How far the help can scroll on this screen (0 when everything fits).
    static func maxScroll(_ state: AppState) -> Int {
        let (box, rows, _) = layout(state, in: area(state))
        return max(0, rows.count - visibleRows(box))
    }

    static func render(_ state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let strings = state.strings
        let (box, rows, keysWidth) = layout(state, in: area)
        buffer.fill(box, with: .blank)
        buffer.markOpaque(box)  // kitty: the pictures under it hidden, as on every other terminal
        buffer.render(Border(title: strings[.helpTitle], style: theme.selectedFrame), in: box)
        let inner = Border.inner(box).inset(horizontal: 1, vertical: 0)
        let shown = visibleRows(box)
        let first = min(state.helpScroll, max(0, rows.count - shown))
        for (n, row) in rows.dropFirst(first).prefix(shown).enumerated() {
            let y = inner.y + n
            buffer.put(row.keys, at: Point(x: inner.x, y: y), style: theme.title, maxWidth: keysWidth)
            buffer.put(row.text, at: Point(x: inner.x + keysWidth + 2, y: y),
                       maxWidth: max(0, inner.width - keysWidth - 2))
        }
        let footer = strings[rows.count > shown ? .helpScroll : .helpClose]
        buffer.render(Paragraph(footer, style: theme.secondary, alignment: .center, wrap: false),
                      in: inner.row(inner.height - 1))
    }
}
