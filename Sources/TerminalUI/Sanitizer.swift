/// The one gate every string from outside (API names, descriptions, titles, URLs, file names)
/// passes before it reaches a buffer: escape sequences and C0/C1 controls cannot reach the
/// terminal, so outside text can never move the cursor, retitle the window or change modes.
public enum Sanitizer {
    /// `text` without escape sequences (CSI, OSC, DCS, SOS, PM, APC, two-byte ESC), C0 and C1
    /// controls, DEL, and bidirectional overrides. Tabs and line breaks become a space, or stay
    /// as "\n" when `keepNewlines` is set (for multi-line descriptions).
    public static func clean(_ text: String, keepNewlines: Bool = false) -> String {
        // Fast path: plain printable ASCII needs no work.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = String.UnicodeScalarView()
        var state = State.text
        var lastWasCR = false
        for s in text.unicodeScalars {
            let v = s.value
            switch state {
            case .text:
                if v == 0x1B { state = .escape; continue }
                if v == 0x9B { state = .csi; continue }                      // C1 CSI
                if v == 0x9D || v == 0x90 || v == 0x98 || v == 0x9E || v == 0x9F {
                    state = .string; continue                                // C1 OSC/DCS/SOS/PM/APC
                }
                if v == 0x0A || v == 0x0D {
                    defer { lastWasCR = v == 0x0D }
                    if v == 0x0A && lastWasCR { continue }
                    out.append(keepNewlines ? "\n" : " ")
                    continue
                }
                lastWasCR = false
                if v == 0x09 { out.append(" "); continue }
                if v < 0x20 || (v >= 0x7F && v < 0xA0) { continue }
                if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { continue }
                out.append(s)
            case .escape:
                switch v {
                case 0x5B: state = .csi                                      // ESC [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string           // ESC ] P X ^ _
                case 0x20...0x2F: state = .escapeIntermediate                // ESC ( B etc.
                default: state = .text                                       // two-byte ESC x
                }
            case .escapeIntermediate:
                if !(0x20...0x2F).contains(v) { state = .text }
            case .csi:
                // Parameters and intermediates until a final byte 0x40-0x7E; anything else
                // (a control, a non-ASCII scalar) also ends the sequence and is dropped.
                if (0x20...0x3F).contains(v) { continue }
                state = .text
            case .string:
                if v == 0x07 || v == 0x9C { state = .text }                  // BEL or C1 ST
                else if v == 0x1B { state = .stringEscape }
            case .stringEscape:
                state = v == 0x5C ? .text : .string                          // ESC \ is ST
            }
        }
        let cleaned = String(out)
        return cleaned.unicodeScalars.contains("\u{200D}") ? splittingEmojiJoins(cleaned) : cleaned
    }

    /// A ZWJ emoji sequence (a family, 👨‍👩‍👧) is one picture two columns wide in some
    /// terminals and one per emoji in others (kitty 0.26 draws three: six columns), so a tile's
    /// border moved. Its joiners are dropped: each emoji is its own character, two columns in
    /// every terminal. A joiner between other letters (Indic, Arabic shaping) stays.
    static func splittingEmojiJoins(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            if s == "\u{200D}", i > 0, i + 1 < scalars.count,
               isEmojiPicture(scalars[i - 1]) || scalars[i - 1] == "\u{FE0F}", isEmojiPicture(scalars[i + 1]) {
                continue
            }
            out.append(s)
        }
        return String(out)
    }

    private static func isEmojiPicture(_ s: Unicode.Scalar) -> Bool {
        s.properties.isEmojiPresentation || (s.value >= 0x2600 && s.properties.isEmoji)
    }

    private enum State { case text, escape, escapeIntermediate, csi, string, stringEscape }
}
