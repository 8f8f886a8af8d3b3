import Foundation

/// Reads one loosely-typed Metron record (`[String: Any]` from JSONSerialization) and keeps a
/// line for every value that is not what the API documents (`arc_500.json` has a numeric
/// `name`), so odd data is tolerated and said, never silently dropped or fatal.
public struct MetronFields {
    public typealias Object = [String: Any]

    let object: Object
    /// Where the record sits, for the notes (`arc 5`, `results[3]`).
    let place: String
    /// One line per odd value.
    var notes: [String] = []

    public init(_ object: Object, place: String) {
        self.object = object
        self.place = place
    }

    /// A required numeric id; a record without one is not a Metron record.
    func id() throws(MetronError) -> Int {
        guard let id = Self.int(object["id"]) else { throw .undecodable("\(place): no numeric id") }
        return id
    }

    /// Text; a number given where text belongs is kept as its digits, with a note.
    mutating func text(_ key: String) -> String? {
        switch object[key] {
        case nil, is NSNull: return nil
        case let text as String: return text
        case let number as NSNumber:
            notes.append("\(place): \(key) is the number \(number), read as text")
            return number.stringValue
        case let list as [Any]:
            let texts = list.compactMap { $0 as? String }
            notes.append("\(place): \(key) is a list, read as \"\(texts.joined(separator: "; "))\"")
            return texts.isEmpty ? nil : texts.joined(separator: "; ")
        case let other?:
            notes.append("\(place): \(key) has an unexpected \(type(of: other)) value, ignored")
            return nil
        }
    }

    /// A whole number; digits in a string are accepted with a note.
    mutating func int(_ key: String) -> Int? {
        switch object[key] {
        case nil, is NSNull: return nil
        case let number as NSNumber: return number.intValue
        case let text as String:
            guard let value = Int(text) else {
                notes.append("\(place): \(key) \"\(text)\" is not a number, ignored")
                return nil
            }
            return value
        default:
            notes.append("\(place): \(key) is not a number, ignored")
            return nil
        }
    }

    /// A picture's URL; Metron's empty string for none is nil.
    mutating func picture(_ key: String) -> String? { text(key).flatMap { $0.isEmpty ? nil : $0 } }

    /// What `read` takes from the nested object at `key` (absent: an empty one), its notes kept
    /// with this record's; `place` names it in them (default: this record's place and `key`).
    mutating func inside<T>(_ key: String, place: String? = nil, _ read: (inout MetronFields) -> T) -> T {
        var inner = MetronFields(nested(key) ?? [:], place: place ?? "\(self.place) \(key)")
        let value = read(&inner)
        notes += inner.notes
        return value
    }

    /// The list of objects at `key` (empty when absent).
    func objects(_ key: String) -> [Object] { object[key] as? [Object] ?? [] }

    /// The `{id, name}` references in the list at `key` (the name read from `creator` where
    /// `name` is absent); one without an id is skipped, with a note.
    mutating func references(_ key: String) -> [MetronReference] {
        objects(key).enumerated().compactMap { index, object in
            var inner = MetronFields(object, place: "\(place) \(key)[\(index)]")
            guard let id = try? inner.id() else {
                notes.append("\(place): \(key)[\(index)] has no id, skipped")
                return nil
            }
            let name = inner.text("name") ?? inner.text("creator") ?? ""
            notes += inner.notes
            return MetronReference(id: id, name: name)
        }
    }

    /// The nested object at `key`, or nil (a bare id where an object belongs gives nil).
    func nested(_ key: String) -> Object? { object[key] as? Object }

    static func int(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: return number.intValue
        case let text as String: return Int(text)
        default: return nil
        }
    }
}

/// A `{id, name}` reference inside another record (a character's teams, an issue's publisher).
public struct MetronReference: Sendable, Equatable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) { self.id = id; self.name = name }
}
