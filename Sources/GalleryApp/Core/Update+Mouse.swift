import TerminalUI

/// Mouse: the wheel scrolls the viewport a row at a time (the selection follows only if it
/// would leave the screen), a click selects, a second click on the same tile within the
/// double-click interval opens it.
extension AppState {
    mutating func handle(mouse: MouseEvent, atMillis millis: UInt64) -> [Effect] {
        if isTooSmall { return [] }  // nothing of the gallery is on screen to click
        if !details.isEmpty { return handleDetail(mouse: mouse) }
        if overlay != nil {
            if mouse.kind == .press { closeFullPicture(); overlay = nil }
            return []
        }
        if indexCursor != nil, mouse.kind == .press { indexCursor = nil }
        guard let grid = layout.tileGrid else { return [] }
        let top = lists.count - 1
        let x = mouse.position.x, y = mouse.position.y
        switch (mouse.kind, mouse.button) {
        case (.wheel, .wheelUp):
            scroll(rows: -1, in: grid, atMillis: millis)
        case (.wheel, .wheelDown):
            scroll(rows: 1, in: grid, atMillis: millis)
        case (.press, _):
            guard let item = grid.item(atX: x, y: y, topRow: current.topRow, count: current.count) else {
                return []
            }
            if let last = lastClick, last.item == item, last.listID == current.id,
               millis >= last.at, millis - last.at <= config.doubleClickMillis {
                lastClick = nil
                lists[top].select(item, atMillis: millis)
                return openSelected()
            } else {
                lastClick = LastClick(item: item, listID: current.id, at: millis)
                lists[top].select(item, atMillis: millis)
            }
        default: break
        }
        return []
    }

    mutating func scroll(rows delta: Int, in grid: TileGrid, atMillis millis: UInt64) {
        let top = lists.count - 1
        var list = lists[top]
        list.topRow += delta
        list.clampTopRow(in: grid)
        list.travelled(by: delta * grid.columns, atMillis: millis)
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
