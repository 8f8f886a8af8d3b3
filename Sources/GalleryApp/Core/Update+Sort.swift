/// `s` and `S`: the grid's order (`ListOrder`), sent as the contract's `orderBy`. The stack is
/// asked again in the new order from its first position (a search is closed; a format or
/// `--letter` list stays over the main list, so Esc still goes back to it); a source that
/// cannot honour the order answers 409, shown as the page's error (`s` goes on to the next).
extension AppState {
    mutating func sort(reverse: Bool) {
        guard config.catalog == .characters || config.catalog == .comics else { return }
        if search != nil { restoreFromSearch() }
        let shown = lists[0].order ?? ListOrder.natural(config.catalog)
        var order = reverse ? shown : shown.next(config.catalog)
        if reverse { order.descending.toggle() }
        indexCursor = nil
        jump = nil
        jumpTyping = nil
        lists = lists.map { old in
            var list = PagedList(id: nextListID, query: old.query)
            nextListID += 1
            list.order = order
            return list
        }
    }
}
