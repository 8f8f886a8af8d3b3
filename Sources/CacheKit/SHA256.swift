import Digests

/// The disk cache's names and checksums: SHA-256 (the program's one digest, `Digests`).
enum SHA256Digest {
    static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] { Digest.sha256(bytes) }
    static func digest(_ bytes: [UInt8]) -> [UInt8] { Digest.sha256(bytes) }
    static func hex(_ bytes: [UInt8]) -> String { Digest.hex(bytes) }

    /// The file name for a cache key: hex SHA-256 of the key's UTF-8 bytes.
    static func fileName(forKey key: String) -> String {
        hex(digest(Array(key.utf8)))
    }
}
