/// Standard base64 (RFC 4648, padded), for the image payloads and OSC 52: table-driven over
/// contiguous buffers and written straight into the output (kitty's APC chunks take it with no
/// whole base64 copy in between): 2.7 % of `render`'s CPU for 100 kitty thumbnails (perf,
/// release), a 240x360 picture's payload being about 145 KB.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The encoded length of `count` bytes.
    public static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: encodedCount(input.count)) { out, count in
                count = encode(input, into: out.baseAddress!)
            }
        }
    }

    /// Encodes `input` at `out` (room for `encodedCount(input.count)` bytes); the bytes written.
    @discardableResult
    public static func encode(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        alphabet.withUnsafeBufferPointer { table in
            let a = table.baseAddress!
            var i = 0, o = 0
            let n = input.count
            guard let p = input.baseAddress else { return 0 }
            while i + 3 <= n {
                let v = UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2])
                out[o] = a[Int(v >> 18)]
                out[o + 1] = a[Int(v >> 12 & 63)]
                out[o + 2] = a[Int(v >> 6 & 63)]
                out[o + 3] = a[Int(v & 63)]
                i += 3
                o += 4
            }
            let rest = n - i
            if rest > 0 {
                let v = UInt32(p[i]) << 16 | (rest == 2 ? UInt32(p[i + 1]) << 8 : 0)
                out[o] = a[Int(v >> 18)]
                out[o + 1] = a[Int(v >> 12 & 63)]
                out[o + 2] = rest == 2 ? a[Int(v >> 6 & 63)] : UInt8(ascii: "=")
                out[o + 3] = UInt8(ascii: "=")
                o += 4
            }
            return o
        }
    }
}
