/// One screen cell: a grapheme (one or two columns wide) and its style.
///
/// A wide grapheme occupies its own cell (`width == 2`) and the cell to its right, which holds
/// a `continuation` marker (`width == 0`) so columns and cells stay in step.
///
/// A plain value (`BitwiseCopyable`: the grapheme inline or numbered, the style's link
/// numbered): a buffer is a flat array that frames copy, diff and hash without reference
/// counting.
public struct Cell: Hashable, Sendable, BitwiseCopyable {
    public var grapheme: Grapheme
    public var style: Style
    /// 1 for a normal cell, 2 for the head of a wide grapheme, 0 for the cell a wide grapheme covers.
    public var width: UInt8

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.grapheme = Grapheme(symbol)
        self.style = style
        self.width = UInt8(clamping: max(1, min(2, TextWidth.of(symbol))))
    }

    init(symbol: String, style: Style, width: UInt8) {
        self.init(grapheme: Grapheme(symbol), style: style, width: width)
    }

    init(grapheme: Grapheme, style: Style, width: UInt8) {
        self.grapheme = grapheme
        self.style = style
        self.width = width
    }

    /// The grapheme as text ("" for a continuation cell).
    public var symbol: String {
        get { grapheme.string }
        set { grapheme = Grapheme(newValue) }
    }

    public static let blank = Cell(grapheme: .space, style: .plain, width: 1)
    /// A space in `style` (fills and the halves of broken wide graphemes).
    static func space(_ style: Style) -> Cell { Cell(grapheme: .space, style: style, width: 1) }
    /// The cell to the right of a wide grapheme.
    public static func continuation(_ style: Style) -> Cell { Cell(grapheme: .empty, style: style, width: 0) }
    public var isContinuation: Bool { width == 0 }
}
