import TerminalUI

/// The "Terminal too small" screen shows nothing of the gallery, so nothing may change unseen
/// under it: only quitting (q, Ctrl-C) and resizes act there. Otherwise `j`, Enter or `/` would
/// move the selection, open pages or the search field the user cannot see, and enlarging the
/// window would show somewhere unexpected.
extension AppState {
    /// A detail page fills the screen (a failed page opened from the grid is only a modal over it).
    public var detailCoversGrid: Bool {
        guard !details.isEmpty else { return false }
        return details.standalone || details.pages.contains { $0.failure == nil }
    }

    /// The screen shows only "Terminal too small": the grid, or the page over it, does not fit.
    public var isTooSmall: Bool {
        (detailCoversGrid ? ScreenLayout(size: size) : layout).tileGrid == nil
    }

    /// A key on the too-small screen: q quits (wherever the focus was: nothing else can be
    /// seen to close), anything else is ignored and the screen says so (`tooSmallKeyIgnored`).
    mutating func handleTooSmall(key: KeyEvent) -> [Effect] {
        if key == .char("q") { return quit() }
        tooSmallKeyIgnored = true
        return []
    }

    /// The grid the selection's screen row is kept from on a resize: the current one, or the
    /// last that fitted before a too-small spell.
    var gridBeforeResize: TileGrid? {
        layout.tileGrid ?? lastFittingSize.flatMap { ScreenLayout(size: $0, legendRows: layout.legendRows, labelColumns: layout.labelColumns).tileGrid }
    }
}
