import Foundation

/// Writes loosely-typed JSON (`[String: Any]` as JSONSerialization reads it) with keys sorted by
/// their UTF-8 bytes and slashes unescaped. `JSONSerialization`'s `.sortedKeys` compares keys
/// through ICU collation, which cost 72 % of a first launch's catalog import; byte order gives
/// the same canonical text for the ASCII keys the Marvel API uses, at a fraction of the cost.
public enum CanonicalJSON {
    public struct InvalidValue: Error, CustomStringConvertible {
        public let description: String
    }

    public static func string(_ value: Any) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        try write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: Any, into out: inout [UInt8]) throws {
        // Containers and strings are tested before NSNumber: casting a Swift dictionary or
        // array to a class bridges it to an NSDictionary/NSArray first, a deep copy per test.
        switch value {
        case let s as String:
            writeString(s, into: &out)
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            let keys = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, key) in keys.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                try write(object[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (i, element) in array.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                try write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let n as NSNumber:
            try writeNumber(n, into: &out)
        case is NSNull:
            out.append(contentsOf: "null".utf8)
        case let b as Bool:
            out.append(contentsOf: (b ? "true" : "false").utf8)
        case let i as Int:
            out.append(contentsOf: String(i).utf8)
        case let d as Double:
            try writeDouble(d, into: &out)
        case Optional<Any>.none:
            out.append(contentsOf: "null".utf8)
        default:
            throw InvalidValue(description: "not a JSON value: \(type(of: value))")
        }
    }

    /// JSONSerialization hands booleans back as NSNumbers of type `c`; its integers are `i`/`q`.
    private static func writeNumber(_ n: NSNumber, into out: inout [UInt8]) throws {
        switch String(cString: n.objCType) {
        case "c", "B": out.append(contentsOf: (n.boolValue ? "true" : "false").utf8)
        case "d", "f": try writeDouble(n.doubleValue, into: &out)
        case "Q", "L", "I", "S", "C": out.append(contentsOf: String(n.uint64Value).utf8)
        default: out.append(contentsOf: String(n.int64Value).utf8)
        }
    }

    private static func writeDouble(_ d: Double, into out: inout [UInt8]) throws {
        guard d.isFinite else { throw InvalidValue(description: "not a JSON number: \(d)") }
        out.append(contentsOf: doubleText(d).utf8)
    }

    /// A finite double as written: an integral value below 1e15 as an integer, else Swift's
    /// shortest round-trip text.
    static func doubleText(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // JSONSerialization's strings are bridged (UTF-16 NSStrings on Linux): one copy to
        // native UTF-8, then a text with nothing to escape (nearly all) goes in one append.
        var s = s
        s.makeContiguousUTF8()
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            out.append(contentsOf: bytes)
            return true
        } ?? false
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
