import CShims

/// libpng through the setjmp-guarded shim (mg_png.c).
enum PNGCodec {
    static func probe(_ buf: UnsafeBufferPointer<UInt8>) -> Result<PixelSize, ImageError> {
        withDecoder(buf) { _, w, h, _ in .success(PixelSize(width: Int(w), height: Int(h))) }
    }

    /// Opens the shim decoder and reads the header size (the part probe and decode share);
    /// the decoder is closed again when `body` returns.
    private static func withDecoder<T>(
        _ buf: UnsafeBufferPointer<UInt8>,
        _ body: (OpaquePointer, Int32, Int32, inout mg_img_status) -> Result<T, ImageError>
    ) -> Result<T, ImageError> {
        var status = mg_img_status()
        guard let dec = mg_png_open(buf.baseAddress, buf.count, &status) else {
            return .failure(ImageError(status: status, format: .png))
        }
        defer { mg_png_close(dec) }
        var w: Int32 = 0, h: Int32 = 0, alpha: Int32 = 0
        mg_png_info(dec, &w, &h, &alpha)
        return body(dec, w, h, &status)
    }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        withDecoder(buf) { dec, w, h, status in
            if let error = checkPixelLimit(.png, width: Int(w), height: Int(h), limit: options.maxPixels) {
                return .failure(error)
            }
            options.withShimLimits { mg_png_set_limits(dec, $0) }
            let bg = options.background
            return readShimRGB(.png, width: Int(w), height: Int(h), status: &status) { out, status in
                mg_png_read_rgb(dec, out, bg.r, bg.g, bg.b, &status)
            }
        }
    }
}
