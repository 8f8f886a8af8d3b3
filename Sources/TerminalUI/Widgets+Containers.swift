/// A framed box centred over the screen, its inside cleared, with wrapped body text and an
/// optional footer line (e.g. "Enter: retry   Esc: close").
public struct Modal: Widget {
    public var title: String
    public var body: String
    public var footer: String
    public var style: Style
    public var preferredSize: Size
    public init(title: String, body: String, footer: String = "", style: Style = .plain,
                preferredSize: Size = Size(width: 60, height: 12)) {
        self.title = title; self.body = body; self.footer = footer; self.style = style
        self.preferredSize = preferredSize
    }

    /// The box this modal occupies inside `area`.
    public func frame(in area: Rect) -> Rect {
        let w = min(preferredSize.width, max(10, area.width - 4))
        let lines = Paragraph.wrap(body, width: max(1, w - 4)).count
        let h = min(max(preferredSize.height, 0), lines + (footer.isEmpty ? 2 : 4))
        return area.centered(Size(width: w, height: max(3, h)))
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let box = frame(in: area)
        buffer.fill(box, with: Cell(" ", style: style))
        buffer.render(Border(title: title, style: style), in: box)
        var inner = Border.inner(box).inset(horizontal: 1, vertical: 0)
        if !footer.isEmpty {
            let split = inner.splitBottom(1)
            inner = split.rest
            buffer.render(Paragraph(footer, style: style.dim, alignment: .center, wrap: false), in: split.bottom)
        }
        buffer.render(Paragraph(body, style: style), in: inner)
    }
}

/// Keeps a selection visible in a scrolling list: which item is first on screen.
public struct ListViewport: Hashable, Sendable {
    public var offset: Int
    public init(offset: Int = 0) { self.offset = offset }

    /// The offset that shows `selected` with at least `margin` rows of context when possible.
    public func scrolled(toShow selected: Int, visibleRows: Int, count: Int, margin: Int = 0) -> ListViewport {
        guard visibleRows > 0, count > 0 else { return ListViewport(offset: 0) }
        let m = min(margin, (visibleRows - 1) / 2)
        var o = offset
        if selected - m < o { o = selected - m }
        if selected + m >= o + visibleRows { o = selected + m - visibleRows + 1 }
        return ListViewport(offset: max(0, min(o, count - visibleRows)))
    }
}

/// A vertical list of one-line items with a highlighted selection and a scroll indicator.
public struct ScrollList: Widget {
    public var items: [String]
    public var selected: Int?
    public var offset: Int
    public var style: Style
    public var selectedStyle: Style
    public init(items: [String], selected: Int?, offset: Int = 0, style: Style = .plain,
                selectedStyle: Style = Style().reverse) {
        self.items = items; self.selected = selected; self.offset = offset
        self.style = style; self.selectedStyle = selectedStyle
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let showBar = items.count > area.height && area.width > 2
        let textWidth = showBar ? area.width - 1 : area.width
        for row in 0..<area.height {
            let i = offset + row
            guard i < items.count else { break }
            let s = i == selected ? selectedStyle : style
            let line = TextWidth.fit(items[i], to: textWidth)
            buffer.put(line, at: Point(x: area.minX, y: area.minY + row), style: s, maxWidth: textWidth)
        }
        if showBar {
            // A thumb whose position shows where the visible rows are in the whole list.
            let h = area.height
            let thumb = max(1, h * h / max(1, items.count))
            let top = (h - thumb) * offset / max(1, items.count - h)
            for row in 0..<h {
                let glyph = (row >= top && row < top + thumb) ? "┃" : "│"
                buffer.set(Cell(glyph, style: style.dim), at: Point(x: area.maxX - 1, y: area.minY + row))
            }
        }
    }
}

/// A responsive grid of tiles: `tile(index, rect, &buffer)` draws each visible tile.
public struct Grid: Widget {
    public var count: Int
    public var minTileWidth: Int
    public var tileHeight: Int
    public var firstRow: Int
    public var gap: Int
    public var tile: (Int, Rect, inout Buffer) -> Void
    public init(count: Int, minTileWidth: Int, tileHeight: Int, firstRow: Int = 0, gap: Int = 1,
                tile: @escaping (Int, Rect, inout Buffer) -> Void) {
        self.count = count; self.minTileWidth = minTileWidth; self.tileHeight = tileHeight
        self.firstRow = firstRow; self.gap = gap; self.tile = tile
    }

    public func layout(in area: Rect) -> GridLayout {
        GridLayout(area: area, minTileWidth: minTileWidth, tileHeight: tileHeight, gap: gap)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let g = layout(in: area)
        let rows = g.visibleRows(height: area.height)
        let first = firstRow * g.columns
        let last = min(count, (firstRow + rows) * g.columns)
        guard first < last else { return }
        for i in first..<last {
            let r = g.rect(forIndex: i, firstRow: firstRow)
            let clipped = r.intersection(area)
            if clipped.isEmpty { continue }
            if clipped == r { tile(i, r, &buffer); continue }
            var sub = buffer
            tile(i, r, &sub)
            // Only the part inside `area` is kept, so a partly visible last row cannot spill.
            for y in clipped.minY..<clipped.maxY {
                for x in clipped.minX..<clipped.maxX { buffer.cells[y * buffer.size.width + x] = sub[x, y] }
            }
            if sub.cursor != nil { buffer.cursor = sub.cursor }
        }
    }
}
