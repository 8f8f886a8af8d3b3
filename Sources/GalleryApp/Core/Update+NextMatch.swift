import Foundation
import TerminalUI

/// `n` / `N`, as in less and vim: the next or previous name matching the search. On the
/// search's results every tile matches, so they step through them; back on the list the
/// search was made over (Esc), they move the selection to the next loaded name holding the
/// last search's text, wrapping round, and say so when none is loaded.
extension AppState {
    mutating func nextMatch(forward: Bool) {
        if let search, lists.count > search.baseDepth {
            move(by: forward ? 1 : -1)
            return
        }
        guard let text = lastSearchText else {
            jumpNotice = strings[.noSearchYet]
            return
        }
        let key = NameMatch.fold(text.trimmingCharacters(in: .whitespaces))
        let list = current
        guard list.count > 0 else { return }
        for step in 1...list.count {
            let index = ((list.selection + (forward ? step : -step)) % list.count + list.count) % list.count
            if let item = list.item(at: index), NameMatch.rank(item.name, key: key) != nil {
                move(to: index)
                return
            }
        }
        jumpNotice = strings.text(.noLoadedMatch, Sanitizer.clean(text))
    }
}
