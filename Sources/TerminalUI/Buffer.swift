/// A grid of cells the view draws into; the renderer diffs two of them.
public struct Buffer: Hashable, Sendable {
    public private(set) var size: Size
    /// Row-major cells, `size.width * size.height` of them.
    public internal(set) var cells: [Cell]
    /// Where the terminal cursor is shown after the frame (nil keeps it hidden).
    public var cursor: Point?
    /// The window title this frame asks for ("marvel-gallery: Characters"); the encoder sets it
    /// where the backend allows (`ANSIEncoder.setsTitle`), cleaned of any control character.
    public var title: String?
    /// Pixel pictures on this frame, in drawing order (`place`, `settleImages`).
    public internal(set) var images: [ImagePlacement] = []
    /// kitty pictures to have in the terminal without showing them yet: the tiles just off the
    /// screen, sent while the user looks (`Buffer.preload`), so the scroll that brings them in
    /// is placements only.
    public internal(set) var preloads: [TerminalImage] = []
    /// sixel/iTerm2 pictures that `settleImages` cut around what was drawn over them (their
    /// pieces, if any part stays uncovered, are in `images`): the encoder need not clear the
    /// screen for them (`PixelPictureLayer.cutAndWrittenOver`).
    public internal(set) var cutAway: Set<UInt32> = []
    /// Boxes drawn as opaque as on any text terminal (the help, `markOpaque`): a kitty picture
    /// kept under the text is hidden there entirely (an opaque veil), not dimmed, and only
    /// the cells outside them are veiled.
    public internal(set) var opaque: [Rect] = []
    /// Which document line a band of rows shows (`ScrollHint`): the renderer scrolls that
    /// band when the next frame shows the same document at another line.
    public var scrollHint: ScrollHint?

    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.area)
    }

    public var area: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
    }

    /// Row `y` as a slice of cells.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * size.width)..<((y + 1) * size.width)]
    }

    /// Replaces every cell with `fill` and forgets the cursor.
    public mutating func clear(_ fill: Cell = .blank) {
        for i in cells.indices { cells[i] = fill }
        cursor = nil
        title = nil
        scrollHint = nil
        images.removeAll(keepingCapacity: true)
        preloads.removeAll(keepingCapacity: true)
        cutAway.removeAll(keepingCapacity: true)
        opaque.removeAll(keepingCapacity: true)
    }

    /// A blank buffer of the new size (content is redrawn by the view after a resize).
    public mutating func resize(to newSize: Size) {
        size = newSize
        cells = Array(repeating: .blank, count: newSize.area)
        cursor = nil
        scrollHint = nil
        images.removeAll()
        preloads.removeAll()
        opaque.removeAll()
    }

    /// Sets one cell, keeping wide graphemes consistent: a wide grapheme whose other half is
    /// overwritten turns into a blank, and a wide grapheme that does not fit becomes a blank.
    public mutating func set(_ cell: Cell, at p: Point) {
        guard p.x >= 0, p.y >= 0, p.x < size.width, p.y < size.height else { return }
        let i = p.y * size.width + p.x
        // The common case (a narrow cell over a narrow cell) has no wide grapheme to keep whole.
        if cell.width == 1 && cells[i].width == 1 {
            cells[i] = cell
            return
        }
        breakWide(at: i, x: p.x)
        if cell.width == 2 {
            guard p.x + 1 < size.width else {
                cells[i] = .space(cell.style)
                return
            }
            breakWide(at: i + 1, x: p.x + 1)
            cells[i] = cell
            cells[i + 1] = .continuation(cell.style)
        } else {
            cells[i] = cell.width == 0 ? .space(cell.style) : cell
        }
    }

    /// If cell `i` is half of a wide grapheme, blank the other half.
    private mutating func breakWide(at i: Int, x: Int) {
        let c = cells[i]
        if c.width == 0, x > 0, cells[i - 1].width == 2 {
            cells[i - 1] = .space(cells[i - 1].style)
        } else if c.width == 2, x + 1 < size.width, cells[i + 1].width == 0 {
            cells[i + 1] = .space(cells[i + 1].style)
        }
    }

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX { set(cell, at: Point(x: x, y: y)) }
        }
    }

    /// Says that `rect` (already filled) hides whatever lies under it, pictures too: the help
    /// box. Where a kitty picture stays under the text, it gets an opaque veil there instead
    /// of the dimmed one that let tiles and the backdrop show through the help's text.
    public mutating func markOpaque(_ rect: Rect) {
        let r = rect.intersection(area)
        if !r.isEmpty { opaque.append(r) }
    }

    /// Writes `text` from `p` on one line, clipped to `maxWidth` columns and the buffer edge.
    /// Zero-width graphemes are skipped; the text should already be sanitised.
    /// Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, at p: Point, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard p.y >= 0, p.y < size.height else { return 0 }
        let limit = min(size.width, p.x + (maxWidth ?? size.width))
        var x = p.x
        for ch in text {
            let w = TextWidth.of(ch)
            if w == 0 { continue }
            if x + w > limit { break }
            if x >= 0 {
                set(Cell(grapheme: Grapheme(ch), style: style, width: UInt8(w)), at: Point(x: x, y: p.y))
            }
            x += w
        }
        return x - p.x
    }

    /// The screen as text, one line per row, trailing spaces removed (for snapshots and tests).
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(size.height)
        for y in 0..<size.height {
            var line = ""
            for c in row(y) where c.width != 0 { line += c.symbol }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
