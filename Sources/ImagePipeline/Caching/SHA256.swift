import COpenSSL

/// SHA-256 through libcrypto's EVP interface (the non-deprecated one in OpenSSL 3).
enum SHA256Digest {
    static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var size: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { o in
            EVP_Digest(bytes.baseAddress, bytes.count, o.baseAddress, &size, EVP_sha256(), nil)
        }
        precondition(ok == 1 && size == 32, "EVP_Digest(SHA-256) failed")
        return out
    }

    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { digest($0) }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var s = [UInt8]()
        s.reserveCapacity(bytes.count * 2)
        for b in bytes { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 15)]) }
        return String(decoding: s, as: UTF8.self)
    }

    /// The file name for a cache key: hex SHA-256 of the key's UTF-8 bytes.
    static func fileName(forKey key: String) -> String {
        hex(digest(Array(key.utf8)))
    }
}
