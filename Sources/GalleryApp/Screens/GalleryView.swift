import TerminalUI

/// Draws the whole gallery screen for a state: header, grid (or a message in its place),
/// status line, then whatever overlay is open. Pure: same state, same buffer.
public enum GalleryView {
    public static func render(_ state: AppState, into buffer: inout Buffer, theme: Theme = .standard) {
        buffer.title = windowTitle(state)
        if state.overlay == .picture, let full = state.fullPicture {
            FullPictureView.render(state, full, theme: theme, into: &buffer)
            return
        }
        if DetailScreen.coversGrid(state) {
            DetailScreen.render(state, into: &buffer, theme: theme)
            return
        }
        let layout = state.layout
        let strings = state.strings
        guard let grid = layout.tileGrid else {
            renderTooSmall(size: buffer.size, minimumRows: ScreenLayout.minimumRows + layout.legendRows,
                           strings: strings, theme: theme, keyIgnored: state.tooSmallKeyIgnored, into: &buffer)
            return
        }
        HeaderView.render(state, in: layout.header, theme: theme, into: &buffer)
        if layout.legendRows > 0 { FormatPalette.renderLegend(strings: strings, in: layout.legend, into: &buffer) }
        CharactersScreen.render(state, grid: grid, theme: theme, into: &buffer)
        StatusBar.render(state, in: layout.status, theme: theme, into: &buffer)
        if state.indexCursor != nil {
            IndexBarView.render(state, in: layout.grid, theme: theme, into: &buffer)
        }
        switch state.overlay {
        case .help?: HelpOverlay.render(state, in: layout.grid, theme: theme, into: &buffer)
        case .picture?, nil: break  // the picture was drawn alone, above
        }
        DetailScreen.renderModal(state, into: &buffer, theme: theme)
    }

    /// "marvel-gallery: Characters", "marvel-gallery: Spider-Man": what the header names (the
    /// encoder cleans it of anything a name could smuggle in).
    static func windowTitle(_ state: AppState) -> String {
        let page = DetailScreen.coversGrid(state) ? state.details.pages.last(where: { $0.failure == nil }) : nil
        let what = page.map { $0.content?.title ?? $0.knownTitle ?? "" } ?? HeaderView.title(of: state)
        return "marvel-gallery" + (what.isEmpty ? "" : ": " + what)
    }

    /// `minimumRows`: the comics grid needs its legend's row too (at 40x11 it said "need 24x11").
    /// `keyIgnored`: a key was pressed here, and only q acts (`AppState.handleTooSmall`).
    static func renderTooSmall(size: Size, minimumRows: Int = ScreenLayout.minimumRows, strings: Strings, theme: Theme,
                               keyIgnored: Bool = false, into buffer: inout Buffer) {
        let need = "\(ScreenLayout.minimumColumns)x\(minimumRows)"
        var text = strings.text(.tooSmall, "\(size.width)x\(size.height)", need)
        if keyIgnored { text += " " + strings[.tooSmallKeys] }
        let lines = Paragraph.wrap(text, width: max(1, size.width))
        let top = max(0, (size.height - lines.count) / 2)
        buffer.render(Paragraph(text, style: theme.warningText, alignment: .center),
                      in: Rect(x: 0, y: top, width: size.width, height: size.height - top))
    }
}
