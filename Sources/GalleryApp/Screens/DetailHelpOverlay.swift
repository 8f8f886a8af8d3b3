import TerminalUI

/// `?` on a detail page: its keys, from the table its key handling reads (`Keymap.detail`).
enum DetailHelpOverlay {
    static let entries: [(String, StringKey)] = Keymap.detail.map { ($0.keys, $0.text) }

    static func render(strings: Strings, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let keysWidth = entries.map { TextWidth.of($0.0) }.max() ?? 0
        let textWidth = entries.map { TextWidth.of(strings[$0.1]) }.max() ?? 0
        let box = area.centered(Size(width: min(area.width, keysWidth + textWidth + 7), height: min(area.height, entries.count + 4)))
        buffer.fill(box, with: .blank)
        buffer.render(Border(title: strings[.helpTitle], style: theme.selectedFrame), in: box)
        let inner = Border.inner(box).inset(horizontal: 1, vertical: 0)
        for (n, entry) in entries.enumerated() where n < inner.height - 1 {
            buffer.put(entry.0, at: Point(x: inner.x, y: inner.y + n), style: theme.title, maxWidth: keysWidth)
            buffer.put(strings[entry.1], at: Point(x: inner.x + keysWidth + 2, y: inner.y + n),
                       maxWidth: max(0, inner.width - keysWidth - 2))
        }
        buffer.render(Paragraph(strings[.helpClose], style: theme.secondary, alignment: .center, wrap: false),
                      in: inner.row(inner.height - 1))
    }
}
