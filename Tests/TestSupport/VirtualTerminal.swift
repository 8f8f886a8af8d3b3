import TerminalUI

/// A minimal terminal emulator for the sequences `ANSIEncoder` emits (CUP, CUF, SGR, ED 2,
/// DECSTBM, SU/SD, cursor visibility, OSC 8, synchronized output). Tests feed it encoded frames
/// and compare its screen with the buffer that was encoded, and it counts SGRs that changed
/// nothing (`redundantSGRs`).
public struct VirtualTerminal {
    public private(set) var screen: Buffer
    public private(set) var cursor = Point.zero
    public private(set) var cursorVisible = true
    public private(set) var redundantSGRs = 0
    public internal(set) var unknownSequences: [String] = []
    /// What the kitty/sixel/iTerm2 sequences did (`VirtualTerminal+Graphics`).
    public internal(set) var graphics = VirtualGraphics()
    private var pen = Style.plain
    private var scrollTop = 0
    private var scrollBottom: Int

    public init(size: Size) {
        screen = Buffer(size: size)
        scrollBottom = size.height - 1
    }

    /// A terminal already showing `buffer` (the front buffer of a diff).
    public init(showing buffer: Buffer) {
        self.init(size: buffer.size)
        screen = buffer
        screen.cursor = nil
    }

    public mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while i < text.count {
            let s = text[i]
            if s == "\u{1B}" {
                i = escape(text, i)
                continue
            }
            var cluster = String(s)
            // Attach following zero-width scalars (combining marks, VS16, ZWJ) to this grapheme,
            // and the scalar after a ZWJ (an emoji ZWJ sequence is one grapheme).
            while i + 1 < text.count, text[i + 1] != "\u{1B}",
                  TextWidth.width(of: text[i + 1]) == 0 || text[i].value == 0x200D {
                i += 1; cluster.unicodeScalars.append(text[i])
            }
            let w = max(1, TextWidth.of(cluster))
            if cursor.x >= screen.size.width { cursor = Point(x: 0, y: min(screen.size.height - 1, cursor.y + 1)) }
            screen.set(Cell(cluster, style: pen), at: cursor)
            cursor.x += w
            i += 1
        }
    }

    private mutating func escape(_ t: [Unicode.Scalar], _ start: Int) -> Int {
        var i = start + 1
        guard i < t.count else { return i }
        if t[i] == "]" {  // OSC … ST
            var body = ""
            i += 1
            while i < t.count, t[i] != "\u{1B}", t[i] != "\u{07}" { body.unicodeScalars.append(t[i]); i += 1 }
            let ended = i < t.count
            if i < t.count, t[i] == "\u{1B}" { i += 2 } else { i += 1 }
            // An iTerm2 picture is drawn where the cursor is, once all of it has come (a log read
            // mid-frame can end inside one).
            if body.hasPrefix("1337;File="), ended { graphics.pixelDraws.append(cursor) }
            if body.hasPrefix("8;") {
                let url = body.split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false).dropFirst(2).first.map(String.init) ?? ""
                pen.hyperlink = url.isEmpty ? nil : url
            } else if !body.hasPrefix("1337;File=") {  // iTerm2 pictures: counted above
                unknownSequences.append("OSC " + body)
            }
            return i
        }
        if t[i] == "_" || t[i] == "P" { return stringSequence(t, i) }
        guard t[i] == "[" else { unknownSequences.append("ESC \(t[i])"); return i + 1 }
        i += 1
        var params = ""
        while i < t.count, (0x20...0x3F).contains(t[i].value) { params.unicodeScalars.append(t[i]); i += 1 }
        guard i < t.count else { return i }
        let final = t[i]
        let nums = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func n(_ k: Int, _ d: Int) -> Int { k < nums.count && nums[k] != 0 ? nums[k] : d }
        switch (params.first, final) {
        case ("?", "h"), ("?", "l"):
            if params == "?25" { cursorVisible = final == "h" }
        case (_, "H"): cursor = Point(x: n(1, 1) - 1, y: n(0, 1) - 1)
        case (_, "C"): cursor.x = min(screen.size.width - 1, cursor.x + n(0, 1))
        case (_, "J"): eraseDisplay(n(0, 0))
        case (_, "r"):
            scrollTop = n(0, 1) - 1; scrollBottom = n(1, screen.size.height) - 1; cursor = .zero
        case (_, "S"), (_, "T"): scroll(by: final == "S" ? n(0, 1) : -n(0, 1))
        case (_, "m"): sgr(params.isEmpty ? [0] : nums)
        default: unknownSequences.append("CSI \(params)\(final)")
        }
        return i + 1
    }

    /// `CSI J` (0: from the cursor down), `CSI 2J` / `CSI 3J` (all, and kitty 0.26.5 frees
    /// every stored picture without a placement: its `grman_clear`).
    private mutating func eraseDisplay(_ how: Int) {
        let blank = Cell(" ", style: Style(background: pen.background))
        switch how {
        case 0:
            screen.fill(Rect(x: cursor.x, y: cursor.y, width: screen.size.width - cursor.x, height: 1), with: blank)
            if cursor.y + 1 < screen.size.height {
                screen.fill(Rect(x: 0, y: cursor.y + 1, width: screen.size.width, height: screen.size.height - cursor.y - 1), with: blank)
            }
        case 2, 3:
            screen.fill(screen.area, with: blank)
            graphics.placements.removeAll()
            freeUnplaced()
        default: unknownSequences.append("CSI \(how)J")
        }
    }

    private mutating func scroll(by amount: Int) {
        let w = screen.size.width
        var copy = screen
        for y in scrollTop...scrollBottom {
            let src = y + amount
            for x in 0..<w {
                let c = (src >= scrollTop && src <= scrollBottom) ? screen[x, src] : Cell(" ", style: Style(background: pen.background))
                copy.set(c, at: Point(x: x, y: y))
            }
        }
        screen = copy
    }

    private mutating func sgr(_ p: [Int]) {
        let before = pen
        var k = 0
        func color(_ k: inout Int) -> Color {
            if p[k + 1] == 5 { k += 2; return .indexed(UInt8(p[k])) }
            k += 4; return .rgb(UInt8(p[k - 2]), UInt8(p[k - 1]), UInt8(p[k]))
        }
        while k < p.count {
            switch p[k] {
            case 0: let link = pen.hyperlink; pen = .plain; pen.hyperlink = link
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 30...37: pen.foreground = .indexed(UInt8(p[k] - 30))
            case 90...97: pen.foreground = .indexed(UInt8(p[k] - 90 + 8))
            case 40...47: pen.background = .indexed(UInt8(p[k] - 40))
            case 100...107: pen.background = .indexed(UInt8(p[k] - 100 + 8))
            case 39: pen.foreground = .default
            case 49: pen.background = .default
            case 38: pen.foreground = color(&k)
            case 48: pen.background = color(&k)
            default: unknownSequences.append("SGR \(p[k])")
            }
            k += 1
        }
        // A bare reset is how an encoder that lost track of the pen starts over: not redundant.
        if pen == before && p != [0] { redundantSGRs += 1 }
    }
}
