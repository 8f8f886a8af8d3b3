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
        // Not `split`: an array of substrings per URI was a tenth of a catalog build.
        guard let uri else { return nil }
        let trimmed = uri.utf8.last == UInt8(ascii: "/") ? uri.dropLast() : Substring(uri)
        guard let slash = trimmed.lastIndex(of: "/") else { return Int(trimmed) }
        return Int(trimmed[trimmed.index(after: slash)...])
    }

    /// What an entity is, from its resourceURI (`/v1/public/comics/123`), else from its fields.
    static func kind(of object: Object) -> EntityKind? {
        if let uri = string(object["resourceURI"]) {
            let parts = uri.split(separator: "/")
            if parts.count >= 2, let kind = EntityKind(rawValue: String(parts[parts.count - 2])) { return kind }
        }
        if object["fullName"] != nil { return .creators }
        if object["name"] != nil, object["comics"] != nil, object["title"] == nil { return .characters }
        if object["issueNumber"] != nil || object["format"] != nil { return .comics }
        return nil
    }

    /// The summary object (`resourceURI`, `name`) at `field` (a comic's `series`, a story's `originalIssue`).
    static func summary(_ object: Object, _ field: String) -> (id: Int, name: String)? {
        guard let item = object[field], item.isObject, let id = id(fromURI: string(item["resourceURI"])) else { return nil }
        return (id, string(item["name"]) ?? "")
    }

    /// Items of a ResourceList field (`comics`, `series`, ...), as (id, name, type) entries.
    typealias Item = (id: Int, name: String, type: String, role: String)

    /// Items of a ResourceList field (`comics`, `series`, ...): id, name, and a story's `type` or a creator's `role`.
    static func items(_ object: Object, _ field: String) -> [Item] {
        guard let list = object[field], list.isObject, let items = objects(list["items"]) else { return [] }
        return items.compactMap { item in
            guard let id = id(fromURI: string(item["resourceURI"])) else { return nil }
            return (id, string(item["name"]) ?? "", string(item["type"]) ?? "", string(item["role"]) ?? "")
        }
    }

    /// Canonical text of an entity: sorted keys, unescaped slashes, UTF-8.
    static func serialize(_ object: [String: Any]) throws -> String {
        try CanonicalJSON.string(object)
    }

    /// `(1963)` or `(2008 - 2015)` at the end of a series title.
    static func years(ofSeriesTitle title: String) -> (Int?, Int?) {
        guard let open = title.lastIndex(of: "("), title.hasSuffix(")") else { return (nil, nil) }
        let inner = title[title.index(after: open)..<title.index(before: title.endIndex)]
        let parts = inner.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (parts.first ?? nil, parts.count > 1 ? parts[1] : nil)
    }
}
