import Foundation

/// Search anywhere in a name, the way the embedded server ranks `nameContains`: names starting
/// with the text first, then a word starting with it, then any other match; case and accents
/// folded (`arana` finds Araña). Used over loaded items when the source cannot search so (the
/// grid's search and `--search` in plain output).
public enum NameMatch {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .lowercased()
    }

    /// 0 name start, 1 word start, 2 elsewhere, nil no match.
    public static func rank(_ name: String, key: String) -> Int? {
        let folded = fold(name)
        guard !key.isEmpty, folded.contains(key) else { return nil }
        if folded.hasPrefix(key) { return 0 }
        let words = " " + String(folded.map { "-(/.".contains($0) ? " " : $0 })
        return words.contains(" " + key) ? 1 : 2
    }

    /// The matching items, best rank first, in their list order within a rank.
    static func ranked(_ items: [GalleryItem], text: String) -> [GalleryItem] {
        ranked(items, text: text, name: \.name)
    }

    public static func ranked<Item>(_ items: [Item], text: String, name: (Item) -> String) -> [Item] {
        let key = fold(text.trimmingCharacters(in: .whitespaces))
        return items.compactMap { item in rank(name(item), key: key).map { (item, $0) } }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map(\.element.0)
    }
}
