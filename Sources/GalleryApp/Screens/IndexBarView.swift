import TerminalUI

/// The A–Z index: a framed bar over the bottom of the grid with `#` and the letters; the
/// cursor letter is drawn in the accent.
enum IndexBarView {
    static func render(_ state: AppState, in gridArea: Rect, theme: Theme, into buffer: inout Buffer) {
        guard let cursor = state.indexCursor else { return }
        let strings = state.strings
        let letters = IndexLetter.all.map(\.description)
        let spaced = letters.count * 2 + 1 <= gridArea.width - 4
        let contentWidth = spaced ? letters.count * 2 - 1 : letters.count
        let width = min(gridArea.width, contentWidth + 4)
        let box = Rect(x: gridArea.x + (gridArea.width - width) / 2, y: gridArea.maxY - 3, width: width, height: 3)
        buffer.fill(box, with: .blank)
        buffer.render(Border(title: strings[.indexTitle], style: theme.selectedFrame), in: box)
        // Below 30 columns not every letter fits: the ones shown are a window that follows the
        // cursor (else at 24 columns V to Z are cut off with the box's right side).
        let fits = max(1, box.width - 3)
        let first = letters.count <= fits ? 0 : min(max(0, cursor - fits / 2), letters.count - fits)
        var x = box.x + 2
        for (n, letter) in letters.enumerated() where n >= first && n < first + fits {
            // The others plain: under NO_COLOR bold alone marks the letter.
            let style = n == cursor ? theme.selectedName : theme.name
            buffer.put(letter, at: Point(x: x, y: box.y + 1), style: style)
            x += spaced ? 2 : 1
        }
        let hint = " " + strings[.indexHint] + " "
        if TextWidth.of(hint) <= box.width - 4 {
            buffer.put(hint, at: Point(x: box.maxX - 2 - TextWidth.of(hint), y: box.maxY - 1), style: theme.secondary)
        }
    }
}
