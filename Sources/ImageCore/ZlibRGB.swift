import CDeflate

/// kitty's cheapest compact pixel format (`f=24,o=z`): the picture's 8-bit RGB rows as one
/// zlib stream (RFC 1950), through the CDeflate shim. At level 1 it costs a fraction of a
/// PNG at libpng's default level (no filters, no default-level search) and is still several
/// times smaller than chafa's uncompressed RGBA (`marvel-bench encode` prints both).
public enum ZlibRGB {
    /// zlib's fastest level: the CPU is the point; higher levels save few bytes on photos.
    public static let defaultLevel = 1

    /// The stream for `image` at `level` (1-9).
    public static func encode(_ image: RGBImage, level: Int = defaultLevel) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 3 else {
            throw .invalidArgument("zlib RGB encode: \(image.pixels.count) bytes for \(image.width)x\(image.height)")
        }
        let capacity = mg_zlib_bound(image.pixels.count)
        var out = [UInt8](repeating: 0, count: capacity)
        let written = image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                mg_zlib_compress(px.baseAddress, px.count, Int32(min(max(level, 1), 9)), o.baseAddress, capacity)
            }
        }
        guard written > 0 else { throw .outOfMemory }
        out.removeSubrange(written...)
        return out
    }

    /// The inverse, for checking what a stream shows: exactly `width` x `height` RGB pixels.
    public static func decode(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError) -> RGBImage {
        guard width > 0, height > 0, width * height <= DecodeOptions.defaultMaxPixels else {
            throw .invalidArgument("zlib RGB decode: bad size \(width)x\(height)")
        }
        let count = width * height * 3
        var pixels = [UInt8](repeating: 0, count: count)
        let written = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { o in
                mg_zlib_uncompress(input.baseAddress, input.count, o.baseAddress, count)
            }
        }
        guard written == count else {
            throw .invalidArgument("zlib RGB decode: \(written) of \(count) bytes (corrupt or wrong size)")
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
