/// kitty's Unicode placeholders: a cell showing part of image `id` is U+10EEEE with two
/// combining marks naming its row and column, in the foreground colour that spells the id
/// (24-bit). tmux treats them as text, so it scrolls, clips and clears them; the image itself is
/// sent once through passthrough with a virtual placement (`U=1`).
public enum KittyPlaceholder {
    public static let base: Unicode.Scalar = "\u{10EEEE}"

    /// Row/column marks, in kitty's order (gen/rowcolumn-diacritics.txt): index n means n.
    static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
        0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
        0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
        0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
        0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8,
        0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2, 0x06E4, 0x06E7, 0x06E8, 0x06EB,
        0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743,
        0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3,
        0x0816, 0x0817, 0x0818, 0x0819, 0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822,
    ]

    /// The largest picture (in cells, each way) placeholders can address here.
    public static var maxCells: Int { diacritics.count }

    /// The foreground colour that names image `id` (its low 24 bits).
    public static func color(id: UInt32) -> Color {
        .rgb(UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF), UInt8(id & 0xFF))
    }

    /// The placeholder grapheme for `row`, `column` of an image.
    public static func symbol(row: Int, column: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(base)
        s.append(Unicode.Scalar(diacritics[min(row, diacritics.count - 1)])!)
        s.append(Unicode.Scalar(diacritics[min(column, diacritics.count - 1)])!)
        return String(s)
    }

    static func cell(id: UInt32, row: Int, column: Int) -> Cell {
        Cell(symbol: symbol(row: row, column: column), style: Style(foreground: color(id: id), attributes: .picture), width: 1)
    }

    /// True for a cell holding a placeholder (its colour is an id, never downgraded).
    static func isPlaceholder(_ cell: Cell) -> Bool {
        cell.grapheme.starts(with: base)
    }
}
