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
/// Per cell the cheapest equivalent form is chosen given the current colours: `▀` (fg = top,
/// bg = bottom) or `▄` (fg = bottom, bg = top), a space with only a background or `█` with only
/// a foreground for uniform cells. SGR is written only when a colour changes (fg and bg changes
/// share one sequence), attributes are reset at each line end, and trailing transparent cells
/// are not written.
public enum HalfBlockEncoder {
    public static func encode(_ cells: HalfBlockCells, mode: ColorMode) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(cells.cols * cells.rows * 12)
        encode(cells, mode: mode, into: &out)
        return out
    }

    public static func encode(_ cells: HalfBlockCells, mode: ColorMode, into out: inout [UInt8]) {
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
            cells.top.withUnsafeBufferPointer { top in
                cells.bottom.withUnsafeBufferPointer { bottom in
                    for row in 0..<cells.rows {
                        let rowStart = row * cells.cols
                        var end = cells.cols
                        while end > 0, top[rowStart + end - 1] == nil, bottom[rowStart + end - 1] == nil { end -= 1 }
                        for col in 0..<end {
                            writer.cell(top: writer.key(top[rowStart + col]), bottom: writer.key(bottom[rowStart + col]),
                                        into: &sink)
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
    static let fullBlock: [UInt8] = [0xE2, 0x96, 0x88]  // █

    mutating func cell(top: Int32, bottom: Int32, into out: inout ByteSink) {
        let d = SGRWriter.defaultKey
        if top == d && bottom == d {
            set(fg: nil, bg: d, into: &out)
            out.append(0x20)
        } else if top == bottom {
            let spaceCost = change(bg, top) + 1
            let blockCost = change(fg, top) + 3
            if spaceCost <= blockCost {
                set(fg: nil, bg: top, into: &out)
                out.append(0x20)
            } else {
                set(fg: top, bg: nil, into: &out)
                out.append(0xE2, 0x96, 0x88)  // █
            }
        } else if bottom == d {
            set(fg: top, bg: d, into: &out)
            out.append(0xE2, 0x96, 0x80)  // ▀
        } else if top == d {
            set(fg: bottom, bg: d, into: &out)
            out.append(0xE2, 0x96, 0x84)  // ▄
        } else {
            let upper = pairCost(fg: top, bg: bottom)
            let lower = pairCost(fg: bottom, bg: top)
            if upper <= lower {
                set(fg: top, bg: bottom, into: &out)
                out.append(0xE2, 0x96, 0x80)  // ▀
            } else {
                set(fg: bottom, bg: top, into: &out)
                out.append(0xE2, 0x96, 0x84)  // ▄
            }
        }
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

    /// Parameter bytes to switch from `current` to `wanted` (0 when equal).
    func change(_ current: Int32, _ wanted: Int32) -> Int {
        current == wanted ? 0 : paramLength(wanted) + 3
    }

    func pairCost(fg f: Int32, bg b: Int32) -> Int {
        let df = fg != f, db = bg != b
        if !df && !db { return 0 }
        return 3 + (df ? paramLength(f) : 0) + (db ? paramLength(b) : 0) + (df && db ? 1 : 0)
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

    func appendNumber(_ v: Int, into out: inout ByteSink) {
        if v >= 100 { out.append(UInt8(0x30 + v / 100)) }
        if v >= 10 { out.append(UInt8(0x30 + (v / 10) % 10)) }
        out.append(UInt8(0x30 + v % 10))
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
