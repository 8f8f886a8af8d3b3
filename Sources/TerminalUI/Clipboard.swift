/// OSC 52, the terminal's own clipboard: `ESC ] 52 ; c ; BASE64 BEL` asks the terminal (kitty,
/// WezTerm, foot, iTerm2, xterm with `allowWindowOps`, tmux with `set-clipboard on`) to put the
/// text on the system clipboard, also over SSH. Outside text passes `Sanitizer.clean` first, so a
/// name carrying an escape sequence or a bidi override is never copied raw.
public enum Clipboard {
    /// The most bytes copied: far more than any name or link, and a 1 MB name made a 1.4 MB
    /// sequence (some terminals drop one that long, tmux cuts it).
    public static let maxBytes = 64 << 10

    /// `text` cleaned and cut to `maxBytes` at a character's end, and whether it was cut.
    public static func kept(_ text: String) -> (text: String, cut: Bool) {
        let clean = Sanitizer.clean(text)
        guard clean.utf8.count > maxBytes else { return (clean, false) }
        var end = clean.utf8.index(clean.utf8.startIndex, offsetBy: maxBytes)
        while String.Index(end, within: clean) == nil { end = clean.utf8.index(before: end) }
        return (String(clean[..<end]), true)
    }

    /// The OSC 52 sequence that copies `text` (cleaned, at most `maxBytes`) to the clipboard selection `c`.
    public static func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + base64(Array(kept(text).text.utf8)) + [0x07]
    }

    /// The text an OSC 52 sequence copies (nil: not one): what tests read back from the output.
    public static func decodeOSC52(_ bytes: some Collection<UInt8>) -> String? {
        let prefix = Array("\u{1B}]52;c;".utf8)
        let all = Array(bytes)
        guard all.count > prefix.count, Array(all.prefix(prefix.count)) == prefix else { return nil }
        var body = all.dropFirst(prefix.count)
        if body.last == 0x07 { body = body.dropLast() } else if body.suffix(2).elementsEqual([0x1B, 0x5C]) { body = body.dropLast(2) }
        guard let decoded = unbase64(Array(body)) else { return nil }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func base64(_ data: [UInt8]) -> [UInt8] { Base64.encode(data) }

    static func unbase64(_ text: [UInt8]) -> [UInt8]? {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (n, c) in alphabet.enumerated() { table[Int(c)] = UInt8(n) }
        var out: [UInt8] = [], bits = 0, value = 0
        for c in text where c != UInt8(ascii: "=") {
            let v = table[Int(c)]
            guard v != 0xFF else { return nil }
            value = value << 6 | Int(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((value >> bits) & 0xFF))
            }
        }
        return out
    }
}
