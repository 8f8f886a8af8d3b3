import TerminalUI

/// `?`: every key of the app (from the keymap's own table) in a framed box over the grid.
enum HelpOverlay {
    static func render(strings: Strings, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let entries = Keymap.helpEntries
        let keysWidth = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        let textWidth = entries.map { TextWidth.of(strings[$0.text]) }.max() ?? 0
        let width = min(area.width, keysWidth + textWidth + 7)
        let height = min(area.height, entries.count + 4)
        let box = area.centered(Size(width: width, height: height))
        buffer.fill(box, with: .blank)
        buffer.render(Border(title: strings[.helpTitle], style: theme.selectedFrame), in: box)
        let inner = Border.inner(box).inset(horizontal: 1, vertical: 0)
        for (n, entry) in entries.enumerated() where n < inner.height - 1 {
            let y = inner.y + n
            buffer.put(entry.keys, at: Point(x: inner.x, y: y), style: theme.title, maxWidth: keysWidth)
            buffer.put(strings[entry.text], at: Point(x: inner.x + keysWidth + 2, y: y),
                       maxWidth: max(0, inner.width - keysWidth - 2))
        }
        let footer = strings[.helpClose]
        buffer.render(Paragraph(footer, style: theme.secondary, alignment: .center, wrap: false),
                      in: inner.row(inner.height - 1))
    }
}
