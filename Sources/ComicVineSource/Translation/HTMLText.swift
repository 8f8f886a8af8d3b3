import Foundation

/// Comic Vine's descriptions are HTML; the contract's are text. Tags go (a block element
/// becomes a line break), entities are decoded, and control characters (an escape sequence
/// in a name or description) are dropped, so what reaches a terminal is only text.
enum HTMLText {
    static let blockTags: Set<String> = ["p", "br", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "table", "ul", "ol", "blockquote", "figure"]

    static func text(_ html: String?) -> String {
        guard let html, !html.isEmpty else { return "" }
        var out = ""
        var index = html.startIndex
        while index < html.endIndex {
            let c = html[index]
            if c == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if blockTags.contains(tag), !out.hasSuffix("\n"), !out.isEmpty { out += "\n" }
                index = html.index(after: close)
                continue
            }
            if c == "&", let semi = html[index...].prefix(12).firstIndex(of: ";"),
               let decoded = entity(String(html[html.index(after: index)..<semi])) {
                out.append(decoded)
                index = html.index(after: semi)
                continue
            }
            out.append(c)
            index = html.index(after: index)
        }
        return clean(out)
    }

    /// Plain text with control characters dropped and runs of spaces and blank lines collapsed.
    static func clean(_ text: String) -> String {
        let scalars = text.unicodeScalars.filter { $0 == "\n" || !(($0.value < 0x20) || (0x7F...0x9F).contains($0.value)) }
        let lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty }
        return lines.joined(separator: "\n")
    }

    private static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
