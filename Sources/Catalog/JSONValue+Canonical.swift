import Foundation

extension JSONValue {
    /// The text `CanonicalJSON` writes for what JSONSerialization reads from this value (keys in
    /// byte order, no white space, slashes unescaped), made from the bytes: members are put in
    /// order and every value is copied as it stands when it is already written that way.
    /// `omitting` names top-level members to leave out. Throws `Unsupported` where the two
    /// could differ (duplicate or escaped keys, an integral number of 1e15 or more written with
    /// a fraction or exponent), and the caller takes the Foundation path.
    func canonicalText(omitting: [String] = []) throws -> String {
        let node = tape.nodes[index]
        return try tape.bytes.withUnsafeBufferPointer { bytes in
            try tape.nodes.withUnsafeBufferPointer { nodes in
                var writer = CanonicalWriter(bytes: bytes, nodes: nodes)
                writer.out.reserveCapacity(Int(node.end - node.start) + 16)
                try writer.write(index, omitting: omitting.map { Array($0.utf8) })
                return String(decoding: writer.out, as: UTF8.self)
            }
        }
    }
}

private struct CanonicalWriter {
    let bytes: UnsafeBufferPointer<UInt8>
    let nodes: UnsafeBufferPointer<JSONTape.Node>
    var out: [UInt8] = []
    /// Members of the objects being written, innermost last: (key node, value node).
    private var stack: [(key: Int32, value: Int32)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<JSONTape.Node>) {
        self.bytes = bytes
        self.nodes = nodes
    }

    private func raw(_ node: JSONTape.Node) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
    }

    private func keyPrecedes(_ a: Int32, _ b: Int32) -> Bool { Self.keyPrecedes(a, b, bytes, nodes) }

    /// Key order: by UTF-8 bytes, a prefix first (`String.utf8.lexicographicallyPrecedes`).
    private static func keyPrecedes(_ a: Int32, _ b: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                                    _ nodes: UnsafeBufferPointer<JSONTape.Node>) -> Bool {
        func raw(_ node: JSONTape.Node) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
        }
        let x = raw(nodes[Int(a)]), y = raw(nodes[Int(b)])
        let common = Swift.min(x.count, y.count)
        if common > 0 {
            let order = memcmp(x.baseAddress!, y.baseAddress!, common)
            if order != 0 { return order < 0 }
        }
        return x.count < y.count
    }

    mutating func write(_ index: Int, omitting: [[UInt8]] = []) throws {
        let node = nodes[index]
        switch node.kind {
        case .object:
            let base = stack.count
            var i = index + 1
            while i < Int(node.next) {
                let key = nodes[i]
                guard !key.special else { throw JSONTape.Unsupported(description: "escaped key") }
                if omitting.isEmpty || !omitting.contains(where: { $0.elementsEqual(raw(key)) }) {
                    stack.append((Int32(i), Int32(i + 1)))
                }
                i = Int(nodes[i + 1].next)
            }
            let (bytes, nodes) = (bytes, nodes)
            stack[base...].sort { Self.keyPrecedes($0.key, $1.key, bytes, nodes) }
            out.append(UInt8(ascii: "{"))
            for n in base..<stack.count {
                let (key, value) = stack[n]
                if n > base {
                    guard keyPrecedes(stack[n - 1].key, key) else { throw JSONTape.Unsupported(description: "duplicate key") }
                    out.append(UInt8(ascii: ","))
                }
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: raw(nodes[Int(key)]))
                out.append(contentsOf: "\":".utf8)
                try write(Int(value))
            }
            out.append(UInt8(ascii: "}"))
            stack.removeSubrange(base...)
        case .array:
            out.append(UInt8(ascii: "["))
            var i = index + 1
            while i < Int(node.next) {
                if i > index + 1 { out.append(UInt8(ascii: ",")) }
                try write(i)
                i = Int(nodes[i].next)
            }
            out.append(UInt8(ascii: "]"))
        case .string where node.special:
            let text = String(decoding: try JSONValue.unescape(ArraySlice(raw(node))), as: UTF8.self)
            CanonicalJSON.writeString(text, into: &out)
        case .string:
            // No escapes, and the parser refused control characters: nothing to escape.
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: raw(node))
            out.append(UInt8(ascii: "\""))
        case .number where node.special:
            // JSONSerialization reads a fraction or exponent as a double (an integral one
            // below 1e15 is written as an integer either way): `75.0` is stored as `75`.
            let text = String(decoding: raw(node), as: UTF8.self)
            guard let double = Double(text), double.isFinite, double != double.rounded() || abs(double) < 1e15 else {
                throw JSONTape.Unsupported(description: "number \(text)")
            }
            out.append(contentsOf: CanonicalJSON.doubleText(double).utf8)
        case .number, .true, .false, .null:
            out.append(contentsOf: raw(node))
        }
    }
}
