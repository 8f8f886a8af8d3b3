import TerminalUI

/// Colours and glyphs of the gallery. Text keeps the terminal's own foreground and background
/// (so light and dark themes both read well); accents are mid-tone colours legible on either,
/// and anything with a coloured background brings its own contrasting foreground.
public struct Theme: Sendable {
    /// Marvel red, for the brand badge and the selection.
    public var accent = Color.rgb(0xE2, 0x36, 0x36)
    /// Text drawn on the accent.
    public var onAccent = Color.rgb(0xFF, 0xFF, 0xFF)
    /// Tile frames that are not selected: a mid grey visible on black and on white.
    public var frame = Color.rgb(0x80, 0x80, 0x80)
    /// Hatching of a tile without a picture.
    public var placeholder = Color.rgb(0x9A, 0x9A, 0x9A)
    /// Warnings (stale cache, failed page): amber, legible on both backgrounds.
    public var warning = Color.rgb(0xC8, 0x7B, 0x00)
    /// The favourites' star: gold, legible on both backgrounds.
    public var starColor = Color.rgb(0xE8, 0xB0, 0x00)

    public static let standard = Theme()

    /// Heavy frame glyphs for the selected tile: horizontal, vertical, then the corners
    /// clockwise from the top left.
    public static let heavyFrame: [String] = ["━", "┃", "┏", "┓", "┛", "┗"]
    /// The mark of a starred tile or page (favourites).
    public static let starMark = "★"

    public var brand: Style { Style(foreground: onAccent, background: accent, attributes: .bold) }
    public var title: Style { Style(attributes: .bold) }
    public var secondary: Style { Style(attributes: .dim) }
    public var statusBar: Style { Style(attributes: .reverse) }
    public var selectedFrame: Style { Style(foreground: accent, attributes: .bold) }
    public var tileFrame: Style { Style(foreground: frame) }
    public var selectedName: Style { Style(foreground: onAccent, background: accent, attributes: .bold) }
    public var name: Style { .plain }
    public var warningText: Style { Style(foreground: warning, attributes: .bold) }
    /// A gold badge with a dark star: a lone ★ on the frame is a few pixels in kitty's font.
    public var star: Style { Style(foreground: .rgb(0x1A, 0x1A, 0x1A), background: starColor, attributes: .bold) }
}
