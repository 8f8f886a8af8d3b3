/// A terminal colour: the terminal's default, one of the 256 indexed colours, or 24-bit RGB.
public enum Color: Hashable, Sendable, BitwiseCopyable {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    // The 16 basic colours by their usual names (indices 0-15).
    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)
    public static let gray = Color.indexed(8)
    public static let brightRed = Color.indexed(9)
    public static let brightWhite = Color.indexed(15)

    /// This colour as the given depth can show it: RGB becomes the nearest palette entry at
    /// `.ansi256` / `.ansi16` (through the one quantiser, `Palette`); every colour becomes
    /// `.default` at `.none`.
    public func downgraded(to depth: ColorDepth) -> Color {
        switch (depth, self) {
        case (.none, _): return .default
        case (.ansi256, .rgb(let r, let g, let b)): return .indexed(Palette.nearest256(r, g, b))
        case (.ansi16, .rgb(let r, let g, let b)): return .indexed(Palette.nearest16(r, g, b))
        case (.ansi16, .indexed(let n)) where n >= 16:
            let c = Palette.rgb(ofIndex: n)
            return .indexed(Palette.nearest16(c.r, c.g, c.b))
        default: return self
        }
    }

    /// The nearest entry of the xterm 6×6×6 cube or the 24-step grey ramp (indices 16-255).
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 { Palette.nearest256(r, g, b) }
}

/// How many colours the output may use.
public enum ColorDepth: String, Hashable, Sendable, CaseIterable {
    /// No colour at all (NO_COLOR, TERM=dumb, not a terminal).
    case none
    /// The 16 system colours (old terminals, `--colors 16`).
    case ansi16
    /// The xterm 256-colour palette.
    case ansi256
    /// 24-bit RGB ("truecolor").
    case truecolor
}
