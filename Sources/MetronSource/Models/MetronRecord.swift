import Foundation

/// A Metron record read from its JSON object; `fields.notes` collects its odd values.
public protocol MetronRecord: Sendable {
    init(fields: inout MetronFields) throws(MetronError)
}

/// A Django REST Framework page, as every Metron list answers: `count`, `next`, `previous`,
/// `results` (100 a page).
public struct MetronPage<Item: MetronRecord>: Sendable {
    public var count: Int
    public var next: URL?
    public var previous: URL?
    public var results: [Item]
    /// One line per odd value or per record that could not be read (and was skipped).
    public var notes: [String]
}

/// Bytes to records. Lists and details share the tolerant field reader.
public enum MetronDecoding {
    public static func object(_ data: Data, what: String) throws(MetronError) -> MetronFields.Object {
        guard let top = try? JSONSerialization.jsonObject(with: data), let object = top as? MetronFields.Object else {
            throw .undecodable("\(what): not a JSON object")
        }
        return object
    }

    public static func detail<Item: MetronRecord>(_ type: Item.Type, from data: Data, what: String) throws(MetronError) -> (Item, [String]) {
        var fields = MetronFields(try object(data, what: what), place: what)
        let item = try Item(fields: &fields)
        return (item, fields.notes)
    }

    public static func page<Item: MetronRecord>(_ type: Item.Type, from data: Data, what: String) throws(MetronError) -> MetronPage<Item> {
        let top = try object(data, what: what)
        guard let count = MetronFields.int(top["count"]), let results = top["results"] as? [MetronFields.Object] else {
            throw .undecodable("\(what): not a list page (no count and results)")
        }
        var notes: [String] = []
        var items: [Item] = []
        for (index, object) in results.enumerated() {
            var fields = MetronFields(object, place: "\(what) results[\(index)]")
            do {
                items.append(try Item(fields: &fields))
            } catch {
                notes.append("\(error.description); skipped")
            }
            notes += fields.notes
        }
        return MetronPage(count: count, next: (top["next"] as? String).flatMap(URL.init(string:)),
                          previous: (top["previous"] as? String).flatMap(URL.init(string:)),
                          results: items, notes: notes)
    }
}
