import COpenSSL
import Foundation

/// Hex digests through OpenSSL's libcrypto (EVP one-shot API).
enum Digest {
    static func md5Hex(_ text: String) -> String { hex(Array(text.utf8), EVP_md5()) }
    static func sha256Hex(_ text: String) -> String { hex(Array(text.utf8), EVP_sha256()) }

    private static func hex(_ bytes: [UInt8], _ type: OpaquePointer?) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBufferPointer { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, type, nil)
        }
        precondition(ok == 1, "libcrypto digest failed")   // only on allocation failure
        let table = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            out.append(table[Int(byte >> 4)])
            out.append(table[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
