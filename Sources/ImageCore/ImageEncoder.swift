import TerminalUI
import CImageCodecs

/// JPEG and PNG encoding through the setjmp-guarded shims (libjpeg-turbo, libpng).
public enum ImageEncoder {
    /// Baseline JPEG, 4:2:0 (4:4:4 with `fullChroma`), optimised Huffman tables. `quality` 1...100.
    public static func jpeg(_ image: RGBImage, quality: Int = 85, fullChroma: Bool = false) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .invalidArgument("cannot encode an empty image") }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var status = mg_img_status()
        let rc = image.pixels.withUnsafeBufferPointer { px in
            mg_jpeg_encode(px.baseAddress, Int32(image.width), Int32(image.height), 3, Int32(quality), fullChroma ? 1 : 0,
                           &out, &length, &status)
        }
        return try take(rc: rc, out: out, length: length, status: status, format: .jpeg)
    }

    /// PNG's row filters, as libpng's mask (`png_set_filter`).
    public enum PNGFilter: Int32, Sendable {
        /// libpng's choice (adaptive over all five at the default level).
        case libpng = 0
        case none = 0x08, sub = 0x10, up = 0x20
        case all = 0xF8
    }

    /// 8-bit RGB PNG. `level` 0-9 (nil: libpng's default).
    public static func png(_ image: RGBImage, level: Int? = nil, filter: PNGFilter = .libpng,
                           runLength: Bool = false) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .invalidArgument("cannot encode an empty image") }
        return try png(pixels: image.pixels, width: image.width, height: image.height, channels: 3, level: level, filter: filter,
                       runLength: runLength)
    }

    /// 8-bit PNG from packed RGB (`channels` 3) or RGBA (`channels` 4) samples.
    public static func png(pixels: [UInt8], width: Int, height: Int, channels: Int,
                           level: Int? = nil, filter: PNGFilter = .libpng, runLength: Bool = false) throws(ImageError) -> [UInt8] {
        guard width > 0, height > 0, channels == 3 || channels == 4,
              pixels.count == width * height * channels else {
            throw .invalidArgument("PNG encode: \(pixels.count) bytes for \(width)x\(height)x\(channels)")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var status = mg_img_status()
        let rc = pixels.withUnsafeBufferPointer { px in
            mg_png_encode(px.baseAddress, Int32(width), Int32(height), Int32(channels), Int32(level ?? -1), filter.rawValue, runLength ? 1 : 0, &out, &length, &status)
        }
        return try take(rc: rc, out: out, length: length, status: status, format: .png)
    }

    private static func take(rc: Int32, out: UnsafeMutablePointer<UInt8>?, length: Int,
                             status: mg_img_status, format: ImageFormat) throws(ImageError) -> [UInt8] {
        defer { mg_img_free(out) }
        guard rc == 0, let out else {
            let error = ImageError(status: status, format: format)
            if case let .corrupt(_, reason) = error { throw .encodeFailed(format: format, reason: reason) }
            throw error
        }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }
}
