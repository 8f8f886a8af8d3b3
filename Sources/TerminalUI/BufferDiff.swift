/// What must change on screen to turn the front buffer (what the terminal shows) into the back
/// buffer (the new frame): optionally a full clear, optionally a scroll of a band of rows (so a
/// one-row scroll costs one row, not a screen), then the cells that still differ.
public struct BufferDiff: Sendable {
    /// A band of rows moved by the terminal itself (DECSTBM + SU/SD).
    public struct Scroll: Hashable, Sendable {
        /// First and last row (inclusive) of the scrolled band.
        public var top: Int
        public var bottom: Int
        /// Rows the content moves up (positive) or down (negative).
        public var amount: Int
    }

    public let size: Size
    public let clearScreen: Bool
    public let scroll: Scroll?
    /// After a scroll that carried pictures: the row from which the screen is erased (`CSI J`),
    /// wiping pictures pushed partly off the bottom.
    public let eraseFrom: Int?
    /// After a scroll that carried pictures: the pictures the terminal shows then (moved).
    public let picturesAfterScroll: [ImagePlacement]?
    /// Indices into `target.cells` of the cells to write, in row-major order.
    public let changed: [Int]
    /// The frame being drawn.
    public let target: Buffer
    /// True when the cursor's position or visibility differs from the front buffer's.
    public let cursorChanged: Bool
    /// True when the pixel pictures differ from the front buffer's (a picture can change while
    /// the cells under it stay the same).
    public let imagesChanged: Bool

    /// Nothing to write at all.
    public var isEmpty: Bool { !clearScreen && scroll == nil && changed.isEmpty && !cursorChanged && !imagesChanged }

    /// The changed cells with their positions.
    public var updates: [(Point, Cell)] {
        changed.map { (Point(x: $0 % size.width, y: $0 / size.width), target.cells[$0]) }
    }

    /// Diff `front` → `back`. Buffers of different sizes produce a full repaint.
    /// `picturesMove`: the terminal moves sixel/iTerm2 pictures with its text when it scrolls
    /// (`GraphicsMode.picturesMoveWithScroll`), so a hinted scroll may carry them along.
    public init(from front: Buffer, to back: Buffer, detectScroll: Bool = true, picturesMove: Bool = false) {
        guard front.size == back.size else {
            self = BufferDiff.fullRepaint(back)
            return
        }
        self.size = back.size
        self.target = back
        self.cursorChanged = front.cursor != back.cursor
        self.imagesChanged = front.images != back.images || front.preloads != back.preloads || front.opaque != back.opaque
        var base = front
        var scroll: Scroll?
        var eraseFrom: Int?
        // Pictures placed by the terminal do not move with a scroll everywhere: only where the
        // terminal is known to move them (`picturesMove`), and then the whole screen scrolls.
        let placed = front.hasPlacedImages || back.hasPlacedImages
        if detectScroll, let hinted = BufferDiff.hintedScroll(front, back) {
            if !placed {
                scroll = hinted
                base = BufferDiff.applying(hinted, to: front)
            } else if picturesMove, let plan = BufferDiff.movingPictures(hinted, front: front) {
                (scroll, base, eraseFrom) = (plan.scroll, plan.base, plan.eraseFrom)
            }
        } else if detectScroll && !placed, let s = BufferDiff.detectScroll(front, back) {
            scroll = s
            base = BufferDiff.applying(s, to: front)
        }
        self.eraseFrom = eraseFrom
        self.picturesAfterScroll = scroll != nil && placed ? base.images : nil
        self.scroll = scroll
        self.clearScreen = false
        var changed: [Int] = []
        let newCells = back.cells, oldCells = base.cells
        for i in 0..<newCells.count {
            let cur = newCells[i]
            if cur.width != 0 && cur != oldCells[i] { changed.append(i) }
        }
        self.changed = changed
    }

    private init(size: Size, clear: Bool, scroll: Scroll?, changed: [Int], target: Buffer, cursorChanged: Bool) {
        self.size = size; self.clearScreen = clear; self.scroll = scroll
        self.changed = changed; self.target = target; self.cursorChanged = cursorChanged
        self.eraseFrom = nil; self.picturesAfterScroll = nil
        self.imagesChanged = !target.images.isEmpty || !target.preloads.isEmpty
    }

    /// Clear the screen and draw every cell that is not a plain blank.
    public static func fullRepaint(_ back: Buffer) -> BufferDiff {
        var changed: [Int] = []
        for (i, c) in back.cells.enumerated() where c.width != 0 && c != .blank { changed.append(i) }
        return BufferDiff(size: back.size, clear: true, scroll: nil, changed: changed, target: back,
                          cursorChanged: true)
    }

    /// The largest band of rows that the new frame shows shifted by up to `maxShift` rows (by
    /// default any shift that can still save three rows), when that saves at least three rows of
    /// writing. The range must cover a whole tile row (19 lines at 200x60): a one-row grid scroll
    /// then costs one band of new tiles instead of a near-full repaint.
    static func detectScroll(_ front: Buffer, _ back: Buffer, maxShift: Int? = nil) -> Scroll? {
        let h = back.size.height
        guard h >= 4, back.size.width > 0 else { return nil }
        let maxShift = min(maxShift ?? (h - 3), h - 1)
        // A scroll must save at least three rows: with fewer changed rows, skip the hashing
        // (a keystroke or spinner frame changes one row).
        var changedRows = 0
        for y in 0..<h where back.row(y) != front.row(y) {
            changedRows += 1
            if changedRows >= 3 { break }
        }
        if changedRows < 3 { return nil }
        let hf = (0..<h).map { front.row($0).hashValue }
        let hb = (0..<h).map { back.row($0).hashValue }
        var best: (gain: Int, scroll: Scroll)?
        for d in (-maxShift...maxShift) where d != 0 && abs(d) < h {
            var runStart = -1, runGain = 0
            func close(_ end: Int) {
                guard runStart >= 0, runGain > (best?.gain ?? 2) else { return }
                // Band in screen rows: sources and destinations together.
                let top = d > 0 ? runStart : runStart + d
                let bottom = d > 0 ? end + d : end
                best = (runGain, Scroll(top: top, bottom: bottom, amount: d))
            }
            for y in 0..<h {
                let src = y + d
                let matches = src >= 0 && src < h && hb[y] == hf[src] && back.row(y) == front.row(src)
                if matches {
                    if runStart < 0 { runStart = y; runGain = 0 }
                    if hb[y] != hf[y] { runGain += 1 }
                } else {
                    close(y - 1); runStart = -1
                }
            }
            close(h - 1)
        }
        return best?.scroll
    }

    /// What the terminal shows after performing `s` on `buffer`: the band shifted, the rows it
    /// uncovers blank in the default style.
    static func applying(_ s: Scroll, to buffer: Buffer) -> Buffer {
        var out = buffer
        let w = buffer.size.width
        let rows = Array(s.top...s.bottom)
        for y in (s.amount > 0 ? rows : rows.reversed()) {
            let src = y + s.amount
            for x in 0..<w {
                let cell = (src >= s.top && src <= s.bottom) ? buffer[x, src] : .blank
                out.cells[y * w + x] = cell
            }
        }
        return out
    }
}
