import Foundation

/// Reading loosely-typed Marvel JSON (`[String: Any]` from JSONSerialization): recorded
/// responses from 2014 to 2023 differ in which fields exist, so the import takes what is there.
enum MarvelJSON {
    typealias Object = [String: Any]

    static func int(_ value: Any?) -> Int? {
        switch value {
        case let n as NSNumber: return n.intValue
        case let s as String: return Int(s)
        default: return nil
        }
    }

    static func double(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let s as String: return Double(s)
        default: return nil
        }
    }

    static func string(_ value: Any?) -> String? { value as? String }

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
        guard let item = object[field] as? Object, let id = id(fromURI: string(item["resourceURI"])) else { return nil }
        return (id, string(item["name"]) ?? "")
    }

    /// Items of a ResourceList field (`comics`, `series`, ...), as (id, name, type) entries.
    typealias Item = (id: Int, name: String, type: String, role: String)

    /// Items of a ResourceList field (`comics`, `series`, ...): id, name, and a story's `type` or a creator's `role`.
    static func items(_ object: Object, _ field: String) -> [Item] {
        guard let list = object[field] as? Object, let items = list["items"] as? [Object] else { return [] }
        return items.compactMap { item in
            guard let id = id(fromURI: string(item["resourceURI"])) else { return nil }
            return (id, string(item["name"]) ?? "", string(item["type"]) ?? "", string(item["role"]) ?? "")
        }
    }

    /// Canonical text of an entity: sorted keys, unescaped slashes, UTF-8.
    static func serialize(_ object: Object) throws -> String {
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
