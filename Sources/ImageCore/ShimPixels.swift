import TerminalUI
import CImageCodecs

/// Reads a `width x height` RGB picture through one of the shims' `*_read_rgb` calls. Every shim
/// follows the same contract (non-zero return = failure, details in `status`), and on failure the
/// buffer is still zero-filled so the array is fully initialised before it is dropped. A return
/// of 1 with `MG_IMG_DAMAGED` keeps the recovered pixels inside `ImageError.damaged`.
func readShimRGB(_ format: ImageFormat, width: Int, height: Int, status: inout mg_img_status,
                 _ read: (UnsafeMutablePointer<UInt8>?, inout mg_img_status) -> Int32) -> Result<RGBImage, ImageError> {
    let count = width * height * 3
    var failed = false, damaged = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
        let rc = read(out.baseAddress, &status)
        if rc == 1 && status.code == Int32(MG_IMG_DAMAGED) {
            damaged = true
        } else if rc != 0 {
            failed = true
            out.initialize(repeating: 0)
        }
        initialized = count
    }
    if failed { return .failure(ImageError(status: status, format: format)) }
    let image = RGBImage(width: width, height: height, pixels: pixels)
    if damaged {
        guard case let .corrupt(_, reason) = ImageError(status: status, format: format) else { return .success(image) }
        return .failure(.damaged(format: format, reason: reason, partial: image))
    }
    return .success(image)
}

/// One codec's shim decoder: open (header only), limits, close, size. Probe and decode share the
/// frame around the read; each codec names its C calls once.
struct ShimDecoder: Sendable {
    let format: ImageFormat
    let open: @Sendable (UnsafePointer<UInt8>?, Int, inout mg_img_status) -> OpaquePointer?
    let setLimits: @Sendable (OpaquePointer, UnsafePointer<mg_img_limits>) -> Void
    let close: @Sendable (OpaquePointer) -> Void
    let size: @Sendable (OpaquePointer) -> (width: Int32, height: Int32)

    /// Opens the decoder and reads the header size; the decoder is closed when `body` returns.
    func with<T>(_ buf: UnsafeBufferPointer<UInt8>,
                 _ body: (OpaquePointer, Int32, Int32, inout mg_img_status) -> Result<T, ImageError>) -> Result<T, ImageError> {
        with(opening: { open(buf.baseAddress, buf.count, &$0) }, body)
    }

    /// `with` for a decoder opened some other way (a JPEG streamed from a file).
    func with<T>(opening: (inout mg_img_status) -> OpaquePointer?,
                 _ body: (OpaquePointer, Int32, Int32, inout mg_img_status) -> Result<T, ImageError>) -> Result<T, ImageError> {
        var status = mg_img_status()
        guard let dec = opening(&status) else {
            return .failure(ImageError(status: status, format: format))
        }
        defer { close(dec) }
        let (w, h) = size(dec)
        return body(dec, w, h, &status)
    }

    func probe(_ buf: UnsafeBufferPointer<UInt8>) -> Result<PixelSize, ImageError> {
        with(buf) { _, w, h, _ in .success(PixelSize(width: Int(w), height: Int(h))) }
    }

    /// Opens, refuses a header beyond the pixel limit before anything is allocated, applies the
    /// work limits and the cancel flag, then lets `read` decode.
    func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions,
                _ read: (OpaquePointer, Int32, Int32, inout mg_img_status) -> Result<RGBImage, ImageError>)
        -> Result<RGBImage, ImageError> {
        decode(opening: { open(buf.baseAddress, buf.count, &$0) }, options: options, read)
    }

    /// `limitsOutput`: the codec decodes below full size and checks the size it decodes at
    /// itself (JPEG's DCT scaling, `JPEGCodec`), so the header is not held to `maxPixels` here.
    func decode(opening: (inout mg_img_status) -> OpaquePointer?, options: DecodeOptions, limitsOutput: Bool = false,
                _ read: (OpaquePointer, Int32, Int32, inout mg_img_status) -> Result<RGBImage, ImageError>)
        -> Result<RGBImage, ImageError> {
        with(opening: opening) { dec, w, h, status in
            if !limitsOutput, let error = checkPixelLimit(format, width: Int(w), height: Int(h), limit: options.maxPixels) {
                return .failure(error)
            }
            options.withShimLimits { setLimits(dec, $0) }
            return read(dec, w, h, &status)
        }
    }

    /// `decode` for the codecs whose read composites alpha over the options' background
    /// (`mg_png_read_rgb`, `mg_gif_read_rgb`).
    func decodeOverBackground(
        _ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions,
        _ read: (OpaquePointer, UnsafeMutablePointer<UInt8>?, UInt8, UInt8, UInt8, UnsafeMutablePointer<mg_img_status>) -> Int32
    ) -> Result<RGBImage, ImageError> {
        decode(buf, options: options) { dec, w, h, status in
            let bg = options.background
            return readShimRGB(format, width: Int(w), height: Int(h), status: &status) { out, status in
                read(dec, out, bg.r, bg.g, bg.b, &status)
            }
        }
    }
}
