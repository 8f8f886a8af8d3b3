/// Everything that can go wrong in the image pipeline. Failures reach the app as a
/// `.failed` placeholder; these cases say why (metrics, logs, tests).
public enum ImagePipelineError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The transport failed; `retriable` says whether the retry policy may try again.
    case transport(String, retriable: Bool)
    /// The server answered with an HTTP error status.
    case httpStatus(Int)
    /// The bytes are not an image we can decode.
    case undecodable(String)
    /// The codec recovered a picture from truncated/corrupt data: shown, never cached.
    case damaged(String, partial: PixelImage)
    /// Rendering the pixels into cells failed.
    case render(String)
    /// The URL failed recently and is negative-cached.
    case recentlyFailed
    /// Every requester left while the picture was decoding; the decode stopped early.
    case cancelled
    /// A disk-cache file operation failed (the cache keeps working without it).
    case disk(String)

    public var description: String {
        switch self {
        case .transport(let m, _): return "image download failed: \(m)"
        case .httpStatus(let s): return "image server answered HTTP \(s)"
        case .undecodable(let m): return "image could not be decoded: \(m)"
        case .damaged(let m, _): return "image is damaged (shown as far as it decodes): \(m)"
        case .render(let m): return "image could not be drawn: \(m)"
        case .cancelled: return "image decode cancelled"
        case .recentlyFailed: return "image failed recently; not retried yet"
        case .disk(let m): return "image cache: \(m)"
        }
    }

    /// Whether the retry policy may try the download again.
    public var isRetriable: Bool {
        switch self {
        case .transport(_, let r): return r
        case .httpStatus(let s): return s == 408 || s == 429 || (500...599).contains(s)
        default: return false
        }
    }
}
