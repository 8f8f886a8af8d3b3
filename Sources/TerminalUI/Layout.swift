/// Carving rectangles: the layout helpers screens are built with.
extension Rect {
    /// Shrinks every side by `n` (or to empty).
    public func inset(by n: Int) -> Rect { inset(horizontal: n, vertical: n) }

    public func inset(horizontal h: Int, vertical v: Int) -> Rect {
        Rect(x: x + h, y: y + v, width: width - 2 * h, height: height - 2 * v)
    }

    /// The top `rows` rows and the rest.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let r = max(0, min(rows, height))
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The bottom `rows` rows and the rest.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let r = max(0, min(rows, height))
        return (Rect(x: x, y: y, width: width, height: height - r), Rect(x: x, y: maxY - r, width: width, height: r))
    }

    /// The left `columns` columns and the rest.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let c = max(0, min(columns, width))
        return (Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height))
    }

    /// A rect of (at most) `size` centred in this one.
    public func centered(_ size: Size) -> Rect {
        let w = min(size.width, width), h = min(size.height, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    /// One row at `offset` from the top (empty when outside).
    public func row(_ offset: Int) -> Rect {
        guard offset >= 0, offset < height else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: x, y: y + offset, width: width, height: 1)
    }
}

/// A responsive grid: as many columns of at least `minTileWidth` as fit the width, tiles
/// stretched to share the spare columns, `gap` columns between tiles and `rowGap` rows between
/// tile rows.
public struct GridLayout: Hashable, Sendable {
    public let columns: Int
    public let tileWidth: Int
    public let tileHeight: Int
    public let gap: Int
    public let rowGap: Int
    public let origin: Point

    public init(area: Rect, minTileWidth: Int, tileHeight: Int, gap: Int = 1, rowGap: Int = 1, maxColumns: Int = 64) {
        let minW = max(1, minTileWidth)
        let fit = (area.width + gap) / (minW + gap)
        let cols = max(1, min(maxColumns, fit))
        self.columns = cols
        self.tileWidth = max(1, min(area.width, (area.width - gap * (cols - 1)) / cols))
        self.tileHeight = max(1, tileHeight)
        self.gap = gap
        self.rowGap = rowGap
        self.origin = area.origin
    }

    /// Height of one grid row including the gap below it.
    public var rowStride: Int { tileHeight + rowGap }

    /// Tile rows fully or partly visible in `height` rows.
    public func visibleRows(height: Int) -> Int { max(1, (height + rowGap + rowStride - 1) / rowStride) }

    /// The rect of tile `index` when the grid is scrolled down by `firstRow` tile rows.
    public func rect(forIndex index: Int, firstRow: Int = 0) -> Rect {
        let row = index / columns - firstRow, col = index % columns
        return Rect(x: origin.x + col * (tileWidth + gap), y: origin.y + row * rowStride,
                    width: tileWidth, height: tileHeight)
    }

    /// The tile index under a point, if any.
    public func index(at p: Point, firstRow: Int = 0) -> Int? {
        let dx = p.x - origin.x, dy = p.y - origin.y
        guard dx >= 0, dy >= 0 else { return nil }
        let col = dx / (tileWidth + gap), row = dy / rowStride
        guard col < columns, dx % (tileWidth + gap) < tileWidth, dy % rowStride < tileHeight else { return nil }
        return (row + firstRow) * columns + col
    }
}
