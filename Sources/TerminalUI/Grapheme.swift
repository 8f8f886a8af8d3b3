/// The text of one screen cell, held by value: the UTF-8 of a grapheme of up to 15 bytes inline
/// (every letter, box-drawing glyph, half-block, CJK character, single emoji and kitty
/// placeholder), a longer one (a ZWJ family emoji, a letter under many marks) as an index into
/// `SideTable.graphemes`. No reference counting: a buffer of cells is a flat array of plain
/// values, so drawing, diffing and encoding a frame copy and compare integers (a `String` per
/// cell cost a retain and a release at every copy: a third of a full repaint's time).
public struct Grapheme: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// UTF-8 bytes 0-7, byte 0 in the low bits.
    private var lo: UInt64
    /// UTF-8 bytes 8-14 in the low 56 bits; the top byte is the byte count (0-15), or
    /// `spilled` when `lo` is the side table's index instead.
    private var hi: UInt64

    private static let spilled: UInt64 = 0xFF
    /// The most UTF-8 bytes held inline.
    public static let inlineCapacity = 15

    private init(lo: UInt64, hi: UInt64) {
        self.lo = lo
        self.hi = hi
    }

    /// The grapheme with these UTF-8 bytes (`utf8` must be valid UTF-8, one grapheme cluster
    /// or none: `Cell` keeps what it is given).
    public init<C: Collection<UInt8>>(utf8: C) {
        self.init(utf8: utf8, spillingInto: .graphemes)
    }

    /// `table`: where a long grapheme goes (tests give a full one; reading a spilled grapheme
    /// always looks in `SideTable.graphemes`).
    init<C: Collection<UInt8>>(utf8: C, spillingInto table: SideTable) {
        guard utf8.count <= Grapheme.inlineCapacity else {
            let text = String(decoding: utf8, as: UTF8.self)
            if let id = table.id(for: text) {
                self.init(lo: UInt64(id), hi: Grapheme.spilled << 56)
            } else {
                // The table is full (hostile text): the leading scalars that fit inline, so the
                // base letter still shows.
                var kept = String.UnicodeScalarView()
                var bytes = 0
                for s in text.unicodeScalars {
                    bytes += UTF8.width(s)
                    if bytes > Grapheme.inlineCapacity { break }
                    kept.append(s)
                }
                self.init(utf8: String(kept).utf8, spillingInto: table)
            }
            return
        }
        var lo: UInt64 = 0, hi: UInt64 = 0
        var shift: UInt64 = 0
        for byte in utf8 {
            if shift < 64 { lo |= UInt64(byte) << shift } else { hi |= UInt64(byte) << (shift - 64) }
            shift += 8
        }
        self.init(lo: lo, hi: hi | UInt64(utf8.count) << 56)
    }

    public init(_ text: String) {
        var text = text
        // A native string hands out its bytes without a copy.
        self = text.withUTF8 { Grapheme(utf8: $0) }
    }

    public init(_ ch: Character) {
        self.init(utf8: ch.utf8)
    }

    /// A one-byte (ASCII) grapheme, built without looking at a string.
    public init(ascii: UInt8) {
        self.init(lo: UInt64(ascii), hi: 1 << 56)
    }

    public static let space = Grapheme(ascii: 0x20)
    /// No text: the cell a wide grapheme covers.
    public static let empty = Grapheme(lo: 0, hi: 0)
    /// `▀`, `▄`: the half-block picture cells (made for every picture cell of every frame).
    public static let upperHalf = Grapheme("▀")
    public static let lowerHalf = Grapheme("▄")

    /// True when the bytes live in the side table (more than `inlineCapacity` of them).
    public var isSpilled: Bool { hi >> 56 == Grapheme.spilled }

    public var isEmpty: Bool { hi == 0 && lo == 0 }

    /// The UTF-8 byte count.
    public var utf8Count: Int {
        isSpilled ? SideTable.graphemes.string(Int(lo)).utf8.count : Int(hi >> 56)
    }

    /// Appends the grapheme's UTF-8 to `out` (the encoder's path: no string is made).
    public func appendUTF8(to out: inout [UInt8]) {
        if isSpilled {
            out.append(contentsOf: SideTable.graphemes.string(Int(lo)).utf8)
            return
        }
        let n = Int(hi >> 56)
        var word = lo
        for i in 0..<n {
            if i == 8 { word = hi }
            out.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
    }

    /// The grapheme as a string.
    public var string: String {
        if isSpilled { return SideTable.graphemes.string(Int(lo)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Grapheme.inlineCapacity)
        appendUTF8(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { string }

    /// The first byte of the UTF-8 (0 when empty); for spilled graphemes, of the stored text.
    var firstByte: UInt8 {
        isSpilled ? SideTable.graphemes.string(Int(lo)).utf8.first ?? 0 : UInt8(truncatingIfNeeded: lo)
    }

    /// True when the grapheme starts with the 4-byte scalar `s` (inline graphemes compare one
    /// word, no decoding).
    func starts(with s: Unicode.Scalar) -> Bool {
        if isSpilled { return SideTable.graphemes.string(Int(lo)).unicodeScalars.first == s }
        let head = Grapheme(utf8: String(s).utf8)
        let n = Int(head.hi >> 56)
        guard Int(hi >> 56) >= n, n <= 8 else { return false }
        let mask: UInt64 = n == 8 ? ~0 : (1 << (UInt64(n) * 8)) - 1
        return lo & mask == head.lo
    }
}
