/// Looks texts up by key for one language, filling `{1}`, `{2}`… placeholders. A key missing in
/// a language falls back to English (a test checks that English has them all).
public struct Strings: Equatable, Sendable {
    public let language: Language

    public init(_ language: Language = .en) { self.language = language }

    public static func table(for language: Language) -> [StringKey: String] {
        switch language {
        case .en: return english
        case .es: return spanish
        }
    }

    /// Every English text: the grid's, the detail pages' and comics gallery's, the errors',
    /// the saved lists' and the orderings'.
    static let english = combined(englishTable, englishDetailTable, englishErrorTable, englishSavedTable,
                                  englishOrderingTable)
    /// Every Spanish text (a key it lacks is shown in English).
    static let spanish = combined(spanishTable, spanishErrorTable, spanishSavedTable, spanishOrderingTable)

    /// One language's tables as one; where two hold a key, the earlier table's text wins.
    private static func combined(_ tables: [StringKey: String]...) -> [StringKey: String] {
        tables.reduce(into: [:]) { all, table in all.merge(table) { earlier, _ in earlier } }
    }

    public subscript(_ key: StringKey) -> String {
        Strings.table(for: language)[key] ?? Strings.english[key] ?? key.rawValue
    }

    /// The text for `key` with `{1}`, `{2}`… replaced by `arguments` in order.
    /// One pass over the template, so an argument that itself contains `{2}` (a server's text)
    /// is shown as it is rather than filled in.
    public func text(_ key: StringKey, _ arguments: CustomStringConvertible...) -> String {
        text(key, arguments: arguments)
    }

    /// `text(_:_:)` with the arguments as an array.
    public func text(_ key: StringKey, arguments: [CustomStringConvertible]) -> String {
        let template = self[key]
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
               let n = Int(rest[afterOpen..<close]), n >= 1, n <= arguments.count {
                result += arguments[n - 1].description
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
