import TerminalUI

/// `?` on a detail page: its keys, from the table its key handling reads (`Keymap.detail`),
/// drawn by `HelpOverlay` (texts wrapped, ↑↓ scroll when they do not fit): drawn here they would be
/// cut at the box's edge ("list N (comics, series, s" at 60 columns, the Spanish at 80).
enum DetailHelpOverlay {
    static let entries: [(keys: String, text: StringKey)] = Keymap.detail.map { ($0.keys, $0.text) }

    static func render(_ state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        HelpOverlay.render(state, in: area, theme: theme, into: &buffer)
    }
}
