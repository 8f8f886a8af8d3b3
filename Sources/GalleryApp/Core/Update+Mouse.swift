import TerminalUI

/// Mouse: the wheel scrolls the viewport a row at a time (the selection follows only if it
/// would leave the screen), a click selects, a second click on the same tile within the
/// double-click interval opens it.
extension AppState {
    mutating func handle(mouse: MouseInput, atMillis millis: UInt64) -> [Effect] {
        if !details.isEmpty { return handleDetail(mouse: mouse) }
        if overlay != nil {
            if case .press = mouse { overlay = nil }
            return []
        }
        if indexCursor != nil, case .press = mouse { indexCursor = nil }
        guard let grid = layout.tileGrid else { return [] }
        let top = lists.count - 1
        switch mouse {
        case .wheelUp:
            scroll(rows: -1, in: grid)
        case .wheelDown:
            scroll(rows: 1, in: grid)
        case .press(let x, let y):
            guard let item = grid.item(atX: x, y: y, topRow: current.topRow, count: current.count) else {
                return []
            }
            if let last = lastClick, last.item == item, last.listID == current.id,
               millis >= last.at, millis - last.at <= config.doubleClickMillis {
                lastClick = nil
                lists[top].select(item)
                return openSelected()
            } else {
                lastClick = LastClick(item: item, listID: current.id, at: millis)
                lists[top].select(item)
            }
        }
        return []
    }

    mutating func scroll(rows delta: Int, in grid: TileGrid) {
        let top = lists.count - 1
        var list = lists[top]
        list.topRow += delta
        list.clampTopRow(in: grid)
        list.scrollsForward = delta > 0
        let row = list.selection / grid.columns
        let column = list.selection % grid.columns
        if row < list.topRow {
            list.selection = min(list.count - 1, list.topRow * grid.columns + column)
        } else if row >= list.topRow + grid.visibleRows {
            list.selection = min(list.count - 1, (list.topRow + grid.visibleRows - 1) * grid.columns + column)
        }
        list.selection = max(0, list.selection)
        lists[top] = list
    }
}
