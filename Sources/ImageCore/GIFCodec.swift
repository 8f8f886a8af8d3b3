import CImageCodecs

/// giflib (first frame only) through mg_gif.c.
enum GIFCodec {
    private static let shim = ShimDecoder(format: .gif, open: { mg_gif_open($0, $1, &$2) },
                                          setLimits: { mg_gif_set_limits($0, $1) }, close: { mg_gif_close($0) }) { dec in
        var w: Int32 = 0, h: Int32 = 0
        mg_gif_info(dec, &w, &h)
        return (w, h)
    }

    static func probe(_ buf: UnsafeBufferPointer<UInt8>) -> Result<PixelSize, ImageError> { shim.probe(buf) }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        shim.decodeOverBackground(buf, options: options) { mg_gif_read_rgb($0, $1, $2, $3, $4, $5) }
    }
}
