import TerminalUI

/// The colour state of one line and the byte-cost arithmetic behind each choice.
struct SGRWriter {
    /// Colour keys: -1 = terminal default; otherwise 0xRRGGBB (truecolor) or a palette index.
    static let defaultKey: Int32 = -1
    let indexed: Bool
    let depth: TerminalUI.ColorDepth
    var fg: Int32 = SGRWriter.defaultKey
    var bg: Int32 = SGRWriter.defaultKey

    init(depth: TerminalUI.ColorDepth) {
        self.depth = depth
        self.indexed = depth == .ansi256 || depth == .ansi16
    }

    func key(_ c: RGB?) -> Int32 {
        guard let c else { return SGRWriter.defaultKey }
        if indexed { return Int32(Palette.nearestIndex(c, depth: depth)!) }
        return Int32(c.r) << 16 | Int32(c.g) << 8 | Int32(c.b)
    }

    /// One way to draw a cell: a glyph and the fg/bg it needs (nil = does not matter).
    struct Option {
        enum Glyph { case space, upper, lower, full }
        var glyph: Glyph
        var fg: Int32?
        var bg: Int32?
    }

    /// Whether two 0xRRGGBB keys differ by at most `tolerance` in every channel (never for the
    /// default colour; palette indices are only compared with tolerance 0).
    @inline(__always)
    static func near(_ a: Int32, _ b: Int32, _ tolerance: Int32) -> Bool {
        if a == b { return true }
        if tolerance == 0 || a < 0 || b < 0 { return false }
        return abs((a >> 16) - (b >> 16)) <= tolerance && abs((a >> 8 & 0xFF) - (b >> 8 & 0xFF)) <= tolerance
            && abs((a & 0xFF) - (b & 0xFF)) <= tolerance
    }

    /// Draws one cell in its cheapest equivalent form given the current colours. With a
    /// tolerance, a current colour within `tolerance` of the wanted one is kept (no SGR), and a
    /// cell whose halves are that close may be drawn as one colour.
    /// (A row-wide dynamic program over the fg/bg state measures 0.1-0.7% fewer bytes than
    /// this greedy choice for ~10x the encode time, so greedy it is.)
    mutating func cell(top t: Int32, bottom b: Int32, tolerance: Int32, into out: inout ByteSink) {
        let d = SGRWriter.defaultKey
        if t != d && b != d && !SGRWriter.near(t, b, tolerance) {
            // Fast path for the common two-colour cell: ▀ (fg t, bg b) or ▄ (fg b, bg t).
            let lt = paramLength(t), lb = paramLength(b)
            let upperFg = SGRWriter.near(t, fg, tolerance), upperBg = SGRWriter.near(b, bg, tolerance)
            let lowerFg = SGRWriter.near(b, fg, tolerance), lowerBg = SGRWriter.near(t, bg, tolerance)
            let upper = SGRWriter.sgrCost(upperFg ? 0 : lt, upperBg ? 0 : lb)
            let lower = SGRWriter.sgrCost(lowerFg ? 0 : lb, lowerBg ? 0 : lt)
            if upper <= lower {
                set(fg: upperFg ? fg : t, bg: upperBg ? bg : b, into: &out)
                out.append(0xE2, 0x96, 0x80)  // ▀
            } else {
                set(fg: lowerFg ? fg : b, bg: lowerBg ? bg : t, into: &out)
                out.append(0xE2, 0x96, 0x84)  // ▄
            }
            return
        }
        var candidates = (Option(glyph: .space, fg: nil, bg: d), Option(glyph: .space, fg: nil, bg: d),
                          Option(glyph: .space, fg: nil, bg: d), Option(glyph: .space, fg: nil, bg: d))
        var count = 1
        if t == d && b == d {
            count = 1
        } else if t == d || b == d {
            candidates.0 = b == d ? Option(glyph: .upper, fg: t, bg: d) : Option(glyph: .lower, fg: b, bg: d)
        } else {
            candidates.0 = Option(glyph: .upper, fg: t, bg: b)
            candidates.1 = Option(glyph: .lower, fg: b, bg: t)
            count = 2
            if SGRWriter.near(t, b, tolerance) {
                candidates.2 = Option(glyph: .space, fg: nil, bg: t)
                candidates.3 = Option(glyph: .full, fg: t, bg: nil)
                count = 4
            }
        }
        var best = candidates.0
        var bestCost = Int.max
        for i in 0..<count {
            var option: Option
            switch i {
            case 0: option = candidates.0
            case 1: option = candidates.1
            case 2: option = candidates.2
            default: option = candidates.3
            }
            if let f = option.fg, f != fg, SGRWriter.near(f, fg, tolerance) { option.fg = fg }
            if let g = option.bg, g != bg, SGRWriter.near(g, bg, tolerance) { option.bg = bg }
            let cost = transitionCost(toFg: option.fg ?? fg, toBg: option.bg ?? bg)
                + (option.glyph == .space ? 1 : 3)
            if cost < bestCost {
                bestCost = cost
                best = option
            }
        }
        set(fg: best.fg, bg: best.bg, into: &out)
        switch best.glyph {
        case .space: out.append(0x20)
        case .upper: out.append(0xE2, 0x96, 0x80)  // ▀
        case .lower: out.append(0xE2, 0x96, 0x84)  // ▄
        case .full: out.append(0xE2, 0x96, 0x88)  // █
        }
    }

    /// Bytes of one SGR carrying parameter strings of these lengths (0 = not changed).
    @inline(__always)
    static func sgrCost(_ a: Int, _ b: Int) -> Int {
        if a == 0 && b == 0 { return 0 }
        return 3 + a + b + (a != 0 && b != 0 ? 1 : 0)
    }

    /// Bytes of the single SGR that moves the terminal from the current colours to these.
    func transitionCost(toFg f: Int32, toBg b: Int32) -> Int {
        let df = fg != f, db = bg != b
        if !df && !db { return 0 }
        return 3 + (df ? paramLength(f) : 0) + (db ? paramLength(b) : 0) + (df && db ? 1 : 0)
    }

    mutating func endLine(into out: inout ByteSink) {
        if fg != SGRWriter.defaultKey || bg != SGRWriter.defaultKey {
            out.append(0x1B, 0x5B, 0x30)  // ESC [ 0 m
            out.append(0x6D)
        }
        fg = SGRWriter.defaultKey
        bg = SGRWriter.defaultKey
        out.append(0x0A)
    }

    func paramLength(_ key: Int32) -> Int {
        if key == SGRWriter.defaultKey { return 2 }
        if depth == .ansi16 { return digits(SGRWriter.systemColorParam(key, foreground: false)) }
        if indexed { return 5 + digits(Int(key)) }
        return 9 + digits(Int(key >> 16 & 0xFF)) + digits(Int(key >> 8 & 0xFF)) + digits(Int(key & 0xFF))
    }

    /// The SGR parameter of system colour `key` (0-15).
    static func systemColorParam(_ key: Int32, foreground: Bool) -> Int {
        let n = Int(key)
        return n < 8 ? (foreground ? 30 : 40) + n : (foreground ? 90 : 100) + n - 8
    }

    func digits(_ v: Int) -> Int { v >= 100 ? 3 : (v >= 10 ? 2 : 1) }

    /// Writes one SGR for whichever of fg/bg (nil = leave as is) actually changes.
    mutating func set(fg f: Int32?, bg b: Int32?, into out: inout ByteSink) {
        let changeFg = f != nil && f! != fg
        let changeBg = b != nil && b! != bg
        if !changeFg && !changeBg { return }
        out.append(0x1B)
        out.append(0x5B)
        if changeFg {
            appendParams(f!, foreground: true, into: &out)
            fg = f!
        }
        if changeBg {
            if changeFg { out.append(0x3B) }
            appendParams(b!, foreground: false, into: &out)
            bg = b!
        }
        out.append(0x6D)
    }

    func appendParams(_ key: Int32, foreground: Bool, into out: inout ByteSink) {
        let lead: UInt8 = foreground ? 0x33 : 0x34  // '3' / '4'
        if depth == .ansi16 && key != SGRWriter.defaultKey {
            // The 16 system colours by their own codes (30-37/90-97, 40-47/100-107): a
            // 16-colour terminal knows no `38;5`. All of 100-107 is written (not "1" and the
            // last digit, which made bright backgrounds SGR 10-17, font selection).
            appendNumber(SGRWriter.systemColorParam(key, foreground: foreground), into: &out)
            return
        }
        if key == SGRWriter.defaultKey {
            out.append(lead)
            out.append(0x39)
            return
        }
        out.append(lead)
        out.append(0x38)
        out.append(0x3B)
        if indexed {
            out.append(0x35)
            out.append(0x3B)
            appendNumber(Int(key), into: &out)
        } else {
            out.append(0x32)
            out.append(0x3B)
            appendNumber(Int(key >> 16 & 0xFF), into: &out)
            out.append(0x3B)
            appendNumber(Int(key >> 8 & 0xFF), into: &out)
            out.append(0x3B)
            appendNumber(Int(key & 0xFF), into: &out)
        }
    }

    @inline(__always)
    func appendNumber(_ v: Int, into out: inout ByteSink) {
        // Decimal text of 0...255 from a table: low 24 bits the ASCII digits (first digit in
        // the lowest byte), top byte the length.
        let entry = SGRWriter.decimal[v & 0xFF]
        let length = Int(entry >> 24)
        out.base[out.count] = UInt8(truncatingIfNeeded: entry)
        out.base[out.count + 1] = UInt8(truncatingIfNeeded: entry >> 8)
        out.base[out.count + 2] = UInt8(truncatingIfNeeded: entry >> 16)
        out.count += length
    }

    static let decimal: [UInt32] = (0..<256).map { v in
        let digits = Array(String(v).utf8)
        var packed = UInt32(digits.count) << 24
        for (i, d) in digits.enumerated() { packed |= UInt32(d) << (8 * UInt32(i)) }
        return packed
    }
}
