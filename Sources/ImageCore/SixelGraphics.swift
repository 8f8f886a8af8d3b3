import CSixel
import Foundation
import TerminalUI

/// DEC sixel output through libsixel: a palette of up to 256 colours built per picture by
/// libsixel (median cut over a sample of at most 18,383 pixels, `SIXEL_QUALITY_HIGH`: 1-3 ms a
/// photo), each pixel matched exactly to it (`Palette.nearestIndices`), and libsixel's encoder
/// fed those indexed pixels (`SIXEL_PIXELFORMAT_PAL8`). libsixel rather than our own encoder: it
/// is the reference implementation (img2sixel).
///
/// No error diffusion: on the three photo-sized JPEGs of `../shared/testimages/photos` at 200x59
/// cells of 10x20 px, Floyd–Steinberg over the exact match scored 1.0-2.3 dB lower (the stream
/// decoded, against the picture sent), and its scattered pixels give libsixel's encoder (a run
/// list per colour per 6-pixel band, most of a sixel picture's CPU) up to 1.4 times the work.
/// What xterm shows is scored by `scripts/sixel_quality.py`, the CPU by `marvel-bench sixel`.
public enum SixelGraphics {
    /// The sixel stream (DCS … ST) of `image`, drawn 1:1 at the cursor.
    public static func encode(_ image: RGBImage, colors: Int = 256) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .invalidArgument("sixel: empty image") }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var output: OpaquePointer?
        var dither: OpaquePointer?
        defer {
            if let output { sixel_output_unref(output) }
            if let dither { sixel_dither_unref(dither) }
        }
        let write: sixel_write_function = { data, size, priv in
            guard let data, let priv, size > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(priv).takeUnretainedValue()
            data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
            }
            return size
        }
        var pixels = image.pixels
        let status: Int32 = withExtendedLifetime(sink) {
            let priv = Unmanaged.passUnretained(sink).toOpaque()
            var rc = sixel_output_new(&output, write, priv, nil)
            if rc != 0 { return rc }
            rc = sixel_dither_new(&dither, Int32(min(max(colors, 2), 256)), nil)
            if rc != 0 { return rc }
            rc = pixels.withUnsafeMutableBufferPointer { px in
                sixel_dither_initialize(dither, px.baseAddress, Int32(image.width), Int32(image.height),
                                        SIXEL_PIXELFORMAT_RGB888, SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_HIGH)
            }
            if rc != 0 { return rc }
            let entries = Int(sixel_dither_get_num_of_palette_colors(dither))
            guard entries > 0, let table = sixel_dither_get_palette(dither) else { return -1 }
            let palette = [UInt8](UnsafeBufferPointer(start: table, count: 3 * entries))
            var indices = pixels.withUnsafeBufferPointer { Palette.nearestIndices($0, palette: palette) }
            sixel_dither_set_pixelformat(dither, SIXEL_PIXELFORMAT_PAL8)
            return indices.withUnsafeMutableBufferPointer { px in
                sixel_encode(px.baseAddress, Int32(image.width), Int32(image.height), 1, dither, output)
            }
        }
        guard status == 0 else { throw .invalidArgument("libsixel failed with status \(status)") }
        return sink.bytes
    }
}

extension SixelGraphics {
    /// A sixel stream back to pixels (libsixel's decoder): for tests and `doctor`-style checks
    /// that what was sent is what was meant.
    public static func decode(_ sixel: [UInt8]) throws(ImageError) -> RGBImage {
        var bytes = sixel
        var pixels: UnsafeMutablePointer<UInt8>?
        var palette: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
        let rc = bytes.withUnsafeMutableBufferPointer { p in
            sixel_decode_raw(p.baseAddress, Int32(p.count), &pixels, &width, &height, &palette, &colors, nil)
        }
        defer {
            free(pixels)
            free(palette)
        }
        guard rc == 0, let pixels, let palette, width > 0, height > 0 else {
            throw .invalidArgument("sixel decode failed with status \(rc)")
        }
        var out = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        for i in 0..<(Int(width) * Int(height)) {
            let c = Int(pixels[i]) * 3
            out[3 * i] = palette[c]
            out[3 * i + 1] = palette[c + 1]
            out[3 * i + 2] = palette[c + 2]
        }
        return RGBImage(width: Int(width), height: Int(height), pixels: out)
    }
}
