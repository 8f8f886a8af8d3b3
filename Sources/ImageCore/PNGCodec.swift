import CShims

/// libpng through the setjmp-guarded shim (mg_png.c).
enum PNGCodec {
    static func probe(_ buf: UnsafeBufferPointer<UInt8>) -> Result<PixelSize, ImageError> {
        var status = mg_img_status()
        guard let dec = mg_png_open(buf.baseAddress, buf.count, &status) else {
            return .failure(ImageError(status: status, format: .png))
        }
        defer { mg_png_close(dec) }
        var w: Int32 = 0, h: Int32 = 0, alpha: Int32 = 0
        mg_png_info(dec, &w, &h, &alpha)
        return .success(PixelSize(width: Int(w), height: Int(h)))
    }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        var status = mg_img_status()
        guard let dec = mg_png_open(buf.baseAddress, buf.count, &status) else {
            return .failure(ImageError(status: status, format: .png))
        }
        defer { mg_png_close(dec) }
        var w: Int32 = 0, h: Int32 = 0, alpha: Int32 = 0
        mg_png_info(dec, &w, &h, &alpha)
        if let error = checkPixelLimit(.png, width: Int(w), height: Int(h), limit: options.maxPixels) {
            return .failure(error)
        }
        let count = Int(w) * Int(h) * 3
        var failed = false
        let bg = options.background
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            if mg_png_read_rgb(dec, out.baseAddress, bg.r, bg.g, bg.b, &status) != 0 {
                failed = true
                out.initialize(repeating: 0)
            }
            initialized = count
        }
        if failed { return .failure(ImageError(status: status, format: .png)) }
        return .success(RGBImage(width: Int(w), height: Int(h), pixels: pixels))
    }
}
