import Foundation

/// The key used for case- and accent-insensitive prefix search (`nameStartsWith=ara` finds
/// `Araña`), like the MySQL general collation the real API sits on.
public enum TextFold {
    public static func fold(_ text: String) -> String {
        // Nearly every name is ASCII, where folding is lowercasing: doing that on the bytes keeps
        // ICU (a Locale and a collation pass per call, most of a catalog build's time) off the
        // import's hot path. Anything else takes the full Unicode folding.
        var text = text
        if let ascii = text.withUTF8({ bytes in bytes.allSatisfy({ $0 < 0x80 }) ? lowercasedASCII(bytes) : nil }) {
            return ascii
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: posix).lowercased()
    }

    /// Made once: a Locale per call would be most of the cost of folding a name with an accent.
    private static let posix = Locale(identifier: "en_US_POSIX")

    private static func lowercasedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            for (i, byte) in bytes.enumerated() {
                out[i] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            }
            return bytes.count
        }
    }

    /// The smallest string greater than every string starting with `prefix` (for range scans).
    public static func prefixUpperBound(_ prefix: String) -> String { prefix + "\u{10FFFF}" }
}
