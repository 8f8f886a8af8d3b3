/// One screen cell: a grapheme (one or two columns wide) and its style.
///
/// A wide grapheme occupies its own cell (`width == 2`) and the cell to its right, which holds
/// a `continuation` marker (`width == 0`) so columns and cells stay in step.
public struct Cell: Hashable, Sendable {
    public var symbol: String
    public var style: Style
    /// 1 for a normal cell, 2 for the head of a wide grapheme, 0 for the cell a wide grapheme covers.
    public var width: UInt8

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
        self.width = UInt8(clamping: max(1, min(2, TextWidth.of(symbol))))
    }

    init(symbol: String, style: Style, width: UInt8) {
        self.symbol = symbol
        self.style = style
        self.width = width
    }

    public static let blank = Cell(symbol: " ", style: .plain, width: 1)
    /// The cell to the right of a wide grapheme.
    public static func continuation(_ style: Style) -> Cell { Cell(symbol: "", style: style, width: 0) }
    public var isContinuation: Bool { width == 0 }
}
