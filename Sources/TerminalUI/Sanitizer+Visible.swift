/// Plain, TSV and error output: the text stays whole but every character that could steer a
/// terminal or break a row is shown as an escape a person can read (`\x1b`, `\u202e`, `\t`),
/// whether or not stdout is a terminal (a pipe often ends in one: `| less -R`, `| tee`).
extension Sanitizer {
    /// `text` with C0 controls (tab and newline included: a field must stay on its row),
    /// DEL, C1 controls, bidirectional overrides/isolates, other format characters (Cf) and
    /// backslash escaped visibly.
    /// Backslash is doubled so an escape in the output always means a character in the data.
    public static func visible(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            let v = s.value
            switch v {
            case 0x5C: out += "\\\\"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F: out += "\\x" + hex(v, digits: 2)
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u" + hex(v, digits: 4)
            default:
                // Format characters (Cf: U+200F RLM, U+061C ALM, zero-width spaces and joiners,
                // U+FEFF, tags) and line/paragraph separators are invisible or reorder text.
                if isInvisible(s) { out += v > 0xFFFF ? "\\U" + hex(v, digits: 8) : "\\u" + hex(v, digits: 4) }
                else { out.unicodeScalars.append(s) }
            }
        }
        return out
    }

    /// Format controls (category Cf) and U+2028/U+2029: characters that show nothing, or
    /// steer the direction of the text around them.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// JSON text with raw DEL, C1 controls and the invisible characters above written as
    /// `\u` escapes: still the same JSON (an escape inside a string means the same
    /// character) but nothing in it steers a terminal it is printed to. JSONEncoder leaves
    /// everything from U+007F up raw.
    public static func jsonEscapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && ($0.value < 0xA0 || isInvisible($0)) }) else {
            return json
        }
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for s in json.unicodeScalars {
            let v = s.value
            if v >= 0x7F && (v < 0xA0 || isInvisible(s)) {
                if v > 0xFFFF {
                    // A surrogate pair: JSON's only way to escape a scalar above the BMP.
                    let u = v - 0x10000
                    out += "\\u" + hex(0xD800 + (u >> 10), digits: 4) + "\\u" + hex(0xDC00 + (u & 0x3FF), digits: 4)
                } else {
                    out += "\\u" + hex(v, digits: 4)
                }
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
