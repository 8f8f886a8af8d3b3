import CShims

/// giflib (first frame only) through mg_gif.c.
enum GIFCodec {
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
        guard let dec = mg_gif_open(buf.baseAddress, buf.count, &status) else {
            return .failure(ImageError(status: status, format: .gif))
        }
        defer { mg_gif_close(dec) }
        var w: Int32 = 0, h: Int32 = 0
        mg_gif_info(dec, &w, &h)
        return body(dec, w, h, &status)
    }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        withDecoder(buf) { dec, w, h, status in
            if let error = checkPixelLimit(.gif, width: Int(w), height: Int(h), limit: options.maxPixels) {
                return .failure(error)
            }
            options.withShimLimits { mg_gif_set_limits(dec, $0) }
            let bg = options.background
            return readShimRGB(.gif, width: Int(w), height: Int(h), status: &status) { out, status in
                mg_gif_read_rgb(dec, out, bg.r, bg.g, bg.b, &status)
            }
        }
    }
}
