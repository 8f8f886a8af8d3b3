import CImageCodecs

/// A flag another thread raises to stop a running decode. The codecs poll it between rows,
/// scans and frames and then fail with `ImageError.cancelled`; raising it is cheap and
/// idempotent. The flag lives in C (an atomic int), so the decode never calls back into Swift.
public final class DecodeCancellation: @unchecked Sendable {
    // Immutable after init; the pointee is only touched through C11 atomics.
    let flag: OpaquePointer

    public init() {
        guard let flag = mg_img_cancel_new() else { fatalError("out of memory allocating a cancel flag") }
        self.flag = flag
    }

    deinit { mg_img_cancel_free(flag) }

    public func cancel() { mg_img_cancel_raise(flag) }

    public var isCancelled: Bool { mg_img_cancel_is_raised(flag) != 0 }
}

extension DecodeOptions {
    /// The shim's view of the limits; valid while `self` (and its cancellation) is alive.
    func withShimLimits<T>(_ body: (UnsafePointer<mg_img_limits>) -> T) -> T {
        var limits = mg_img_limits(max_pixels: maxPixels, max_scans: Int32(clamping: maxScans),
                                   cancel: cancellation?.flag, max_memory: decoderMemoryLimit)
        return withExtendedLifetime(cancellation) { withUnsafePointer(to: &limits, body) }
    }
}
