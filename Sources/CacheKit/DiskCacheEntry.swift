/// The on-disk entry format. The key is stored so a directory scan can tell what a file holds;
/// the checksum catches bit flips; the lengths catch truncation.
///
///     0  "MGC1"            4 bytes
///     4  key length        UInt32 LE
///     8  data length       UInt64 LE
///     16 SHA-256(data)     32 bytes
///     48 key bytes, then data bytes
enum DiskCacheEntry {
    static let magic: [UInt8] = Array("MGC1".utf8)
    static let headerSize = 48

    static func encode(key: String, data: [UInt8]) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        var out = [UInt8]()
        out.reserveCapacity(headerSize + keyBytes.count + data.count)
        out += magic
        appendLE(&out, UInt64(keyBytes.count), bytes: 4)
        appendLE(&out, UInt64(data.count), bytes: 8)
        out += SHA256Digest.digest(data)
        out += keyBytes
        out += data
        return out
    }

    enum Problem: Equatable { case short, badMagic, wrongKey, checksum }

    /// The data, or why the file is not a valid entry for `key`.
    static func decode(_ file: [UInt8], key: String) -> Result<[UInt8], DecodeFailure> {
        guard file.count >= headerSize else { return .failure(.init(.short)) }
        guard Array(file[0..<4]) == magic else { return .failure(.init(.badMagic)) }
        let keyLen = Int(readLE(file, at: 4, bytes: 4))
        let dataLen = readLE(file, at: 8, bytes: 8)
        guard dataLen < UInt64(Int.max / 2), headerSize + keyLen + Int(dataLen) == file.count else {
            return .failure(.init(.short))
        }
        let keyBytes = file[headerSize..<(headerSize + keyLen)]
        guard keyBytes.elementsEqual(key.utf8) else { return .failure(.init(.wrongKey)) }
        let data = Array(file[(headerSize + keyLen)...])
        guard SHA256Digest.digest(data) == Array(file[16..<48]) else { return .failure(.init(.checksum)) }
        return .success(data)
    }

    struct DecodeFailure: Error { let problem: Problem; init(_ p: Problem) { problem = p } }

    /// The key stored in a file's header (for scans), or nil if the header is unreadable.
    static func storedKey(_ file: [UInt8]) -> String? {
        guard file.count >= headerSize, Array(file[0..<4]) == magic else { return nil }
        let keyLen = Int(readLE(file, at: 4, bytes: 4))
        guard headerSize + keyLen <= file.count else { return nil }
        return String(decoding: file[headerSize..<(headerSize + keyLen)], as: UTF8.self)
    }

    private static func appendLE(_ out: inout [UInt8], _ v: UInt64, bytes: Int) {
        for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }

    private static func readLE(_ b: [UInt8], at: Int, bytes: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<bytes { v |= UInt64(b[at + i]) << (8 * UInt64(i)) }
        return v
    }
}
