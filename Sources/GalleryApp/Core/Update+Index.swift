import TerminalUI

/// The A–Z index bar: `#` and A to Z; a letter list is pushed over the main list (replacing any
/// letter or search shown before), endlessly scrolled like it; Esc goes back. The characters
/// grid lists names under the letter, the comics grid titles (in its current format).
extension AppState {
    mutating func handleIndexBar(key: KeyEvent) -> [Effect] {
        guard let cursor = indexCursor else { return [] }
        let count = IndexLetter.all.count
        switch key {
        case .escape, .char("i"):
            indexCursor = nil
        case .left, .char("h"), .up:
            indexCursor = (cursor - 1 + count) % count
        case .right, .char("l"), .down, .tab:
            indexCursor = (cursor + 1) % count
        case .home:
            indexCursor = 0
        case .end:
            indexCursor = count - 1
        case .enter:
            choose(IndexLetter.all[cursor])
        default:
            if let c = key.typed, let letter = IndexLetter(String(c)) { choose(letter) }
        }
        return []
    }

    mutating func choose(_ letter: IndexLetter) {
        indexCursor = nil
        if search != nil {
            dropSearchResults()
            search = nil
        }
        if lists.count > 1, let shown = current.query.indexLetter {
            if shown == letter { return }
            lists.removeLast()
        }
        lists.append(PagedList(id: nextListID, query: query(for: letter)))
        nextListID += 1
    }

    /// The list of one index entry over the list on screen.
    func query(for letter: IndexLetter) -> ListQuery {
        guard case .comics(var filter) = current.query else { return .letter(letter) }
        filter.letter = letter
        filter.titleStartsWith = nil
        return .comics(filter)
    }
}
