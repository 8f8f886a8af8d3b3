/// A seeded random number generator (SplitMix64), so mutation tests replay the same inputs.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// One seeded mutation of `seed`: a truncation, 1-16 bit flips, or a run of 0x00 or 0xFF
    /// bytes (runs stress JPEG markers and GIF LZW codes).
    public mutating func mutation(of seed: [UInt8]) -> [UInt8] {
        var bytes = seed
        guard !bytes.isEmpty else { return bytes }
        switch next() % 3 {
        case 0: bytes = Array(bytes.prefix(Int(next() % UInt64(bytes.count))))
        case 1:
            for _ in 0..<(1 + Int(next() % 16)) {
                let at = Int(next() % UInt64(bytes.count))
                bytes[at] ^= UInt8(1) << UInt8(next() % 8)
            }
        default:
            let at = Int(next() % UInt64(bytes.count))
            let run = min(bytes.count - at, 1 + Int(next() % 64))
            let value: UInt8 = next() % 2 == 0 ? 0 : 0xFF
            for j in at..<(at + run) { bytes[j] = value }
        }
        return bytes
    }
}
