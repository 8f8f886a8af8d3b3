import COpenSSL
import Foundation

/// Hex digests through OpenSSL's libcrypto (EVP one-shot API).
enum Digest {
    static func md5Hex(_ text: String) -> String { libcryptoHexDigest(Array(text.utf8), EVP_md5()) }
    static func sha256Hex(_ text: String) -> String { libcryptoHexDigest(Array(text.utf8), EVP_sha256()) }
}

/// Lower-case hex of `bytes` hashed with the EVP digest `md` (EVP_md5(), EVP_sha1(), ...).
/// `package`: the catalog's public `Digest` (content hashes, ETags) uses the same code.
package func libcryptoHexDigest(_ bytes: some Collection<UInt8>, _ md: OpaquePointer?) -> String {
    var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let ok = bytes.withContiguousStorageIfAvailable { buffer in
        EVP_Digest(buffer.baseAddress, buffer.count, &out, &length, md, nil)
    } ?? Array(bytes).withUnsafeBufferPointer { buffer in
        EVP_Digest(buffer.baseAddress, buffer.count, &out, &length, md, nil)
    }
    precondition(ok == 1, "EVP_Digest failed")  // only fails on allocation failure
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(Int(length) * 2)
    for byte in out.prefix(Int(length)) {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
}
