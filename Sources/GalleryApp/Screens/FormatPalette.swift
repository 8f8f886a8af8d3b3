import TerminalUI

/// Colours of comic formats: the tile frame and the format label of the comics gallery, and the
/// legend that explains them. Mid-tone colours, legible on dark and light backgrounds alike, and
/// exactly on the xterm 256-colour cube so a 256-colour terminal shows the same hues (a nearby
/// off-cube green would fall to a grey). Each falls to its own of the 16 system colours (green,
/// cyan, yellow, magenta, bright blue, grey), none to the selection's red; in CIELAB the closest
/// pair is 38 apart (Digital and Other). Mint, teal and cyan would be 29 apart (Digital and
/// Digest) and all three fall to cyan in 16 colours.
public enum FormatPalette {
    public enum Group: CaseIterable, Equatable, Sendable {
        case digital, comic, tradePaperback, hardcover, digest, other

        public var color: Color {
            switch self {
            case .digital: return .rgb(0x00, 0xAF, 0xD7)         // sky (xterm 38; cyan)
            case .comic: return .rgb(0x5F, 0xAF, 0x00)           // green (xterm 70; green)
            case .tradePaperback: return .rgb(0xD7, 0xAF, 0x00)  // gold (xterm 178; yellow)
            case .hardcover: return .rgb(0xD7, 0x5F, 0xD7)       // orchid (xterm 170; magenta)
            case .digest: return .rgb(0x5F, 0x87, 0xFF)          // periwinkle (xterm 69; bright blue)
            case .other: return .rgb(0x9E, 0x9E, 0x9E)           // grey (xterm 247; grey)
            }
        }

        var legendKey: StringKey {
            switch self {
            case .digital: return .formatDigital
            case .comic: return .formatComic
            case .tradePaperback: return .formatTradePaperback
            case .hardcover: return .formatHardcover
            case .digest: return .formatDigest
            case .other: return .formatOther
            }
        }
    }

    /// The colour group of a comic's `format` (an open string; matched without case).
    public static func group(of format: String) -> Group {
        switch format.lowercased() {
        case "digital comic", "digital vertical comic": return .digital
        case "comic": return .comic
        case "trade paperback": return .tradePaperback
        case "hardcover": return .hardcover
        case "digest": return .digest
        default: return .other
        }
    }

    public static func color(of format: String) -> Color { group(of: format).color }

    /// The format written in its colour (bold, so it reads on both backgrounds).
    static func labelStyle(_ format: String) -> Style { Style(foreground: color(of: format), attributes: .bold) }

    /// `■ Digital  ■ Comic …` on one line.
    static func renderLegend(strings: Strings, in area: Rect, into buffer: inout Buffer) {
        var x = area.x + 1
        for group in Group.allCases {
            let label = strings[group.legendKey]
            guard x + TextWidth.of(label) + 3 <= area.maxX else { break }
            x += buffer.put("■ ", at: Point(x: x, y: area.y), style: Style(foreground: group.color))
            x += buffer.put(label, at: Point(x: x, y: area.y), style: Style(foreground: group.color, attributes: .bold))
            x += 2
        }
    }
}

extension Theme {
    /// Section headings of the detail pages.
    var sectionHeading: Style { Style(foreground: accent, attributes: .bold) }
    /// Links: underlined in the terminal's own colour (an OSC 8 target is added per link).
    var link: Style { Style(attributes: .underline) }
    /// The darkened panel of the backdrop layout: the picture shows through at this share.
    static let backdropShade = 0.28
    /// Text on the darkened panel: light, because the panel is dark whatever the theme.
    var onBackdrop: Color { .rgb(0xF2, 0xF2, 0xF2) }
}

extension FormatPalette {
    static func frameStyle(_ format: String) -> Style { Style(foreground: color(of: format)) }

    /// The format on the tile's bottom frame line, in its colour (blank formats say nothing).
    static func renderLabel(_ format: String, on frame: Rect, into buffer: inout Buffer) {
        guard !format.isEmpty, frame.width > 4 else { return }
        let label = " " + TextWidth.truncate(format, to: frame.width - 4) + " "
        let x = frame.x + max(1, (frame.width - TextWidth.of(label)) / 2)
        buffer.put(label, at: Point(x: x, y: frame.maxY - 1), style: labelStyle(format))
    }
}
