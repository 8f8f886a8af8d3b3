import TerminalUI

/// Keys go to whatever has the focus: an overlay, the index bar, the search field, the grid.
extension AppState {
    /// `released`: a held key acting now (`releaseHeldKeys`): it is not held again.
    mutating func handle(key: KeyEvent, released: Bool = false) -> [Effect] {
        if key == .ctrl("c") {
            // In raw mode Ctrl-C is a key, not SIGINT; it still ends the program as SIGINT would.
            interruptedByKey = true
            return quit()
        }
        if isTooSmall { return handleTooSmall(key: key) }
        if !released, !heldKeys.isEmpty { return hold(key) }
        copyNotice = nil  // the confirmation stays until the next key
        jumpNotice = nil
        quitHintShown = false
        if let overlay { return handleOverlay(overlay, key: key) }
        if !details.isEmpty { return handleDetail(key: key) }
        if indexCursor != nil { return handleIndexBar(key: key) }
        if let search, search.isEditing { return handleSearchField(key: key) }
        if jumpTyping != nil, let effects = handleJumpTyping(key: key) { return effects }
        guard let action = Keymap.gridAction(for: key, catalog: keyCatalog) else { return [] }
        if !released, awaitsFirstPage, Self.needsItems(action) { return hold(key) }
        jump = nil  // a key on the grid wins over a jump still being placed
        return perform(action)
    }

    mutating func handleOverlay(_ overlay: Overlay, key: KeyEvent) -> [Effect] {
        switch overlay {
        case .picture:
            // Any key (Esc, z, q…) comes back to exactly what was there, as the help does.
            closeFullPicture()
        case .help:
            // Arrows scroll a help taller than the screen (40x15); any other key closes it.
            let step: Int? = switch key {
            case .down, .char("j"): 1
            case .up, .char("k"): -1
            case .pageDown, .char(" "): max(1, size.height / 2)
            case .pageUp: -max(1, size.height / 2)
            default: nil
            }
            guard let step else {
                self.overlay = nil
                helpScroll = 0
                return []
            }
            helpScroll = min(max(0, helpScroll + step), HelpOverlay.maxScroll(self))
        }
        return []
    }

    mutating func perform(_ action: GridAction) -> [Effect] {
        let grid = layout.tileGrid
        let columns = grid?.columns ?? 1
        let screen = grid?.tilesPerScreen ?? 1
        let top = lists.count - 1
        switch action {
        case .moveUp: move(by: -columns)
        case .moveDown: move(by: columns)
        case .moveLeft: move(by: -1)
        case .moveRight: move(by: 1)
        case .pageUp:
            lists[top].topRow -= grid?.visibleRows ?? 1
            move(by: -screen)
        case .pageDown:
            lists[top].topRow += grid?.visibleRows ?? 1
            move(by: screen)
        case .halfPageUp, .halfPageDown:
            let rows = max(1, (grid?.visibleRows ?? 1) / 2)
            let sign = action == .halfPageUp ? -1 : 1
            lists[top].topRow += sign * rows
            move(by: sign * rows * columns)
        case .first: move(to: 0)
        // Straight to the last position: the sparse list fetches that page directly.
        case .last: move(to: current.count - 1)
        case .open:
            return openSelected()
        case .search:
            if search != nil {
                search?.isEditing = true
            } else {
                search = SearchState(baseDepth: lists.count)
            }
        case .index:
            if let reason = jumpRefusal() {
                jumpNotice = reason
                return []
            }
            var cursor = 1  // "A"
            if let letter = current.query.indexLetter, let i = IndexLetter.all.firstIndex(of: letter) {
                cursor = i
            }
            indexCursor = cursor
        case .retry:
            lists[top].clearFailure()
        case .help:
            overlay = .help
        case .back:
            if search != nil {
                restoreFromSearch()
            } else if lists.count > 1 {
                lists.removeLast()
                revealCurrentSelection()
            } else {
                // Esc closes, backs out or clears and never quits: an Esc meant for something
                // already closed (the index a letter closed) must not drop the user at the shell.
                quitHintShown = true
            }
        case .quit:
            return quit()
        case .format(let forward):
            cycleFormat(forward: forward)
        case .copy(let what):
            guard let item = current.selectedItem else { return [] }
            let text = what == .name ? item.name
                : item.link ?? BrowserLink.marvelPage(item.kind ?? config.catalog.resource, id: item.id, name: item.name)
            return [.copy(CopyRequest(what, text))]
        case .favourite:
            return toggleFavouriteOnGrid()
        case .savedList(let list):
            openSavedList(list)
        case .sort(let reverse):
            sort(reverse: reverse)
        case .jump:
            return startJumpTyping()
        case .nextMatch(let forward):
            nextMatch(forward: forward)
        case .fullPicture:
            guard let item = current.selectedItem else { return [] }
            return openFullPicture(name: item.name, id: item.id, picture: item.thumbnail)
        }
        return []
    }

    mutating func move(by delta: Int) { move(to: current.selection + delta) }

    mutating func move(to index: Int) {
        let top = lists.count - 1
        lists[top].select(index, atMillis: clockMillis)
        revealCurrentSelection()
    }

    mutating func revealCurrentSelection() {
        guard let grid = layout.tileGrid else { return }
        lists[lists.count - 1].revealSelection(in: grid)
    }
}
