import Foundation

/// Tolerant reads for Marvel's JSON: optional fields default instead of failing the whole page,
/// numbers may arrive as strings, `""` and `null` descriptions both mean "none".
extension KeyedDecodingContainer {
    func string(_ key: Key, default value: String = "") throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? value
    }

    /// `""`, whitespace-only and `null` all become nil.
    func text(_ key: Key) throws -> String? {
        guard let value = try decodeIfPresent(String.self, forKey: key),
              !value.allSatisfy(\.isWhitespace) else { return nil }
        return value
    }

    /// A URL string, upgraded to https when it points at Marvel's own hosts.
    func link(_ key: Key) throws -> String? {
        try decodeIfPresent(String.self, forKey: key).map(MarvelHosts.upgradingToHTTPS)
    }

    func int(_ key: Key, default value: Int = 0) throws -> Int {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
        if let double = try? decodeIfPresent(Double.self, forKey: key), double.isFinite,
           abs(double) < 9e15 { return Int(double) }
        if let text = try? decodeIfPresent(String.self, forKey: key),
           let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number }
        // Present but neither number nor numeric string: a real type error, reported with its path.
        if contains(key), try !decodeNil(forKey: key) { _ = try decode(Int.self, forKey: key) }
        return value
    }

    func double(_ key: Key, default value: Double = 0) throws -> Double {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return number }
        if let text = try? decodeIfPresent(String.self, forKey: key),
           let number = Double(text.trimmingCharacters(in: .whitespaces)) { return number }
        if contains(key), try !decodeNil(forKey: key) { _ = try decode(Double.self, forKey: key) }
        return value
    }

    /// A Marvel date; sentinels and unparseable strings become nil.
    func date(_ key: Key) throws -> Date? {
        try decodeIfPresent(String.self, forKey: key).flatMap(MarvelDate.parse)
    }

    func list<T: Decodable>(_ type: T.Type, _ key: Key) throws -> [T] {
        try decodeIfPresent([T].self, forKey: key) ?? []
    }

    func resources(_ key: Key) throws -> ResourceList {
        try decodeIfPresent(ResourceList.self, forKey: key) ?? ResourceList()
    }
}
