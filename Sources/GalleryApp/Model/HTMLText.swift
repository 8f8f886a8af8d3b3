import Foundation

/// Plain text out of Marvel's descriptions, which may hold `<br>`, `<p>`, `<i>`… and entities.
public enum HTMLText {
    public static func strip(_ html: String) -> String {
        var out = ""
        var inTag = false
        var tag = ""
        for c in html {
            if inTag {
                if c == ">" {
                    inTag = false
                    let name = tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
                    if name.hasPrefix("br") || name == "p" || name.hasPrefix("p ") { out.append("\n") }
                } else {
                    tag.append(c)
                }
            } else if c == "<" {
                inTag = true
                tag = ""
            } else {
                out.append(c)
            }
        }
        let entities = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
                        ("&apos;", "'"), ("&nbsp;", " "), ("&rsquo;", "’"), ("&lsquo;", "‘"),
                        ("&ldquo;", "“"), ("&rdquo;", "”"), ("&mdash;", "—"), ("&ndash;", "–"), ("&hellip;", "…")]
        for (entity, text) in entities { out = out.replacingOccurrences(of: entity, with: text) }
        out = decodeNumericEntities(out)
        // Collapse the blank runs tags leave behind.
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        var kept: [String] = []
        for line in lines where !(line.isEmpty && (kept.last?.isEmpty ?? true)) { kept.append(line) }
        while kept.last?.isEmpty == true { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    /// `&#8217;` and `&#x2019;` as the characters they stand for.
    static func decodeNumericEntities(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "&#") {
            out += rest[..<start.lowerBound]
            let tail = rest[start.upperBound...]
            if let end = tail.firstIndex(of: ";"), tail.distance(from: tail.startIndex, to: end) <= 8 {
                let body = tail[..<end]
                let value = body.first == "x" || body.first == "X" ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
                if let value, let scalar = Unicode.Scalar(value), value >= 0x20 {
                    out.unicodeScalars.append(scalar)
                    rest = tail[tail.index(after: end)...]
                    continue
                }
            }
            out += "&#"
            rest = tail
        }
        return out + rest
    }
}
