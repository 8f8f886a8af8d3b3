/// Pictures without colour (NO_COLOR, `--colors none`): each cell becomes a glyph whose ink
/// matches its luminance, so pictures stay recognisable. One rule for `render` (ImageCore's
/// shade encoder) and the screens (the ANSI encoder at depth `.none`).
public enum Shade {
    /// Space, ░ ▒ ▓ █ from no ink to full ink.
    public static let glyphs = [" ", "░", "▒", "▓", "█"]

    /// Relative luminance 0...1 (Rec. 709 weights on the sRGB values); transparent = 0.
    public static func luminance(_ c: RGB?) -> Double {
        guard let c else { return 0 }
        return (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255
    }

    /// The glyph for a cell with these two pixels: a half block where the halves differ
    /// strongly, else the shade of their mean.
    public static func glyph(top: RGB?, bottom: RGB?) -> String {
        let t = luminance(top), b = luminance(bottom)
        if t - b >= 0.5 { return "▀" }
        if b - t >= 0.5 { return "▄" }
        return glyphs[min(Int(((t + b) / 2 * 4).rounded()), 4)]
    }

    /// The shade glyph standing in for a picture cell (`▀`/`▄` with RGB colours, or a space on
    /// an RGB background), nil for any other cell (text and frames keep their symbols).
    public static func substitute(for cell: Cell) -> String? {
        func rgb(_ c: Color) -> RGB? {
            if case .rgb(let r, let g, let b) = c { return RGB(r, g, b) }
            return nil
        }
        let fg = rgb(cell.style.foreground), bg = rgb(cell.style.background)
        switch cell.grapheme {
        case .upperHalf where fg != nil: return glyph(top: fg, bottom: bg)
        case .lowerHalf where fg != nil: return glyph(top: bg, bottom: fg)
        case .space where bg != nil && cell.style.foreground == .default: return glyph(top: bg, bottom: bg)
        default: return nil
        }
    }
}
