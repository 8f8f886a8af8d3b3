/// Turns a `BufferDiff` into the bytes of one write: cursor moves only where cells are skipped,
/// SGR only when the style changes, colours downgraded to the terminal's depth, and the frame
/// wrapped in synchronized output (`CSI ?2026h … ?2026l`) when the terminal supports it.
///
/// The encoder remembers the terminal's pen and cursor between frames; call `invalidate()`
/// whenever something else wrote to the terminal (resize, resume from Ctrl-Z).
public struct ANSIEncoder: Sendable {
    public var depth: ColorDepth
    public var synchronizedOutput: Bool
    /// Frames smaller than this are written without the synchronized-output wrapper: a single
    /// small write reaches the terminal in one read and cannot tear, and the wrapper would cost
    /// 16 bytes on every keystroke.
    public var synchronizeAbove: Int = 512

    private var pen: Style?          // nil: unknown, the next SGR starts with a reset
    private var cursor: Point?       // nil: unknown, the next move is absolute
    private var cursorVisible = false

    public init(depth: ColorDepth, synchronizedOutput: Bool) {
        self.depth = depth
        self.synchronizedOutput = synchronizedOutput
    }

    /// Forget what the terminal shows (its pen and cursor position).
    public mutating func invalidate() {
        pen = nil
        cursor = nil
        cursorVisible = false
    }

    public mutating func encode(_ diff: BufferDiff) -> [UInt8] {
        var out: [UInt8] = []
        encode(diff, into: &out)
        return out
    }

    public mutating func encode(_ diff: BufferDiff, into out: inout [UInt8]) {
        if diff.isEmpty { return }
        let start = out.count
        var body: [UInt8] = []
        body.reserveCapacity(diff.changed.count * 8 + 64)
        encodeBody(diff, into: &body)
        if synchronizedOutput && body.count > synchronizeAbove {
            out.reserveCapacity(start + body.count + 16)
            out.append(contentsOf: ANSI.syncBegin)
            out.append(contentsOf: body)
            out.append(contentsOf: ANSI.syncEnd)
        } else {
            out.append(contentsOf: body)
        }
    }

    private mutating func encodeBody(_ diff: BufferDiff, into out: inout [UInt8]) {
        let hasDrawing = diff.clearScreen || diff.scroll != nil || !diff.changed.isEmpty
        if hasDrawing && cursorVisible {
            out.append(contentsOf: ANSI.hideCursor)
            cursorVisible = false
        }
        if diff.clearScreen {
            resetPen(&out)
            out.append(contentsOf: ANSI.clearScreen)
        }
        if let s = diff.scroll {
            // Uncovered rows are erased with the current background: reset it first.
            resetPen(&out)
            ANSI.csi(&out, s.top + 1, s.bottom + 1, final: UInt8(ascii: "r"))
            ANSI.csi(&out, abs(s.amount), final: s.amount > 0 ? UInt8(ascii: "S") : UInt8(ascii: "T"))
            out.append(contentsOf: ANSI.resetMargins)
            cursor = nil
        }
        let width = diff.size.width
        let cells = diff.target.cells
        var link: String?
        for i in diff.changed {
            let cell = cells[i]
            let p = Point(x: i % width, y: i / width)
            moveCursor(to: p, &out)
            if cell.style.hyperlink != link {
                link = cell.style.hyperlink
                ANSI.hyperlink(link, &out)
            }
            applyStyle(cell.style, &out)
            out.append(contentsOf: cell.symbol.utf8)
            let next = p.x + Int(cell.width)
            // At the right edge the terminal is in "pending wrap": its position is not reliable.
            cursor = next < width ? Point(x: next, y: p.y) : nil
        }
        if link != nil { ANSI.hyperlink(nil, &out) }
        if let c = diff.target.cursor {
            moveCursor(to: c, &out)
            if !cursorVisible { out.append(contentsOf: ANSI.showCursor); cursorVisible = true }
        } else if cursorVisible {
            out.append(contentsOf: ANSI.hideCursor)
            cursorVisible = false
        }
    }

    private mutating func moveCursor(to p: Point, _ out: inout [UInt8]) {
        if let c = cursor, c == p { return }
        if let c = cursor, c.y == p.y, p.x > c.x {
            let n = p.x - c.x
            if n == 1 { out.append(contentsOf: [0x1B, 0x5B, 0x43]) } else { ANSI.csi(&out, n, final: UInt8(ascii: "C")) }
        } else if p == .zero {
            out.append(contentsOf: ANSI.home)
        } else if p.x == 0 {
            ANSI.csi(&out, p.y + 1, final: UInt8(ascii: "H"))
        } else {
            ANSI.csi(&out, p.y + 1, p.x + 1, final: UInt8(ascii: "H"))
        }
        cursor = p
    }

    private mutating func resetPen(_ out: inout [UInt8]) {
        if pen != Style.plain { out.append(contentsOf: ANSI.resetStyle) }
        pen = .plain
    }

    /// Emits the SGR that turns the current pen into `style`, or nothing when they match.
    private mutating func applyStyle(_ style: Style, _ out: inout [UInt8]) {
        var target = style
        target.hyperlink = nil
        target.foreground = style.foreground.downgraded(to: depth)
        target.background = style.background.downgraded(to: depth)
        if let pen, pen == target { return }
        var params: [Int] = []
        let from: Style
        if let pen, pen.attributes.isSubset(of: target.attributes) {
            from = pen
        } else {
            params.append(0)
            from = .plain
        }
        let added = target.attributes.subtracting(from.attributes)
        if added.contains(.bold) { params.append(1) }
        if added.contains(.dim) { params.append(2) }
        if added.contains(.italic) { params.append(3) }
        if added.contains(.underline) { params.append(4) }
        if added.contains(.reverse) { params.append(7) }
        if target.foreground != from.foreground { ANSI.colorParams(target.foreground, background: false, &params) }
        if target.background != from.background { ANSI.colorParams(target.background, background: true, &params) }
        ANSI.sgr(params, &out)
        pen = target
    }
}
