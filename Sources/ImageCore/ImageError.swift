/// Every failure of ImageCore: decoding, limits, encoding, bad arguments.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The magic bytes match no supported format (JPEG, PNG, GIF).
    case unknownFormat
    /// The codec library rejected the data (truncated, corrupt, bad marker, CRC...).
    case corrupt(format: ImageFormat, reason: String)
    /// Valid but not supported (e.g. 12-bit JPEG).
    case unsupported(format: ImageFormat, reason: String)
    /// The header announces more pixels than allowed; nothing was allocated.
    case imageTooLarge(width: Int, height: Int, limit: Int)
    case outOfMemory
    /// A work limit beyond the picture's size was hit (a GIF frame larger than allowed...).
    case limitExceeded(format: ImageFormat, reason: String)
    /// The decode's `DecodeCancellation` was raised; the partial pixels were dropped.
    case cancelled
    /// The library decoded the picture but warned that its data is truncated or corrupt:
    /// `partial` is what it recovered (grey where data was missing). Show it, never cache it.
    case damaged(format: ImageFormat, reason: String, partial: RGBImage)
    case encodeFailed(format: ImageFormat, reason: String)
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .empty: return "empty input: no image data"
        case .unknownFormat: return "not a JPEG, PNG or GIF image (unrecognised magic bytes)"
        case let .corrupt(format, reason): return "corrupt \(format.rawValue.uppercased()) data: \(reason)"
        case let .unsupported(format, reason): return "unsupported \(format.rawValue.uppercased()): \(reason)"
        case let .imageTooLarge(w, h, limit):
            return "image too large: \(w)x\(h) = \(w * h) pixels exceeds the limit of \(limit)"
        case .outOfMemory: return "out of memory while decoding"
        case let .limitExceeded(format, reason): return "\(format.rawValue.uppercased()) too costly to decode: \(reason)"
        case .cancelled: return "decode cancelled"
        case let .damaged(format, reason, _): return "damaged \(format.rawValue.uppercased()) data: \(reason)"
        case let .encodeFailed(format, reason): return "\(format.rawValue.uppercased()) encoding failed: \(reason)"
        case let .invalidArgument(what): return "invalid argument: \(what)"
        }
    }
}
