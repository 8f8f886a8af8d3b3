import Digests
import Foundation
import ImageCore

/// Pictures that must not break a client, served only when asked for (`serve --hostile-covers P`,
/// `FaultOptions.hostileCoverRate`), never by the catalog itself: a JPEG whose scan is garbage
/// with no end marker, and a PNG whose header declares 65000×65000 (12 GB of pixels). The same
/// shapes as the test fixtures in Fixtures/hostile (scripts/fixture_art.py).
enum HostileArt {
    enum Kind { case truncatedJPEG, oversizedPNG }

    /// Which hostile picture a token gets at `rate` (0...1): `corrupt_cover` and `oversized_cover`
    /// always (with any rate above 0), other tokens by a hash of the token, so a cover is
    /// hostile at every variant and on every request.
    static func kind(token: String, rate: Double) -> Kind? {
        guard rate > 0 else { return nil }
        switch token {
        case "corrupt_cover": return .truncatedJPEG
        case "oversized_cover": return .oversizedPNG
        default:
            let digest = Digest.sha1(Array(token.utf8))
            let value = digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard Double(value) / Double(UInt32.max) < rate else { return nil }
            return digest[4] & 1 == 0 ? .truncatedJPEG : .oversizedPNG
        }
    }

    static func bytes(_ kind: Kind) -> (bytes: [UInt8], contentType: String) {
        switch kind {
        case .truncatedJPEG: return (truncatedJPEG, "image/jpeg")
        case .oversizedPNG: return (oversizedPNG, "image/png")
        }
    }

    /// A red 300×450 JPEG cut 20 bytes into its scan, then 600 bytes of noise.
    static let truncatedJPEG: [UInt8] = {
        let red = RGBImage(width: 300, height: 450, pixels: [UInt8]((0..<(300 * 450)).flatMap { _ in [200, 30, 30] as [UInt8] }))
        let whole = (try? ImageEncoder.jpeg(red, quality: 80)) ?? [0xFF, 0xD8]
        let scan = (0..<max(0, whole.count - 1)).first { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA } ?? whole.count
        var x: UInt32 = 0x2545_F491
        let noise = (0..<600).map { _ -> UInt8 in
            x ^= x << 13; x ^= x >> 17; x ^= x << 5
            return UInt8(truncatingIfNeeded: x)
        }
        return Array(whole.prefix(scan + 20)) + noise
    }()

    /// 69 bytes: IHDR 65000×65000 RGB, a 12-byte IDAT, IEND (CRCs valid).
    static let oversizedPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D,
        0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0xFD, 0xE8, 0x00, 0x00, 0xFD, 0xE8,
        0x08, 0x02, 0x00, 0x00, 0x00, 0x2D, 0x35, 0x4E, 0x5D, 0x00, 0x00, 0x00,
        0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x68, 0x18, 0xE2, 0x00,
        0x00, 0x32, 0xDD, 0x60, 0x01, 0xAE, 0x89, 0x6D, 0x2D, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
