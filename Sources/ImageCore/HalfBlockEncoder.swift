/// Colour capability of the output terminal.
public enum ColorMode: String, Sendable, CaseIterable {
    /// 24-bit `38;2;r;g;b` / `48;2;r;g;b`.
    case truecolor
    /// xterm 256-colour `38;5;n` / `48;5;n`, nearest cube/grey entry.
    case ansi256 = "256"
    /// No colour at all (`NO_COLOR`): shade glyphs by luminance.
    case none
}

/// Turns `HalfBlockCells` into an ANSI byte stream, one line per cell row.
///
/// Per cell one of the equivalent forms is used: `▀` (fg = top, bg = bottom) or `▄` (fg =
/// bottom, bg = top), a space with only a background or `█` with only a foreground for uniform
/// cells; the cheapest form given the current colours is used. SGR is written only when a colour changes (fg and bg changes
/// share one sequence), attributes are reset at each line end, and trailing transparent cells
/// are not written.
public enum HalfBlockEncoder {
    /// Colours within this many levels per channel of the current SGR colour reuse it
    /// (truecolor only). Measured with render_quality.py over the 16 shared thumbnails (box
    /// reference, 24x18 / 48x36 cells): tolerance 0 scores 58.8 / 56.4 dB at 12262 / 47233
    /// bytes; 1 scores 56.1 / 54.0 dB (an error of at most one level, invisible) at 10976 /
    /// 41003 bytes; 2 scores 52.1 / 50.5 dB at 9820 / 35623 bytes. Default 1: 10-13% fewer
    /// bytes for no visible change.
    public static let defaultTolerance = 1

    public static func encode(_ cells: HalfBlockCells, mode: ColorMode,
                              tolerance: Int = HalfBlockEncoder.defaultTolerance) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(cells.cols * cells.rows * 12)
        encode(cells, mode: mode, tolerance: tolerance, into: &out)
        return out
    }

    public static func encode(_ cells: HalfBlockCells, mode: ColorMode,
                              tolerance: Int = HalfBlockEncoder.defaultTolerance, into out: inout [UInt8]) {
        if mode == .none {
            ShadeEncoder.encode(cells, into: &out)
            return
        }
        // Worst case per cell: one SGR setting both 24-bit colours (36 bytes) and a 3-byte
        // glyph; per line a reset and a newline. Writing through a pointer into a buffer of
        // that bound avoids per-byte append checks (a 48x36 thumbnail is ~47 KB of output).
        let bound = cells.cols * cells.rows * 40 + cells.rows * 5
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: bound))
        let written = out.withUnsafeMutableBufferPointer { buf in
            var sink = ByteSink(base: buf.baseAddress! + start)
            var writer = SGRWriter(indexed: mode == .ansi256)
            let tolerance = mode == .truecolor ? Int32(max(tolerance, 0)) : 0
            cells.top.withUnsafeBufferPointer { top in
                cells.bottom.withUnsafeBufferPointer { bottom in
                    for row in 0..<cells.rows {
                        let rowStart = row * cells.cols
                        var end = cells.cols
                        while end > 0, top[rowStart + end - 1] == nil, bottom[rowStart + end - 1] == nil { end -= 1 }
                        for col in 0..<end {
                            writer.cell(top: writer.key(top[rowStart + col]), bottom: writer.key(bottom[rowStart + col]),
                                        tolerance: tolerance, into: &sink)
                        }
                        writer.endLine(into: &sink)
                    }
                }
            }
            return sink.count
        }
        out.removeLast(bound - written)
    }
}

/// Unchecked byte writer over a buffer sized by the caller's bound.
struct ByteSink {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always) mutating func append(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always) mutating func append(_ a: UInt8, _ b: UInt8, _ c: UInt8) {
        base[count] = a
        base[count + 1] = b
        base[count + 2] = c
        count += 3
    }
}

/// The colour state of one line and the byte-cost arithmetic behind each choice.
struct SGRWriter {
    /// Colour keys: -1 = terminal default; otherwise 0xRRGGBB (truecolor) or a palette index.
    static let defaultKey: Int32 = -1
    let indexed: Bool
    var fg: Int32 = SGRWriter.defaultKey
    var bg: Int32 = SGRWriter.defaultKey

    init(indexed: Bool) { self.indexed = indexed }

    func key(_ c: RGB?) -> Int32 {
        guard let c else { return SGRWriter.defaultKey }
        if indexed { return Int32(Palette256.nearest(c)) }
        return Int32(c.r) << 16 | Int32(c.g) << 8 | Int32(c.b)
    }

    static let upperHalf: [UInt8] = [0xE2, 0x96, 0x80]  // ▀
    static let lowerHalf: [UInt8] = [0xE2, 0x96, 0x84]  // ▄

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
    /// (A row-wide dynamic program over the fg/bg state was measured: 0.1-0.7% fewer bytes than
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
        if indexed { return 5 + digits(Int(key)) }
        return 9 + digits(Int(key >> 16 & 0xFF)) + digits(Int(key >> 8 & 0xFF)) + digits(Int(key & 0xFF))
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

/// No-colour output: each cell becomes a glyph whose ink matches its luminance.
enum ShadeEncoder {
    static let shades: [[UInt8]] = [
        [0x20], [0xE2, 0x96, 0x91], [0xE2, 0x96, 0x92], [0xE2, 0x96, 0x93], [0xE2, 0x96, 0x88],
    ]  // space ░ ▒ ▓ █

    static func luminance(_ c: RGB?) -> Double {
        guard let c else { return 0 }
        return (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255
    }

    static func encode(_ cells: HalfBlockCells, into out: inout [UInt8]) {
        for row in 0..<cells.rows {
            var line = [UInt8]()
            for col in 0..<cells.cols {
                let i = row * cells.cols + col
                let t = luminance(cells.top[i]), b = luminance(cells.bottom[i])
                if t - b >= 0.5 {
                    line.append(contentsOf: SGRWriter.upperHalf)
                } else if b - t >= 0.5 {
                    line.append(contentsOf: SGRWriter.lowerHalf)
                } else {
                    let level = min(Int(((t + b) / 2 * 4).rounded()), 4)
                    line.append(contentsOf: shades[level])
                }
            }
            while line.last == 0x20 { line.removeLast() }
            out.append(contentsOf: line)
            out.append(0x0A)
        }
    }
}
