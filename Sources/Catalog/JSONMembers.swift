/// The top-level members of a JSON object as raw text: each key and the exact bytes of its value.
/// Lets a stored canonical object gain or replace a few members (an entity's id and lists) by
/// splicing text, without parsing every value into Foundation objects and writing it out again.
struct JSONMembers {
    /// Keys (unescaped bytes between the quotes) and their values' raw bytes, in text order.
    private(set) var members: [(key: [UInt8], value: ArraySlice<UInt8>)] = []

    /// nil when `text` is not one object (the caller falls back to its defaults).
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        var i = 0
        func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
        /// Index after the string starting at `i` (a quote), or nil when it never ends.
        func stringEnd(_ start: Int) -> Int? {
            var j = start + 1
            while j < bytes.count {
                if bytes[j] == UInt8(ascii: "\\") { j += 2; continue }
                if bytes[j] == UInt8(ascii: "\"") { return j + 1 }
                j += 1
            }
            return nil
        }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { return }
        while i < bytes.count {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(i) else { return nil }
            let key = Array(bytes[(i + 1)..<(keyEnd - 1)])
            i = keyEnd
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            let start = i
            var depth = 0
            scan: while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(i) else { return nil }
                    i = end
                    continue scan
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { break scan }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { break scan }
                default: break
                }
                i += 1
            }
            guard i < bytes.count, i > start else { return nil }
            var end = i
            while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            members.append((key, bytes[start..<end]))
            if bytes[i] == UInt8(ascii: "}") { return }
            i += 1
        }
        return nil
    }

    /// Sets `key` to the raw JSON `value`, replacing a member of that name.
    mutating func set(_ key: String, raw value: [UInt8]) {
        let k = Array(key.utf8)
        if let at = members.firstIndex(where: { $0.key == k }) {
            members[at].value = value[...]
        } else {
            members.append((k, value[...]))
        }
    }

    /// The raw value of `key`, if present.
    func value(_ key: String) -> ArraySlice<UInt8>? {
        let k = Array(key.utf8)
        return members.first { $0.key == k }?.value
    }

    /// The object with its keys in byte order, as `CanonicalJSON` writes them.
    func canonicalText() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(members.reduce(2) { $0 + $1.key.count + $1.value.count + 4 })
        out.append(UInt8(ascii: "{"))
        for (n, member) in members.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }).enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: member.key)
            out.append(contentsOf: "\":".utf8)
            out.append(contentsOf: member.value)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
