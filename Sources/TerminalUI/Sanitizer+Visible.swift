/// Plain, TSV and error output: the text stays whole but every character that could steer a
/// terminal or break a row is shown as an escape a person can read (`\x1b`, `\u202e`, `\t`),
/// whether or not stdout is a terminal (a pipe often ends in one: `| less -R`, `| tee`).
extension Sanitizer {
    /// `text` with C0 controls (tab and newline included: a field must stay on its row),
    /// DEL, C1 controls, bidirectional overrides/isolates and backslash escaped visibly.
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
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
