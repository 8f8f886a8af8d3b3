import Foundation

/// The key used for case- and accent-insensitive prefix search (`nameStartsWith=ara` finds
/// `Araña`), like the MySQL general collation the real API sits on.
public enum TextFold {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .lowercased()
    }

    /// The smallest string greater than every string starting with `prefix` (for range scans).
    public static func prefixUpperBound(_ prefix: String) -> String { prefix + "\u{10FFFF}" }
}
