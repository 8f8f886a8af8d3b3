import CShims

/// libjpeg-turbo through the setjmp-guarded shim (mg_jpeg.c).
enum JPEGCodec {
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
        guard let dec = mg_jpeg_open(buf.baseAddress, buf.count, &status) else {
            return .failure(ImageError(status: status, format: .jpeg))
        }
        defer { mg_jpeg_close(dec) }
        var w: Int32 = 0, h: Int32 = 0, comps: Int32 = 0, cmyk: Int32 = 0
        mg_jpeg_info(dec, &w, &h, &comps, &cmyk)
        return body(dec, w, h, &status)
    }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        withDecoder(buf) { dec, w, h, status in
            if let error = checkPixelLimit(.jpeg, width: Int(w), height: Int(h), limit: options.maxPixels) {
                return .failure(error)
            }
            options.withShimLimits { mg_jpeg_set_limits(dec, $0) }
            var denom = 1
            if var target = options.targetSize {
                if options.applyOrientation, EXIFOrientation.read(fromJPEG: buf).swapsAxes {
                    target = PixelSize(width: target.height, height: target.width)
                }
                denom = dctScaleDenominator(source: PixelSize(width: Int(w), height: Int(h)), target: target,
                                            margin: options.dctScaleMargin)
            }
            var ow: Int32 = 0, oh: Int32 = 0
            if mg_jpeg_set_scale(dec, Int32(denom), &ow, &oh, &status) != 0 {
                return .failure(ImageError(status: status, format: .jpeg))
            }
            return readShimRGB(.jpeg, width: Int(ow), height: Int(oh), status: &status) { out, status in
                mg_jpeg_read_rgb(dec, out, &status)
            }
        }
    }

    /// The largest 1/2, 1/4, 1/8 DCT scaling that keeps the decoded picture at least `margin`
    /// times the target in both dimensions (1 = full decode).
    static func dctScaleDenominator(source: PixelSize, target: PixelSize, margin: Double) -> Int {
        guard margin.isFinite, target.width > 0, target.height > 0 else { return 1 }
        for denom in [8, 4, 2] {
            let sw = (source.width + denom - 1) / denom, sh = (source.height + denom - 1) / denom
            if Double(sw) >= margin * Double(target.width) && Double(sh) >= margin * Double(target.height) {
                return denom
            }
        }
        return 1
    }
}
