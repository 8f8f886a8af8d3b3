import Foundation

/// Reading loosely-typed Marvel JSON (a `JSONValue` of the import's tape): recorded responses
/// from 2014 to 2023 differ in which fields exist, so the import takes what is there. Each
/// reader answers as the import answered when it read JSONSerialization's objects (a number's
/// `intValue`, a numeric string's value, nothing for a value of another type).
enum MarvelJSON {
    typealias Object = JSONValue

    static func int(_ value: JSONValue?) -> Int? {
        guard let value else { return nil }
        if let string = value.string { return Int(string) }
        return value.number?.int
    }

    static func double(_ value: JSONValue?) -> Double? {
        guard let value else { return nil }
        if let string = value.string { return Double(string) }
        return value.number?.double
    }

    static func string(_ value: JSONValue?) -> String? { value?.string }

    /// The objects of an array, or nil when it is not an array of objects only.
    static func objects(_ value: JSONValue?) -> [JSONValue]? {
        guard let elements = value?.elements, elements.allSatisfy(\.isObject) else { return nil }
        return elements
    }

    /// The id at the end of a resource URI (`.../characters/1009652` -> 1009652).
    static func id(fromURI uri: String?) -> Int? {
        // Not `split`: an array of substrings per URI costs a tenth of a catalog build.
        guard let uri else { return nil }
        let trimmed = uri.utf8.last == UInt8(ascii: "/") ? uri.dropLast() : Substring(uri)
        guard let slash = trimmed.lastIndex(of: "/") else { return Int(trimmed) }
        return Int(trimmed[trimmed.index(after: slash)...])
    }

    /// The id at the end of a resource URI value, as `id(fromURI:)` reads its string.
    static func id(ofURI value: JSONValue?) -> Int? {
        guard let value else { return nil }
        if let last = value.lastPathComponent { return Int(last) }
        return id(fromURI: string(value))
    }

    /// The next-to-last of the non-empty `/`-separated parts of `uri` (`comics` in
    /// `/v1/public/comics/123`), found without splitting the whole string.
    static func kindPart(ofURI uri: String) -> Substring? {
        let utf8 = uri.utf8
        var i = utf8.endIndex
        func part() -> Range<String.Index>? {
            while i > utf8.startIndex, utf8[utf8.index(before: i)] == UInt8(ascii: "/") { i = utf8.index(before: i) }
            let end = i
            while i > utf8.startIndex, utf8[utf8.index(before: i)] != UInt8(ascii: "/") { i = utf8.index(before: i) }
            return i < end ? i..<end : nil
        }
        guard part() != nil, let kind = part() else { return nil }
        return uri[kind]
    }

    /// What an entity is, from its resourceURI (`/v1/public/comics/123`), else from its fields.
    static func kind(of object: Object) -> EntityKind? {
        if let uri = string(object["resourceURI"]), let part = kindPart(ofURI: uri),
           let kind = EntityKind(rawValue: String(part)) {
            return kind
        }
        if object["fullName"] != nil { return .creators }
        if object["name"] != nil, object["comics"] != nil, object["title"] == nil { return .characters }
        if object["issueNumber"] != nil || object["format"] != nil { return .comics }
        return nil
    }

    /// The summary object (`resourceURI`, `name`) at `field` (a comic's `series`, a story's `originalIssue`).
    static func summary(_ object: Object, _ field: String) -> (id: Int, name: String)? {
        guard let item = object[field], item.isObject, let id = id(ofURI: item["resourceURI"]) else { return nil }
        return (id, string(item["name"]) ?? "")
    }

    /// Items of a ResourceList field (`comics`, `series`, ...), as (id, name, type) entries.
    typealias Item = (id: Int, name: String, type: String, role: String)

    /// Items of a ResourceList field (`comics`, `series`, ...): id, name, and a story's `type` or a creator's `role`.
    static func items(_ object: Object, _ field: String) -> [Item] {
        guard let list = object[field], list.isObject, let items = objects(list["items"]) else { return [] }
        return items.compactMap { item in
            guard let id = id(ofURI: item["resourceURI"]) else { return nil }
            return (id, string(item["name"]) ?? "", string(item["type"]) ?? "", string(item["role"]) ?? "")
        }
    }

    /// Canonical text of an entity: sorted keys, unescaped slashes, UTF-8.
    static func serialize(_ object: [String: Any]) throws -> String {
        try CanonicalJSON.string(object)
    }

    /// `(1963)` or `(2008 - 2015)` at the end of a series title.
    static func years(ofSeriesTitle title: String) -> (Int?, Int?) {
        asciiYears(ofSeriesTitle: title) ?? splitYears(ofSeriesTitle: title)
    }

    static func splitYears(ofSeriesTitle title: String) -> (Int?, Int?) {
        guard let open = title.lastIndex(of: "("), title.hasSuffix(")") else { return (nil, nil) }
        let inner = title[title.index(after: open)..<title.index(before: title.endIndex)]
        let parts = inner.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (parts.first ?? nil, parts.count > 1 ? parts[1] : nil)
    }

    /// `years(ofSeriesTitle:)` for a title whose last parentheses hold at most 18 ASCII digits,
    /// spaces and dashes (every title a catalog build meets), read from the bytes without
    /// splitting; nil for any other.
    static func asciiYears(ofSeriesTitle title: String) -> (Int?, Int?)? {
        var title = title
        return title.withUTF8 { bytes -> (Int?, Int?)? in
            guard let close = bytes.indices.last, bytes[close] == UInt8(ascii: ")") else { return (nil, nil) }
            guard let open = bytes.lastIndex(of: UInt8(ascii: "(")) else { return (nil, nil) }
            guard close - open <= 19 else { return nil }  // every part fits an Int
            // The inner text split on dashes (empty parts dropped), each part trimmed of spaces.
            func number(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
                var part = part
                while part.first == UInt8(ascii: " ") { part = part.dropFirst() }
                while part.last == UInt8(ascii: " ") { part = part.dropLast() }
                guard !part.isEmpty, !part.contains(UInt8(ascii: " ")) else { return nil }
                return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            }
            var parts: [Int?] = []
            var start = open + 1
            for i in (open + 1)...close {
                if i == close || bytes[i] == UInt8(ascii: "-") {
                    if i > start { parts.append(number(bytes[start..<i])) }
                    start = i + 1
                } else if bytes[i] != UInt8(ascii: " "), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                    return nil
                }
            }
            return (parts.first ?? nil, parts.count > 1 ? parts[1] : nil)
        }
    }
}
