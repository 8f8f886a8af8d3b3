import TerminalUI

/// The characters grid: the tiles on screen, the line under the last row (loading more, the
/// end, or a failed page with its retry key), or a message in place of an empty grid.
enum CharactersScreen {
    static func render(_ state: AppState, grid: TileGrid, theme: Theme, into buffer: inout Buffer) {
        let list = state.current
        if list.isEmpty {
            renderEmpty(state, in: grid.area, theme: theme, into: &buffer)
            return
        }
        let visible = grid.visibleRange(topRow: list.topRow, count: list.count)
        // Cut together: two names on screen never read the same when something tells them apart.
        let shown = visible.compactMap { index in list.item(at: index).map { (index, $0.name) } }
        let innerWidth = grid.frame(ofItem: visible.lowerBound, topRow: list.topRow).map { Border.inner($0).width } ?? 0
        let labels = Dictionary(uniqueKeysWithValues: zip(shown.map(\.0), TileLabel.fit(shown.map(\.1), to: innerWidth)))
        for index in visible {
            guard let frame = grid.frame(ofItem: index, topRow: list.topRow) else { continue }
            guard let character = list.item(at: index) else {
                // A gap of the sparse list, on its way: an empty tile.
                TileView.render(GalleryItem(id: -1, name: "…"), picture: .loading,
                                selected: index == list.selection, in: frame, theme: theme, into: &buffer)
                continue
            }
            let key = state.thumbnailKey(for: character, in: grid)
            let picture: TileView.Picture
            if let image = state.thumbnails[character.id] {
                picture = .image(image)
            } else if key == nil || state.failedThumbnails.contains(key!) {
                picture = .none
            } else {
                picture = .loading
            }
            TileView.render(character, picture: picture, selected: index == list.selection, label: labels[index],
                            in: frame, theme: theme, into: &buffer)
            if state.isFavourite(character) { TileView.drawStar(in: frame, theme: theme, into: &buffer) }
        }
        preloadNeighbours(of: visible, state, grid: grid, into: &buffer)
        // The tile rows are one document scrolled by whole tiles: saying so lets the renderer
        // scroll them (DECSTBM + SU/SD) even though the moving selection changes a few cells
        // of every shifted row.
        var document = Hasher()
        document.combine(list.query)
        document.combine(grid.columns)
        document.combine(grid.tileHeight)
        buffer.scrollHint = ScrollHint(top: grid.area.y, bottom: grid.area.y + grid.visibleRows * grid.tileHeight - 1,
                                           document: document.finalize(), line: list.topRow * grid.tileHeight)
        renderFooter(state, grid: grid, theme: theme, into: &buffer)
    }

    /// The tile rows just above and below the screen whose pictures are already decoded (the
    /// prefetch band) go to the terminal ahead (kitty keeps them), so scrolling them in sends
    /// placements only, no pixels.
    static func preloadNeighbours(of visible: Range<Int>, _ state: AppState, grid: TileGrid, into buffer: inout Buffer) {
        let list = state.current
        guard !visible.isEmpty else { return }
        let below = visible.upperBound..<min(list.count, visible.upperBound + grid.columns)
        let above = max(0, visible.lowerBound - grid.columns)..<visible.lowerBound
        for index in Array(below) + Array(above) {
            if let item = list.item(at: index), let pixels = state.thumbnails[item.id]?.pixels {
                buffer.preload(pixels)
            }
        }
    }

    /// One line under the last tile row when it is on screen and there is room.
    static func renderFooter(_ state: AppState, grid: TileGrid, theme: Theme, into buffer: inout Buffer) {
        let list = state.current
        let lastRow = grid.rowCount(items: list.count) - 1
        let y = grid.area.y + (lastRow - list.topRow + 1) * grid.tileHeight
        guard lastRow - list.topRow < grid.visibleRows, y < grid.area.maxY else { return }
        let strings = state.strings
        let text: String
        let style: Style
        if let failure = list.failure {
            text = "⚠ " + strings.text(.pageError, strings.failure(failure)) + " · " + strings.retryHint(for: failure)
            style = theme.warningText
        } else if list.isLoading {
            text = Spinner(frame: state.spinnerFrame).symbol + " " + strings[.loadingMore]
            style = theme.secondary
        } else if list.endLoaded {
            text = "─── " + strings[.endOfList] + " ───"
            style = theme.secondary
        } else {
            return
        }
        // An error wraps over the rows below the grid (never cut to "Couldn't connect to se…").
        let rows = Paragraph.wrap(text, width: max(1, grid.area.width - 2))
        buffer.render(Paragraph(text, style: style, alignment: .center),
                      in: Rect(x: grid.area.x + 1, y: y, width: max(1, grid.area.width - 2),
                               height: min(rows.count, grid.area.maxY - y)))
    }

    static func renderEmpty(_ state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let strings = state.strings
        let list = state.current
        var lines: [(String, Style)] = []
        if let failure = list.failure {
            lines = [("⚠ " + strings.text(.pageError, strings.failure(failure)), theme.warningText),
                     (strings.retryHint(for: failure), theme.secondary)]
        } else if list.endReached {
            switch list.query {
            case .search(let text): lines = [(strings.text(.noResults, text), theme.title)]
            case .letter(let letter): lines = [(strings.text(.noResultsLetter, letter), theme.title)]
            case .all: lines = [(strings[.emptyList], theme.title)]
            case .comics(let filter): lines = [(filter.emptyText(strings), theme.title)]
            case .titles(_, let prefix):
                lines = [(prefix.map { strings.text(.noTitles, $0) } ?? strings[.detailNone], theme.title)]
            case .saved(let saved):
                // A file that could not be read says so here too: "no favourites yet" alone
                // would read as if they had been lost.
                lines = state.savedProblems.filter { $0.list == saved }.map { ("⚠ " + $0.text, theme.warningText) }
                    + [(strings[saved == .favourites ? .noFavourites : .noRecent], theme.title)]
            }
        } else {
            lines = [(Spinner(frame: state.spinnerFrame).symbol + " " + strings[state.config.catalog.loadingKey], theme.title)]
        }
        // Each line wraps to the width: a long error is read whole, not cut.
        let width = max(1, area.width - 2)
        let wrapped = lines.flatMap { text, style in Paragraph.wrap(text, width: width).map { ($0, style) } }
        let top = area.y + max(0, (area.height - wrapped.count) / 2)
        for (n, (text, style)) in wrapped.enumerated() where top + n < area.maxY {
            buffer.render(Paragraph(text, style: style, alignment: .center, wrap: false),
                          in: Rect(x: area.x + 1, y: top + n, width: width, height: 1))
        }
    }
}
