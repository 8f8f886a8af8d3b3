import COpenSSL
import Foundation
import MarvelAPI

/// Hex digests through libcrypto's EVP interface (content hashes of images, ETags, signatures).
public enum Digest {
    public static func sha1Hex(_ bytes: some Collection<UInt8>) -> String { libcryptoHexDigest(bytes, EVP_sha1()) }
    public static func sha1Hex(_ text: String) -> String { sha1Hex(Array(text.utf8)) }
    public static func md5Hex(_ text: String) -> String { libcryptoHexDigest(Array(text.utf8), EVP_md5()) }
}
