import TerminalUI

/// Tile geometry for a grid area: how big the thumbnails are, how many columns and rows fit, and
/// where each tile goes. Pure arithmetic shared by `update` (paging, hit testing, scrolling) and
/// the view, so both always agree on what is on screen.
///
/// A tile is a rounded frame around a portrait thumbnail with the name on the line under it:
/// `thumbColumns + 2` wide and `thumbRows + 3` tall (frame top, picture, name, frame bottom).
public struct TileGrid: Equatable, Sendable {
    /// Tuning for the tile sizes; the defaults are what the app uses.
    public struct Metrics: Equatable, Sendable {
        public var minThumbRows = 6
        public var maxThumbRows = 18
        public var columnGap = 1
        /// The narrowest name line: a tile is at least this wide inside its frame (its picture
        /// centred), so the grid has fewer, wider columns where labels would not read apart.
        public var minLabelColumns = 0
        public init(minLabelColumns: Int = 0) { self.minLabelColumns = minLabelColumns }
    }

    public let area: Rect
    public let thumbColumns: Int
    public let thumbRows: Int
    /// The width inside a tile's frame: the picture's, or the name line's when that is wider.
    public let innerColumns: Int
    public let columns: Int
    public let visibleRows: Int
    public let columnGap: Int
    /// Left edge of the first column (the grid is centred in the area).
    public let originX: Int

    public var tileWidth: Int { innerColumns + 2 }
    public var tileHeight: Int { thumbRows + 3 }
    /// Tiles on one screen.
    public var tilesPerScreen: Int { columns * visibleRows }
    public var gridWidth: Int { columns * tileWidth + (columns - 1) * columnGap }

    /// Thumbnail width for a given height: a Marvel portrait is 2:3 and a half-block cell holds
    /// one pixel across and two down, so `rows` cells hold `2*rows` pixels high and
    /// `4*rows/3` wide.
    public static func thumbColumns(forRows rows: Int) -> Int { rows * 4 / 3 }

    /// The layout for a grid area, or nil when not even one minimum tile fits ("terminal too
    /// small"). Thumbnails are as large as possible while at least two rows of tiles fit (three
    /// on tall terminals), so a screen always shows a grid, not one big picture.
    public init?(area: Rect, metrics: Metrics = Metrics()) {
        let minTileHeight = metrics.minThumbRows + 3
        let minTileWidth = TileGrid.thumbColumns(forRows: metrics.minThumbRows) + 2
        guard area.width >= minTileWidth, area.height >= minTileHeight else { return nil }

        let targetRows = area.height >= 36 ? 3 : (area.height >= 2 * minTileHeight ? 2 : 1)
        var rows = metrics.minThumbRows
        for candidate in stride(from: metrics.maxThumbRows, through: metrics.minThumbRows, by: -1) {
            let width = TileGrid.thumbColumns(forRows: candidate) + 2
            if width <= area.width && (candidate + 3) * targetRows <= area.height {
                rows = candidate
                break
            }
        }
        self.area = area
        self.thumbRows = rows
        self.thumbColumns = TileGrid.thumbColumns(forRows: rows)
        self.columnGap = metrics.columnGap
        self.innerColumns = min(max(thumbColumns, metrics.minLabelColumns), max(thumbColumns, area.width - 2))
        let tileWidth = innerColumns + 2
        self.columns = max(1, (area.width + metrics.columnGap) / (tileWidth + metrics.columnGap))
        self.visibleRows = max(1, area.height / (rows + 3))
        let used = columns * tileWidth + (columns - 1) * metrics.columnGap
        self.originX = area.x + max(0, (area.width - used) / 2)
    }

    /// Grid rows needed for `count` items.
    public func rowCount(items count: Int) -> Int { (count + columns - 1) / columns }

    /// The screen rectangle of item `index` when row `topRow` is at the top, or nil when the
    /// tile is not (fully) on screen.
    public func frame(ofItem index: Int, topRow: Int) -> Rect? {
        let row = index / columns - topRow
        guard row >= 0, row < visibleRows else { return nil }
        let column = index % columns
        return Rect(x: originX + column * (tileWidth + columnGap),
                    y: area.y + row * tileHeight, width: tileWidth, height: tileHeight)
    }

    /// The item under a screen cell, if any (the gaps between tiles belong to no item).
    public func item(atX x: Int, y: Int, topRow: Int, count: Int) -> Int? {
        guard x >= originX, y >= area.y else { return nil }
        let dx = x - originX, dy = y - area.y
        let column = dx / (tileWidth + columnGap)
        guard column < columns, dx % (tileWidth + columnGap) < tileWidth else { return nil }
        let row = dy / tileHeight
        guard row < visibleRows else { return nil }
        let index = (topRow + row) * columns + column
        return index < count ? index : nil
    }

    /// Items on screen for a given top row.
    public func visibleRange(topRow: Int, count: Int) -> Range<Int> {
        let start = min(count, topRow * columns)
        let end = min(count, (topRow + visibleRows) * columns)
        return start..<end
    }
}
