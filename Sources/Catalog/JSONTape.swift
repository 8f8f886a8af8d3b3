/// A JSON text indexed in one pass: every value is a node pointing at its bytes, in document
/// order, and a container knows where its subtree ends. The import reads the few fields it
/// needs through `JSONValue` and writes each entity's canonical text from these bytes (keys
/// put in order, values copied) instead of building Foundation objects for every value
/// (NSDictionary, NSNumber, bridged strings) and serialising them again: that costs two thirds
/// of a catalog build.
///
/// A text is only accepted when it reads as JSONSerialization reads it; anything unusual (a
/// nesting deeper than 512, invalid UTF-8) throws `Unsupported`, and the import takes the
/// Foundation path for that file, so its result and its error messages are that path's.
final class JSONTape: Sendable {
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    enum Kind: UInt8 { case object, array, string, number, `true`, `false`, null }

    struct Node {
        let kind: Kind
        /// A string with backslash escapes, or a number that is not a plain integer literal.
        let special: Bool
        /// The value's bytes; a string's without its quotes.
        let start: Int32, end: Int32
        /// The index of the first node after this value's subtree.
        var next: Int32
    }

    let bytes: [UInt8]
    let nodes: [Node]

    init(_ bytes: [UInt8]) throws {
        guard bytes.count < Int32.max else { throw Unsupported(description: "over 2 GB") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Unsupported(description: "not UTF-8") }
        var nodes: [Node] = []
        nodes.reserveCapacity(bytes.count / 12)
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer)
            try parser.value(into: &nodes, depth: 0)
            parser.skipSpace()
            guard parser.at == buffer.count else { throw Unsupported(description: "text after the value") }
        }
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The top-level value.
    var root: JSONValue { JSONValue(tape: self, index: 0) }
}

/// Reads a JSON text into nodes, validating it as it goes (RFC 8259).
private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    private func fail(_ what: String) -> JSONTape.Unsupported {
        JSONTape.Unsupported(description: "\(what) at byte \(at)")
    }

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// Skips `byte` (after white space), or throws.
    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { throw fail("expected \(Character(Unicode.Scalar(byte)))") }
        at += 1
    }

    mutating func value(into nodes: inout [JSONTape.Node], depth: Int) throws {
        skipSpace()
        guard at < bytes.count else { throw fail("unexpected end") }
        guard depth < 512 else { throw fail("nested too deep") }
        switch bytes[at] {
        case UInt8(ascii: "{"): try container(into: &nodes, depth: depth, object: true)
        case UInt8(ascii: "["): try container(into: &nodes, depth: depth, object: false)
        case Self.quote: try string(into: &nodes)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(into: &nodes)
        case UInt8(ascii: "t"): try literal("true", .true, into: &nodes)
        case UInt8(ascii: "f"): try literal("false", .false, into: &nodes)
        case UInt8(ascii: "n"): try literal("null", .null, into: &nodes)
        default: throw fail("unexpected byte")
        }
    }

    private mutating func container(into nodes: inout [JSONTape.Node], depth: Int, object: Bool) throws {
        let index = nodes.count, start = at
        let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        nodes.append(JSONTape.Node(kind: object ? .object : .array, special: false, start: Int32(start), end: 0, next: 0))
        at += 1
        skipSpace()
        if at < bytes.count, bytes[at] == close {
            at += 1
        } else {
            while true {
                if object {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == Self.quote else { throw fail("expected a key") }
                    try string(into: &nodes)
                    try expect(UInt8(ascii: ":"))
                }
                try value(into: &nodes, depth: depth + 1)
                skipSpace()
                guard at < bytes.count else { throw fail("unexpected end") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                guard bytes[at] == close else { throw fail("expected , or \(Character(Unicode.Scalar(close)))") }
                at += 1
                break
            }
        }
        nodes[index] = JSONTape.Node(kind: nodes[index].kind, special: false, start: Int32(start), end: Int32(at),
                                     next: Int32(nodes.count))
    }

    private mutating func string(into nodes: inout [JSONTape.Node]) throws {
        at += 1
        let start = at
        var escaped = false
        while true {
            guard at < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[at]
            if byte == Self.quote { break }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte == Self.backslash {
                escaped = true
                at += 1
                guard at < bytes.count else { throw fail("unterminated string") }
                switch bytes[at] {
                case Self.quote, Self.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    at += 1
                case UInt8(ascii: "u"):
                    guard at + 4 < bytes.count, (1...4).allSatisfy({ JSONValue.hexDigit(bytes[at + $0]) != nil }) else {
                        throw fail("bad \\u escape")
                    }
                    at += 5
                default: throw fail("bad escape")
                }
                continue
            }
            at += 1
        }
        nodes.append(JSONTape.Node(kind: .string, special: escaped, start: Int32(start), end: Int32(at),
                                   next: Int32(nodes.count + 1)))
        at += 1
    }

    private mutating func number(into nodes: inout [JSONTape.Node]) throws {
        let start = at
        func isDigit(_ i: Int) -> Bool { i < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard isDigit(at) else { throw fail("bad number") }
        if bytes[at] == UInt8(ascii: "0") { at += 1 } else { while isDigit(at) { at += 1 } }
        var plain = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            plain = false
            at += 1
            guard isDigit(at) else { throw fail("bad number") }
            while isDigit(at) { at += 1 }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            plain = false
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard isDigit(at) else { throw fail("bad number") }
            while isDigit(at) { at += 1 }
        }
        // Up to 18 characters always fit an Int64; "-0" reads as 0.
        if plain, at - start > 18 || (at - start == 2 && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "0")) {
            plain = false
        }
        nodes.append(JSONTape.Node(kind: .number, special: !plain, start: Int32(start), end: Int32(at),
                                   next: Int32(nodes.count + 1)))
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind, into nodes: inout [JSONTape.Node]) throws {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[at + $0] == word.utf8Start[$0] }) else { throw fail("bad literal") }
        nodes.append(JSONTape.Node(kind: kind, special: false, start: Int32(at), end: Int32(at + count),
                                   next: Int32(nodes.count + 1)))
        at += count
    }
}
