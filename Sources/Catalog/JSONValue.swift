/// One value of a `JSONTape`: what the import asks of Marvel JSON (a member by key, a string,
/// a number, the elements of an array), read from the bytes when asked.
import Foundation

struct JSONValue {
    let tape: JSONTape
    let index: Int

    var kind: JSONTape.Kind { tape.nodes[index].kind }
    var isObject: Bool { kind == .object }

    /// The member `key` of an object (nil for other values or a missing key).
    subscript(key: String) -> JSONValue? {
        guard kind == .object else { return nil }
        var key = key
        return key.withUTF8 { key in
            tape.bytes.withUnsafeBufferPointer { bytes in
                tape.nodes.withUnsafeBufferPointer { nodes in
                    var i = index + 1
                    let end = Int(nodes[index].next)
                    while i < end {
                        let node = nodes[i]
                        if node.special {
                            if JSONValue(tape: tape, index: i).string?.utf8.elementsEqual(key) == true {
                                return JSONValue(tape: tape, index: i + 1)
                            }
                        } else if Int(node.end - node.start) == key.count,
                                  key.isEmpty || memcmp(bytes.baseAddress! + Int(node.start), key.baseAddress!, key.count) == 0 {
                            return JSONValue(tape: tape, index: i + 1)
                        }
                        i = Int(nodes[i + 1].next)
                    }
                    return nil
                }
            }
        }
    }

    /// For a string without escapes: its text after the last `/`, one trailing `/` dropped
    /// first (what `MarvelJSON.id(fromURI:)` reads), without making the whole string. nil for
    /// other values.
    var lastPathComponent: String? {
        let node = tape.nodes[index]
        guard node.kind == .string, !node.special else { return nil }
        let bytes = tape.bytes, start = Int(node.start)
        var end = Int(node.end)
        if end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var from = end
        while from > start, bytes[from - 1] != UInt8(ascii: "/") { from -= 1 }
        return String(decoding: bytes[from..<end], as: UTF8.self)
    }

    /// The elements of an array (nil for other values).
    var elements: [JSONValue]? {
        guard kind == .array else { return nil }
        var out: [JSONValue] = []
        var i = index + 1
        let end = Int(tape.nodes[index].next)
        while i < end {
            out.append(JSONValue(tape: tape, index: i))
            i = Int(tape.nodes[i].next)
        }
        return out
    }

    /// The members of an object in text order: key nodes' values (nil for other values).
    var members: [(key: String, value: JSONValue)]? {
        guard kind == .object else { return nil }
        var out: [(key: String, value: JSONValue)] = []
        var i = index + 1
        let end = Int(tape.nodes[index].next)
        while i < end {
            out.append((JSONValue(tape: tape, index: i).string ?? "", JSONValue(tape: tape, index: i + 1)))
            i = Int(tape.nodes[i + 1].next)
        }
        return out
    }

    /// Whether an object names a key twice (JSONSerialization would keep only one of them).
    var hasDuplicateKeys: Bool {
        guard let keys = members?.map(\.key) else { return false }
        return Set(keys).count != keys.count
    }

    /// A string's text, escapes decoded (nil for other values).
    var string: String? {
        let node = tape.nodes[index]
        guard node.kind == .string else { return nil }
        let raw = tape.bytes[Int(node.start)..<Int(node.end)]
        guard node.special else { return String(decoding: raw, as: UTF8.self) }
        return (try? Self.unescape(raw)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The literal text of a number (nil for other values).
    var numberText: String? {
        let node = tape.nodes[index]
        guard node.kind == .number else { return nil }
        return String(decoding: tape.bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
    }

    /// A number as JSONSerialization's NSNumber gives it (`intValue`/`doubleValue`; true is 1).
    var number: (int: Int?, double: Double?)? {
        switch kind {
        case .true: return (1, 1)
        case .false: return (0, 0)
        case .number:
            guard let text = numberText else { return nil }
            if !tape.nodes[index].special, let int = Int(text) { return (int, Double(int)) }
            guard let double = Double(text), double.isFinite else { return nil }
            return (Int(exactly: double.rounded(.towardZero)), double)
        default: return nil
        }
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The UTF-8 bytes of a string with escapes, decoded. A lone surrogate is `Unsupported`.
    static func unescape(_ raw: ArraySlice<UInt8>) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        func hex4(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 << 4 | UInt32(hexDigit(raw[at + $1]) ?? 0) }
        }
        while i < raw.endIndex {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); i += 1; continue }
            let code = raw[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 6 <= raw.endIndex, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else {
                        throw JSONTape.Unsupported(description: "lone surrogate")
                    }
                    let low = hex4(i + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw JSONTape.Unsupported(description: "lone surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw JSONTape.Unsupported(description: "lone surrogate") }
                out.append(contentsOf: UTF8.encode(unicode)!)
            default: out.append(code)  // \" \\ \/
            }
        }
        return out
    }
}
