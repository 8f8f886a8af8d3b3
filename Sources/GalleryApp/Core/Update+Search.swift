import TerminalUI

/// Search: typing restarts a 250 ms debounce tagged with a generation; only the timer of the
/// newest generation runs the query (never one request per keystroke). Our own servers search
/// anywhere in a name; a source that matches name starts only (a mirror, the Marvel API) is
/// asked for the starts, and the loaded names that hold the text elsewhere follow them; a live source
/// whose budget is small filters the loaded names while typing and is asked on Enter. A search
/// is a list pushed over the one it started from, so Esc (or clearing the field) pops back to
/// that list exactly as it was, without a fetch.
extension AppState {
    mutating func handleSearchField(key: KeyEvent) -> [Effect] {
        guard var field = search else { return [] }
        switch key {
        case .escape:
            restoreFromSearch()
            return []
        case .enter:
            field.isEditing = false
            search = field
            if config.source.searchesOnEnter { commitSearch(field.text) }
            return []
        case .left, .right:
            // Moves the cursor only: the text and its results stay.
            let at = field.cursorIndex + (key == .left ? -1 : 1)
            field.cursor = at >= field.text.count ? nil : max(0, at)
            search = field
            return []
        case .backspace:
            let at = field.cursorIndex
            guard at > 0 else { return [] }
            field.text.remove(at: field.text.index(field.text.startIndex, offsetBy: at - 1))
            field.cursor = field.cursor.map { $0 - 1 }
            field.wasCut = false
        case .ctrl("w"):
            // The word before the cursor, and the spaces after it, as in a shell.
            let chars = Array(field.text)
            var start = field.cursorIndex
            while start > 0, chars[start - 1] == " " { start -= 1 }
            while start > 0, chars[start - 1] != " " { start -= 1 }
            guard start < field.cursorIndex else { return [] }
            field.text = String(chars[..<start] + chars[field.cursorIndex...])
            field.cursor = field.cursor.map { _ in start }
            field.wasCut = false
        case .ctrl("u"):
            field.text = ""
            field.cursor = nil
            field.wasCut = false
        case _ where key.typed.map { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } } == true:
            guard field.text.count < SearchState.maxCharacters else {
                field.wasCut = true
                search = field
                jumpNotice = strings.text(.searchCut, SearchState.maxCharacters)
                return []
            }
            field.text.insert(key.typed!, at: field.text.index(field.text.startIndex, offsetBy: field.cursorIndex))
            field.cursor = field.cursor.map { $0 + 1 }
        case .up, .down, .pageUp, .pageDown:
            // Browsing the results while typing.
            return Keymap.gridAction(for: key, catalog: config.catalog).map { perform($0) } ?? []
        default:
            return []
        }
        field.generation += 1
        search = field
        if field.text.drop(while: { $0 == " " }).isEmpty {
            // Clearing the field restores the list at once (nothing to wait for).
            dropSearchResults()
            return []
        }
        return [.startTimer(.searchDebounce(generation: field.generation),
                            milliseconds: config.searchDebounceMillis)]
    }

    /// A paste types its printable characters into an open field (one debounce for all).
    mutating func handle(paste text: String) -> [Effect] {
        guard let field = search, field.isEditing, !isTooSmall else { return [] }
        // Only what the field can keep is looked at: a 1 MB paste costs the 256 characters kept.
        let room = SearchState.maxCharacters - field.text.count
        var printable = "", kept = 0, cut = false
        for character in text where !character.isNewline
            && character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            guard kept < room else { cut = true; break }
            printable.append(character)
            kept += 1
        }
        if cut {
            search?.wasCut = true
            jumpNotice = strings.text(.searchCut, SearchState.maxCharacters)
        }
        guard !printable.isEmpty else { return [] }
        // At the cursor, as typing is.
        let at = field.text.index(field.text.startIndex, offsetBy: field.cursorIndex)
        search?.text.insert(contentsOf: printable, at: at)
        search?.cursor = field.cursor.map { $0 + kept }
        search?.generation += 1
        return [.startTimer(.searchDebounce(generation: field.generation + 1), milliseconds: config.searchDebounceMillis)]
    }

    /// The debounce of the current generation fired: show the results for the text.
    mutating func applySearch() {
        guard let field = search else { return }
        let text = String(field.text.drop(while: { $0 == " " }))
        dropSearchResults()
        guard !text.isEmpty else { return }
        let base = lists[max(0, min(field.baseDepth, lists.count) - 1)]
        if config.source.searchesOnEnter {
            // Until Enter: anywhere in what is loaded, without a request, and say so.
            lists.append(PagedList(id: nextListID, query: searchQuery(for: text),
                                   localItems: NameMatch.ranked(base.items, text: text)))
        } else if config.source.searchesAnywhere {
            lists.append(PagedList(id: nextListID, query: searchQuery(for: text)))
        } else {
            lists.append(PagedList(id: nextListID, query: searchQuery(for: text), startsThenLoaded: base.items))
        }
        nextListID += 1
    }

    /// Enter on a source whose searches are sent only when committed: the server's results
    /// replace the local filtering of the typing.
    mutating func commitSearch(_ typed: String) {
        let text = String(typed.drop(while: { $0 == " " }))
        guard !text.isEmpty else { return }
        search?.generation += 1  // a debounce still running must not put the local results back
        dropSearchResults()
        lists.append(PagedList(id: nextListID, query: searchQuery(for: text)))
        nextListID += 1
    }

    /// Esc: close the field and go back to the list the search started from.
    mutating func restoreFromSearch() {
        if let text = search?.text, !text.drop(while: { $0 == " " }).isEmpty { lastSearchText = text }
        dropSearchResults()
        search = nil
        revealCurrentSelection()
    }

    /// Cuts the stack back to where the search started (the results list, if any, is dropped;
    /// answers still in flight for it are then ignored because its id is gone).
    mutating func dropSearchResults() {
        guard let field = search, lists.count > field.baseDepth else { return }
        lists.removeLast(lists.count - field.baseDepth)
    }
}
