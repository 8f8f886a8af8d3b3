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
    var cursor: Point?               // nil: unknown, the next move is absolute
    /// Whether frames set the window title (`Buffer.title`): off in tmux and screen, whose pane
    /// title is theirs, and off where the backend did not push the terminal's own.
    public var setsTitle = false
    private var shownTitle: String?
    /// nil: unknown (after `invalidate()`), so the next frame says it either way.
    private var cursorVisible: Bool? = false
    /// Writes the frame's pixel pictures and keeps what the terminal shows and stores of them
    /// (PictureProtocols' `PixelPictureLayer`); nil: pictures are not written.
    public var pictures: (any PictureLayer)?
    /// The frame being written keeps a picture under its text (`PictureLayer.needsCanvas`):
    /// its cells go on the default background.
    private var onCanvas = false
    /// The terminal's default colours, for the kitty canvas (kitty's own defaults unless it said).
    public var defaultColors = TerminalColors.kittyDefaults
    /// sixel/iTerm2 pictures live in the terminal's cells (text written over them replaces
    /// their pixels, a picture drawn over them replaces theirs: xterm, mlterm, foot, WezTerm;
    /// `GraphicsMode.picturesMoveWithScroll`): a picture cut around an overlay, or coming back
    /// whole over its pieces, needs no clear. Elsewhere a picture that leaves is cleared.
    public var picturesAreCells = false
    /// Streamed kitty pictures sent ahead (`Buffer.preload`) are kept out of the frame, for
    /// the runner to write a chunk at a time between keys (`PixelPictureLayer+SentAhead`); off, they
    /// end the frame's bytes.
    public var sendsAheadInPieces = false

    public init(depth: ColorDepth, synchronizedOutput: Bool, pictures: (any PictureLayer)? = nil) {
        self.depth = depth
        self.synchronizedOutput = synchronizedOutput
        self.pictures = pictures
    }

    /// Forget what the terminal shows (its pen, cursor position and whether the cursor shows:
    /// a search field's cursor stayed on the "terminal too small" screen a resize led to).
    public mutating func invalidate() {
        pen = nil
        cursor = nil
        cursorVisible = nil
        shownTitle = nil
    }

    public mutating func encode(_ diff: BufferDiff) -> [UInt8] {
        var out: [UInt8] = []
        encode(diff, into: &out)
        return out
    }

    public mutating func encode(_ diff: BufferDiff, into out: inout [UInt8]) {
        let start = out.count
        encodeFrame(diff, into: &out)
        pictures?.frameEncoded(from: start, in: &out)
    }

    private mutating func encodeFrame(_ diff: BufferDiff, into out: inout [UInt8]) {
        if setsTitle, let title = diff.target.title, title != shownTitle {
            out.append(contentsOf: ANSI.windowTitle(title))
            shownTitle = title
        }
        if diff.isEmpty { return }
        // A sixel or iTerm2 picture that leaves can only be wiped by clearing: repaint all.
        let clears = pictures?.needsClear(for: diff, picturesAreCells: picturesAreCells) ?? false
        var diff = clears ? BufferDiff.fullRepaint(diff.target) : diff
        // Cells are written differently on the kitty canvas (`Style.onCanvas`): all of them
        // again when it comes or goes.
        let canvas = pictures?.needsCanvas(diff.target) ?? false
        if canvas != onCanvas && !diff.clearScreen { diff = BufferDiff.fullRepaint(diff.target) }
        onCanvas = canvas
        // The body is written in place after the synchronized-output opener, which is taken
        // out again when the frame turns out small: a full repaint (250 KB) is not copied twice.
        let start = out.count
        if synchronizedOutput { out.append(contentsOf: ANSI.syncBegin) }
        let bodyStart = out.count
        out.reserveCapacity(bodyStart + diff.changed.count * 24 + 64)
        encodeBody(diff, into: &out)
        guard synchronizedOutput else { return }
        if out.count - bodyStart > synchronizeAbove {
            out.append(contentsOf: ANSI.syncEnd)
        } else {
            out.removeSubrange(start..<bodyStart)
        }
    }

    private mutating func encodeBody(_ diff: BufferDiff, into out: inout [UInt8]) {
        let hasDrawing = diff.clearScreen || diff.scroll != nil || !diff.changed.isEmpty || diff.imagesChanged
        if hasDrawing && cursorVisible != false {
            out.append(contentsOf: ANSI.hideCursor)
            cursorVisible = false
        }
        if diff.clearScreen {
            resetPen(&out)
            if pictures == nil {
                out.append(contentsOf: ANSI.clearScreen)
            } else {
                withPictureFrame(diff) { $0?.clearScreen(&$1, into: &out) }
            }
        }
        withPictureFrame(diff) { $0?.removePictures(&$1, into: &out) }
        if let s = diff.scroll {
            // Uncovered rows are erased with the current background: reset it first.
            resetPen(&out)
            ANSI.csi(&out, s.top + 1, s.bottom + 1, final: UInt8(ascii: "r"))
            ANSI.csi(&out, abs(s.amount), final: s.amount > 0 ? UInt8(ascii: "S") : UInt8(ascii: "T"))
            out.append(contentsOf: ANSI.resetMargins)
            cursor = nil
            withPictureFrame(diff) { $0?.scrolledPictures(&$1, into: &out) }
        }
        let width = diff.size.width
        let cells = diff.target.cells
        // The open link by number (`Style.link`): cells compare integers, the URL is looked up
        // only where a link starts.
        var link: UInt32 = 0
        for i in diff.changed {
            let cell = cells[i]
            let p = Point(x: i % width, y: i / width)
            moveCursor(to: p, &out)
            if cell.style.link != link {
                link = cell.style.link
                ANSI.hyperlink(cell.style.hyperlink, &out)
            }
            applyStyle(cell.style, &out)
            // An empty symbol would leave the cursor behind where we think it is.
            // Without colour, picture cells become shade glyphs (else every picture is blank bars).
            if depth == .none, let shade = Shade.substitute(for: cell) {
                out.append(contentsOf: shade.utf8)
            } else if cell.grapheme.isEmpty {
                out.append(0x20)
            } else {
                cell.grapheme.appendUTF8(to: &out)
            }
            let next = p.x + Int(cell.width)
            // At the right edge the terminal is in "pending wrap": its position is not reliable.
            cursor = next < width ? Point(x: next, y: p.y) : nil
        }
        if link != 0 { ANSI.hyperlink(nil, &out) }
        withPictureFrame(diff) { $0?.drawPictures(&$1, into: &out) }
        if let c = diff.target.cursor {
            moveCursor(to: c, &out)
            if cursorVisible != true { out.append(contentsOf: ANSI.showCursor); cursorVisible = true }
        } else if cursorVisible != false {
            out.append(contentsOf: ANSI.hideCursor)
            cursorVisible = false
        }
    }

    mutating func moveCursor(to p: Point, _ out: inout [UInt8]) {
        ANSI.moveCursor(&cursor, to: p, &out)
    }

    /// Runs one step of the picture layer with this frame's `PictureFrame`, in place (the layer
    /// is not copied), and takes back the cursor where the layer left it.
    private mutating func withPictureFrame(_ diff: BufferDiff,
                                           _ step: (inout (any PictureLayer)?, inout PictureFrame) -> Void) {
        guard pictures != nil else { return }
        var frame = PictureFrame(diff: diff, depth: depth, defaultColors: defaultColors, onCanvas: onCanvas,
                                 sendsAheadInPieces: sendsAheadInPieces, cursor: cursor)
        step(&pictures, &frame)
        cursor = frame.cursor
    }

    private mutating func resetPen(_ out: inout [UInt8]) {
        if pen != Style.plain { out.append(contentsOf: ANSI.resetStyle) }
        pen = .plain
    }

    /// Emits the SGR that turns the current pen into `style`, or nothing when they match.
    /// Written straight into `out` (no parameter array): this runs once per changed cell.
    private mutating func applyStyle(_ style: Style, _ out: inout [UInt8]) {
        // A placeholder cell's colour is a kitty image id: never downgraded.
        var fg = style.attributes.contains(.picture) ? style.foreground : style.foreground.downgraded(to: depth)
        var bg = style.background.downgraded(to: depth)
        var attrs = style.attributes
        if onCanvas { Style.onCanvas(&fg, &bg, &attrs, background: defaultColors.background) }
        var from = Style.plain
        var reset = true
        if let pen {
            if pen.foreground == fg && pen.background == bg && pen.attributes == attrs { return }
            if pen.attributes.isSubset(of: attrs) { from = pen; reset = false }
        }
        out.append(0x1B); out.append(0x5B)
        var first = true
        var count = 0  // parameters written so far
        if reset { ANSI.param(0, &first, &out); count += 1 }
        let added = attrs.subtracting(from.attributes)
        if !added.isEmpty {
            if added.contains(.bold) { ANSI.param(1, &first, &out); count += 1 }
            if added.contains(.dim) { ANSI.param(2, &first, &out); count += 1 }
            if added.contains(.italic) { ANSI.param(3, &first, &out); count += 1 }
            if added.contains(.underline) { ANSI.param(4, &first, &out); count += 1 }
            if added.contains(.reverse) { ANSI.param(7, &first, &out); count += 1 }
        }
        let fgCount = fg != from.foreground ? ANSI.colorParamCount(fg) : 0
        let bgCount = bg != from.background ? ANSI.colorParamCount(bg) : 0
        // Split only after something was written: an empty `CSI m` would be a reset.
        func split() {
            out.append(contentsOf: [UInt8(ascii: "m"), 0x1B, 0x5B])
            first = true
            count = 0
        }
        if fgCount > 0 {
            if count + fgCount > ANSI.maxSGRParameters { split() }
            ANSI.colorParams(fg, background: false, &first, &out)
            count += fgCount
        }
        if bgCount > 0 {
            if count + bgCount > ANSI.maxSGRParameters { split() }
            ANSI.colorParams(bg, background: true, &first, &out)
        }
        out.append(UInt8(ascii: "m"))
        pen = Style(foreground: fg, background: bg, attributes: attrs)
    }
}
