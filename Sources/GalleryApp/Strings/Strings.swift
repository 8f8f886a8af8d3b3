/// Looks texts up by key for one language, filling `{1}`, `{2}`… placeholders. A key missing in
/// a language falls back to English (a test checks that English has them all).
public struct Strings: Equatable, Sendable {
    public let language: Language

    public init(_ language: Language = .en) { self.language = language }

    public static func table(for language: Language) -> [StringKey: String] {
        switch language {
        case .en: return english
        case .es: return spanishTable
        }
    }

    public subscript(_ key: StringKey) -> String {
        Strings.table(for: language)[key] ?? Strings.english[key] ?? key.rawValue
    }

    /// The text for `key` with `{1}`, `{2}`… replaced by `arguments` in order.
    public func text(_ key: StringKey, _ arguments: CustomStringConvertible...) -> String {
        var result = self[key]
        for (n, argument) in arguments.enumerated() {
            result = result.replacing("{\(n + 1)}", with: argument.description)
        }
        return result
    }
}
