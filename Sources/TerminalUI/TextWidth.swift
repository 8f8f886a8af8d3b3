/// Display width of text in terminal columns: wide (East Asian, emoji) graphemes take two
/// columns, combining marks and format characters take none.
public enum TextWidth {
    /// Columns the string occupies.
    public static func of(_ text: String) -> Int {
        var asciiOnly = true
        var count = 0
        for byte in text.utf8 {
            if byte >= 0x80 { asciiOnly = false; break }
            if byte >= 0x20 && byte != 0x7F { count += 1 }
        }
        if asciiOnly { return count }
        var total = 0
        for ch in text { total += of(ch) }
        return total
    }

    /// Columns one grapheme occupies (0, 1 or 2).
    public static func of(_ ch: Character) -> Int {
        let scalars = ch.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let w = width(of: first)
        if scalars.count > 1 {
            // An emoji followed by VS16 (U+FE0F) is shown in emoji presentation: two columns.
            if first.properties.isEmoji && scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
            if w == 0 {
                // A grapheme that starts with a mark: measure the first visible scalar.
                for s in scalars.dropFirst() { let sw = width(of: s); if sw > 0 { return sw } }
            }
        }
        return w
    }

    /// Columns one scalar occupies on its own.
    public static func width(of s: Unicode.Scalar) -> Int {
        let v = s.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        // Box drawing, block elements and most geometric shapes (every frame's borders and
        // half-blocks): one column, no Unicode property lookup (U+25FD/U+25FE are emoji).
        if v >= 0x2500 && v <= 0x25FC { return 1 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v >= 0x1160 && v <= 0x11FF { return 0 }  // Hangul medial vowels and final consonants
        if isWide(v) || s.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        for r in wideRanges where r.contains(v) { return true }
        return false
    }

    /// The longest prefix of `text` that fits in `columns`, ending in `ellipsis` when anything was
    /// cut. Never splits a grapheme; a wide grapheme that would straddle the limit is dropped.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        if columns <= 0 { return "" }
        if of(text) <= columns { return text }
        let ellipsisWidth = of(ellipsis)
        if ellipsisWidth > columns { return prefix(text, columns: columns) }
        return prefix(text, columns: columns - ellipsisWidth) + ellipsis
    }

    /// The longest prefix of whole graphemes that fits in `columns`.
    public static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for idx in text.indices {
            let w = of(text[idx])
            if used + w > columns { break }
            used += w
            end = text.index(after: idx)
        }
        return String(text[..<end])
    }

    /// Pads with spaces (or truncates with an ellipsis) to exactly `columns`.
    public static func fit(_ text: String, to columns: Int) -> String {
        let t = truncate(text, to: columns)
        let w = of(t)
        return w < columns ? t + String(repeating: " ", count: columns - w) : t
    }
}
