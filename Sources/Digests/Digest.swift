import COpenSSL

/// Hex digests through OpenSSL's libcrypto (the EVP one-shot API, the non-deprecated one in
/// OpenSSL 3): request signatures (MD5), content hashes and ETags (SHA-1), cache file names and
/// checksums (SHA-256). The one place in the program that calls libcrypto.
public enum Digest {
    public static func md5Hex(_ text: String) -> String { hex(digest(Array(text.utf8), EVP_md5())) }
    public static func sha1Hex(_ bytes: some Collection<UInt8>) -> String { hex(digest(bytes, EVP_sha1())) }
    public static func sha1Hex(_ text: String) -> String { sha1Hex(Array(text.utf8)) }
    /// The 20 bytes of SHA-1.
    public static func sha1(_ bytes: some Collection<UInt8>) -> [UInt8] { digest(bytes, EVP_sha1()) }
    public static func sha256Hex(_ text: String) -> String { hex(sha256(Array(text.utf8))) }
    /// The 32 bytes of SHA-256.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] { digest(bytes, EVP_sha256()) }

    /// SHA-1 hex of several byte runs taken as one (a page hashed from its pieces without
    /// joining them first): `body` hands each run to `update` in order.
    public static func sha1Hex(parts body: (_ update: (UnsafeRawBufferPointer) -> Void) -> Void) -> String {
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(context) }
        precondition(EVP_DigestInit_ex(context, EVP_sha1(), nil) == 1, "EVP_DigestInit_ex failed")
        body { bytes in
            guard bytes.count > 0 else { return }
            precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "EVP_DigestUpdate failed")
        }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        precondition(EVP_DigestFinal_ex(context, &out, &length) == 1, "EVP_DigestFinal_ex failed")
        return hex(Array(out.prefix(Int(length))))
    }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Call first thing in `main`, before anything (libcurl included) initialises libcrypto:
    /// no OpenSSL cleanup at exit. Server handlers and pipeline workers may still be hashing
    /// when the process ends, and after OpenSSL's atexit cleanup their digests crash (seen
    /// after `q` in the gallery and in the startup benchmark).
    public static func keepLibcryptoUntilExit() {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
    }

    /// `bytes` hashed with the EVP digest `md` (EVP_md5(), EVP_sha1(), ...).
    private static func digest(_ bytes: some Collection<UInt8>, _ md: OpaquePointer?) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withContiguousStorageIfAvailable { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &out, &length, md, nil)
        } ?? Array(bytes).withUnsafeBufferPointer { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &out, &length, md, nil)
        }
        precondition(ok == 1, "EVP_Digest failed")  // only fails on allocation failure
        return Array(out.prefix(Int(length)))
    }
}
