import TerminalUI

/// The A–Z index bar: `#` and A to Z; choosing an entry moves the selection to the first name
/// under it in the list on screen, which stays (a jump, `Update+Jump.swift`); Esc closes the bar.
/// Every grid in name order has it: characters, comics (titles, in the format shown), series
/// and events. (`--letter` still opens on a list of one letter, pushed over the main list.)
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
            return choose(IndexLetter.all[cursor])
        default:
            if let c = key.typed, let letter = IndexLetter(String(c)) { return choose(letter) }
        }
        return []
    }

    /// Moves to the first name under `letter` (the index bar's Enter, a letter typed in it).
    mutating func choose(_ letter: IndexLetter) -> [Effect] {
        indexCursor = nil
        return startJump(to: letter.description, digits: letter == .digits)
    }
}
