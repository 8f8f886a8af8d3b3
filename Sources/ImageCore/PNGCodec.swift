import CImageCodecs

/// libpng through the setjmp-guarded shim (mg_png.c).
enum PNGCodec {
    private static let shim = ShimDecoder(format: .png, open: { mg_png_open($0, $1, &$2) },
                                          setLimits: { mg_png_set_limits($0, $1) }, close: { mg_png_close($0) }) { dec in
        var w: Int32 = 0, h: Int32 = 0, alpha: Int32 = 0
        mg_png_info(dec, &w, &h, &alpha)
        return (w, h)
    }

    static func probe(_ buf: UnsafeBufferPointer<UInt8>) -> Result<PixelSize, ImageError> { shim.probe(buf) }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        shim.decodeOverBackground(buf, options: options) { mg_png_read_rgb($0, $1, $2, $3, $4, $5) }
    }
}
