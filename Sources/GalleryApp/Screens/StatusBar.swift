import TerminalUI

/// The bottom line: the selected item's full name (tile labels are trimmed; this one is not),
/// data source, "N of TOTAL" (N: the selection's position), standing notices (stale cache, the catalog's notice,
/// cache problems, damaged pictures), what the list is doing, and the key hints on the right (dropped first
/// when space is short, a hint at a time from the front).
enum StatusBar {
    static func render(_ state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let strings = state.strings
        buffer.fill(area, with: Cell(" ", style: theme.statusBar))
        var parts: [(String, Style)] = []
        if let selected = state.current.selectedItem {
            parts.append((" " + selected.name, theme.statusBar.bold))
        }
        if let copied = state.copyNotice { parts.append((copied, theme.statusBar.bold)) }
        if let jump = state.jumpTyping?.text ?? state.jump?.text {
            parts.append((strings.text(.jumpPrompt, jump), theme.statusBar.bold))
        } else if let notice = state.jumpNotice {
            parts.append((notice, theme.statusBar.bold))
        }
        if state.quitHintShown { parts.append((strings[.quitHint], theme.statusBar.bold)) }
        // What a key just did ("copied name: …", "★ starred: …") and the prefix being typed show
        // at any width: the selected name before them gives way (else at 30 columns "Spider-Girl
        // (May Parker)" takes the line, and neither the copy nor the typed prefix is seen).
        let upToNotice = parts.enumerated().reduce(0) { $0 + TextWidth.of($1.offset == 0 ? $1.element.0 : "  │  " + $1.element.0) }
        if upToNotice > area.width, state.current.selectedItem != nil, parts.count > 1 {
            parts[0].0 = TextWidth.truncate(parts[0].0, to: max(2, TextWidth.of(parts[0].0) - (upToNotice - area.width)))
        }
        parts.append(((parts.isEmpty ? " " : "") + "● " + source(state.config.source, strings), theme.statusBar))
        let list = state.current
        if let total = list.positionTotal {
            // Where the selection is over the whole (sparse) list, not how much of it is loaded.
            let position = list.isEmpty ? 0 : list.selection + 1
            parts.append((strings.text(.countOf, strings.number(position), strings.number(total)), theme.statusBar))
            if list.unreadableRecords > 0 {
                parts.append((strings.text(.recordsUnreadable, strings.number(list.unreadableRecords)), theme.statusBar))
            }
        } else if !list.isEmpty {
            parts.append((strings.text(.countLoading, strings.number(list.loadedCount)), theme.statusBar))
        }
        // Standing notices come after the position: a long one is truncated, the position never is.
        if state.staleData { parts.append((strings[.staleNotice], theme.statusBar)) }
        if let notice = state.config.notice { parts.append((notice, theme.statusBar)) }
        for notice in state.savedNotices { parts.append((notice, theme.statusBar)) }
        for problem in [state.health.imageCacheProblem, state.health.responseCacheProblem].compactMap({ $0 }) {
            parts.append((problem, theme.statusBar))  // one line from the cache, like the catalog's notice
        }
        if state.health.damagedPictures > 0 {
            parts.append((strings.text(.damagedPictures, strings.number(state.health.damagedPictures)), theme.statusBar))
        }
        if state.health.failedPictures > 0 {
            parts.append((strings.text(.failedPictures, strings.number(state.health.failedPictures),
                                       Sanitizer.clean(state.health.pictureFailure ?? "")), theme.statusBar))
        }
        if list.isLocal || list.mergesLoadedMatches, let search = state.search {
            let base = state.lists[max(0, min(search.baseDepth, state.lists.count) - 1)]
            parts.append((list.isLocal ? strings.text(.localSearchNotice, strings.number(base.items.count))
                              : strings.text(.mergedSearchNotice, strings.number(list.loadedMatches), strings.number(base.items.count)),
                          theme.statusBar))
        }
        if let failure = list.failure {
            parts.append((strings.text(.pageError, strings.failure(state.displayedFailure(failure))) + " · " + strings.retryHint(for: failure),
                           theme.statusBar.bold))
        } else if list.isLoading {
            parts.append((strings[.loadingMore], theme.statusBar))
        } else if list.endLoaded && !list.isEmpty && showsLastRow(state) {
            // Every position loaded is not the end of the list for someone at 131 of 184
            // (prefetching loads the rest ahead of them): said only when the end is on screen
            // (and then even if positions before it are still gaps).
            parts.append((strings[.endOfList], theme.statusBar))
        }

        var x = area.x
        let leftLimit = area.maxX
        for (n, (text, style)) in parts.enumerated() {
            let piece = n == 0 ? text : "  │  " + text
            let width = TextWidth.of(piece)
            if x + width > leftLimit {
                x += buffer.put(TextWidth.truncate(piece, to: leftLimit - x), at: Point(x: x, y: area.y), style: style)
                break
            }
            x += buffer.put(piece, at: Point(x: x, y: area.y), style: style)
        }
        putHints(strings[state.keyCatalog.hintsKey], after: x, in: area, style: theme.statusBar, into: &buffer)
    }

    /// The key hints (two spaces apart) that fit right of column `x`, dropped from the front:
    /// "? help" stays longest (dropping the whole string leaves no hint on the 80x24 grid,
    /// the saved grids at 100 columns, or a detail page with a notice).
    static func putHints(_ all: String, after x: Int, in area: Rect, style: Style, into buffer: inout Buffer) {
        var hints = all.components(separatedBy: "  ")[...]
        while !hints.isEmpty, area.maxX - x < TextWidth.of(hints.joined(separator: "  ")) + 3 { hints = hints.dropFirst() }
        guard !hints.isEmpty else { return }
        let text = hints.joined(separator: "  ") + " "
        buffer.put(text, at: Point(x: area.maxX - TextWidth.of(text), y: area.y), style: style)
    }

    /// Whether the last tile row of the list on screen is visible.
    static func showsLastRow(_ state: AppState) -> Bool {
        let list = state.current
        guard let grid = state.layout.tileGrid else { return true }
        return grid.visibleRange(topRow: list.topRow, count: list.count).contains(list.count - 1)
    }

    static func source(_ kind: DataSourceKind, _ strings: Strings) -> String {
        switch kind {
        case .officialAPI: return strings[.sourceOfficial]
        case .mirror(let url): return strings.text(.sourceMirror, url)
        case .offlineCatalog: return strings[.sourceOffline]
        case .live(let status, _): return status.text
        }
    }
}
