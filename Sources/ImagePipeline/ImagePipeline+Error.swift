import HTTPTransport
import ImageCore

/// Everything that can go wrong in the image pipeline. Failures reach the app as a
/// `.failed` placeholder; these cases say why (metrics, logs, tests) and keep the lower layer's
/// error whole (as Nuke's do), so the retry rule and any caller can still look at it.
public enum ImagePipelineError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The transport failed before an HTTP answer.
    case transport(HTTPTransportError)
    /// The server answered with an HTTP error status.
    case httpStatus(Int)
    /// The bytes are not an image we can decode: ImageCore's reason.
    case undecodable(ImageError)
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
        case .transport(let error): return "image download failed: \(error)"
        case .httpStatus(let s): return "image server answered HTTP \(s)"
        case .undecodable(let error): return "image could not be decoded: \(error)"
        case .damaged(let m, _): return "image is damaged (shown as far as it decodes): \(m)"
        case .render(let m): return "image could not be drawn: \(m)"
        case .cancelled: return "image decode cancelled"
        case .recentlyFailed: return "image failed recently; not retried yet"
        case .disk(let m): return "image cache: \(m)"
        }
    }

    /// Whether the download may be tried again: HTTPTransport's one rule.
    public var isRetriable: Bool {
        switch self {
        case .transport(let error): return RetryPolicy.isRetryable(error)
        case .httpStatus(let status): return RetryPolicy.isRetryable(status: status)
        default: return false
        }
    }
}
