/// Fields of an answer's entities that a live source does not know yet (a Metron list item
/// whose issue list or detail has not been fetched): the JSON holds the contract's empty value
/// there (`available: 0`, `description: ""`), and this says that value is not the truth.
/// Sent as the `X-Unknown-Fields` header (docs/serve.md), one group per set of ids:
/// `comics.available description=5,9,12; comics.available=7` (field paths as in the JSON,
/// separated by spaces, then `=` and the ids of the entities they are unknown for).
public struct UnknownFields: Sendable, Hashable {
    public static let header = "X-Unknown-Fields"

    /// Entity id -> its unknown field paths.
    public private(set) var byID: [Int: Set<String>] = [:]

    public init() {}

    public var isEmpty: Bool { byID.isEmpty }

    public mutating func mark(_ fields: [String], of id: Int) {
        guard !fields.isEmpty else { return }
        byID[id, default: []].formUnion(fields)
    }

    public mutating func merge(_ other: UnknownFields) {
        for (id, fields) in other.byID { byID[id, default: []].formUnion(fields) }
    }

    /// The unknown fields of entity `id` (empty: all known).
    public func fields(of id: Int) -> Set<String> { byID[id] ?? [] }

    public func contains(_ field: String, of id: Int) -> Bool { byID[id]?.contains(field) ?? false }

    /// The related lists of entity `id` whose `available` is unknown.
    public func counts(of id: Int) -> Set<MarvelResource> {
        Set(fields(of: id).compactMap { field in
            field.hasSuffix(".available") ? MarvelResource(rawValue: String(field.dropLast(".available".count))) : nil
        })
    }

    /// The header's value, groups and ids in a fixed order (one answer, one header); nil when
    /// every field is known.
    public var headerValue: String? {
        guard !byID.isEmpty else { return nil }
        var groups: [[String]: [Int]] = [:]
        for (id, fields) in byID { groups[fields.sorted(), default: []].append(id) }
        return groups.sorted { $0.key.lexicographicallyPrecedes($1.key) }
            .map { fields, ids in fields.joined(separator: " ") + "=" + ids.sorted().map(String.init).joined(separator: ",") }
            .joined(separator: "; ")
    }

    /// Reads a header value; a group that does not parse is skipped (an unknown field left
    /// unmarked shows the value sent, as without the header).
    public init(headerValue: String?) {
        for group in (headerValue ?? "").split(separator: ";") {
            let parts = group.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let fields = parts[0].split(separator: " ").map(String.init)
            for id in parts[1].split(separator: ",").compactMap({ Int(String($0.filter { !$0.isWhitespace })) }) {
                mark(fields, of: id)
            }
        }
    }
}
