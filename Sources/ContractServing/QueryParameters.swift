import Catalog
import Foundation

/// The query string as the real API reads it: names are case-sensitive, unknown names are
/// rejected, empty values (and a bare `0` for text searches) are "blank".
public struct QueryParameters: Sendable {
    public private(set) var pairs: [(name: String, value: String)] = []

    public init(_ query: String?) {
        guard let query, !query.isEmpty else { return }
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            pairs.append((name, value))
        }
    }

    public static func decode(_ text: Substring) -> String {
        // Most names and values have nothing to decode; Foundation's replacing and percent
        // decoding would be a tenth of the server's time on every request.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(text) }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    public subscript(name: String) -> String? { pairs.last { $0.name == name }?.value }

    public static let authNames: Set<String> = ["apikey", "ts", "hash"]

    /// `path?query` with `apikey`, `ts` and `hash` left out (as written otherwise), for error
    /// texts that name the request: a body must never carry the credentials.
    public static func withoutCredentials(path: String, query: String?) -> String {
        guard let query, !query.isEmpty else { return path }
        let kept = query.split(separator: "&", omittingEmptySubsequences: true).filter { piece in
            let name = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            return !authNames.contains(decode(name))
        }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }

    /// The non-auth parameters sorted: the key of cached responses.
    public var canonical: String {
        pairs.filter { !Self.authNames.contains($0.name) }
            .map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
    }

    /// 409 for the first parameter this endpoint does not know.
    public func rejectUnknown(allowed: Set<String>) throws(APIFailure) {
        for pair in pairs where !allowed.contains(pair.name) && !Self.authNames.contains(pair.name) {
            throw .validation("We don't recognize the parameter \(APIFailure.shown(pair.name))")
        }
    }

    /// A text value; blank (empty, or `0` when `zeroIsBlank`) is a 409.
    public func text(_ name: String, zeroIsBlank: Bool = true) throws(APIFailure) -> String? {
        guard let value = self[name] else { return nil }
        if value.trimmingCharacters(in: .whitespaces).isEmpty || (zeroIsBlank && value == "0") {
            throw .validation("\(name) cannot be blank if it is set")
        }
        return value
    }

    public func limit() throws(APIFailure) -> Int {
        guard let raw = self["limit"] else { return 20 }
        guard let value = Int(raw.trimmingCharacters(in: .whitespaces)), value > 0 else {
            throw .validation("You must pass an integer limit greater than 0.")
        }
        guard value <= 100 else { throw .validation("You may not request more than 100 items.") }
        return value
    }

    public func offset() throws(APIFailure) -> Int {
        guard let raw = self["offset"] else { return 0 }
        guard let value = Int(raw.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw .validation("You must pass an integer offset greater than or equal to 0.")
        }
        return value
    }

    public func orderBy(_ fields: Set<String>) throws(APIFailure) -> [Ordering] {
        guard let raw = try text("orderBy", zeroIsBlank: false) else { return [] }
        var result: [Ordering] = []
        for piece in raw.split(separator: ",") {
            let value = piece.trimmingCharacters(in: .whitespaces)
            let descending = value.hasPrefix("-")
            let field = descending ? String(value.dropFirst()) : value
            guard fields.contains(field) else { throw .validation("\(APIFailure.shown(value)) is not a valid ordering parameter.") }
            result.append(Ordering(field: field, descending: descending))
        }
        return result
    }

    /// Filter nouns of the real error texts: `issue` for comics, `series`, `event`, ...
    public static let filterNouns = ["comics": ("issue id", "issue ids"), "series": ("series", "series ids"),
                              "events": ("event", "event ids"), "stories": ("story", "story ids"),
                              "characters": ("character", "character ids"), "creators": ("creator", "creator ids"),
                              "sharedAppearances": ("character", "character ids"), "collaborators": ("creator", "creator ids")]

    /// A comma-separated id list: at most 10 ids, all numeric.
    public func ids(_ name: String) throws(APIFailure) -> [Int] {
        guard let raw = self[name] else { return [] }
        let (one, many) = Self.filterNouns[name] ?? ("id", "ids")
        let filter = one.replacingOccurrences(of: " id", with: "")
        let pieces = raw.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let ids = pieces.compactMap { Int($0) }.filter { $0 > 0 }
        guard !ids.isEmpty, ids.count == pieces.count else {
            throw .validation("You must pass at least one valid \(one) if you set the \(filter) filter.")
        }
        guard ids.count <= 10 else { throw .validation("You may not submit more than 10 \(many).") }
        return ids
    }

    public func date(_ name: String) throws(APIFailure) -> Int64? {
        guard let raw = try text(name, zeroIsBlank: false) else { return nil }
        guard let seconds = CatalogDate.epochSeconds(raw) else {
            throw .validation("You must pass a valid date for \(name).")
        }
        return seconds
    }

    public func bool(_ name: String) throws(APIFailure) -> Bool {
        guard let raw = try text(name, zeroIsBlank: false) else { return false }
        switch raw.lowercased() {
        case "true", "1": return true
        case "false": return false
        default: throw .validation("\(name) must be true or false.")
        }
    }
}
