import CImageCodecs
import CSixel
import Foundation
import TerminalUI

/// DEC sixel output: a palette of up to 256 colours built per picture by libsixel (median cut
/// over a sample of at most 18,383 pixels, `SIXEL_QUALITY_HIGH`: 1-3 ms a photo), each pixel
/// matched exactly to it (`Palette.nearestIndices`), and the stream written by `mg_sixel_encode`
/// (CImageCodecs): byte for byte what libsixel's `sixel_encode` writes for those indexed pixels
/// (`SixelBandWriterTests` holds the two side by side), in a seventh to a tenth of its CPU.
/// libsixel's encoder keeps each 6-pixel band's runs in a linked list it walks from the top for
/// every insertion and deletion, quadratic in the runs: 330 ms of the noisy hubble photo at
/// 1353x1180 px, against 36 ms for the same bytes here. None of its settings changes that work
/// (encode policy, palette order, the output buffer); only fewer colours do, at a cost in PSNR.
///
/// No error diffusion: on the three photo-sized JPEGs of `../shared/testimages/photos` at 200x59
/// cells of 10x20 px, Floyd–Steinberg over the exact match scored 1.0-2.3 dB lower (the stream
/// decoded, against the picture sent), and its scattered pixels make up to 1.4 times the runs.
/// What xterm shows is scored by `scripts/sixel_quality.py`, the CPU by `marvel-bench sixel`.
public enum SixelGraphics {
    /// The sixel stream (DCS … ST) of `image`, drawn 1:1 at the cursor.
    public static func encode(_ image: RGBImage, colors: Int = 256) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .invalidArgument("sixel: empty image") }
        let (palette, indices) = try quantized(image, colors: colors)
        return try stream(indices: indices, width: image.width, height: image.height, palette: palette)
    }

    /// The sixel stream of indexed pixels (`width` x `height` palette numbers, row by row) with
    /// `palette` (RGB triples, at most 256) as the colour registers: `mg_sixel_encode`.
    public static func stream(indices: [UInt8], width: Int, height: Int, palette: [UInt8]) throws(ImageError) -> [UInt8] {
        var stream: UnsafeMutablePointer<UInt8>?
        let length = indices.withUnsafeBufferPointer { px in
            palette.withUnsafeBufferPointer { pal in
                mg_sixel_encode(px.baseAddress, Int32(width), Int32(height), pal.baseAddress, Int32(palette.count / 3), &stream)
            }
        }
        defer { mg_sixel_free(stream) }
        guard length > 0, let stream, indices.count >= width * height else {
            throw .invalidArgument("sixel: the stream could not be written")
        }
        return [UInt8](UnsafeBufferPointer(start: stream, count: length))
    }

    /// libsixel's palette for `image` (RGB triples) and each pixel's exact nearest entry in it.
    public static func quantized(_ image: RGBImage, colors: Int = 256) throws(ImageError) -> (palette: [UInt8], indices: [UInt8]) {
        var dither: OpaquePointer?
        defer { if let dither { sixel_dither_unref(dither) } }
        var pixels = image.pixels
        var rc = sixel_dither_new(&dither, Int32(min(max(colors, 2), 256)), nil)
        if rc == 0 {
            rc = pixels.withUnsafeMutableBufferPointer { px in
                sixel_dither_initialize(dither, px.baseAddress, Int32(image.width), Int32(image.height),
                                        SIXEL_PIXELFORMAT_RGB888, SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_HIGH)
            }
        }
        guard rc == 0 else { throw .invalidArgument("libsixel failed with status \(rc)") }
        let entries = Int(sixel_dither_get_num_of_palette_colors(dither))
        guard entries > 0, let table = sixel_dither_get_palette(dither) else { throw .invalidArgument("libsixel made no palette") }
        let palette = [UInt8](UnsafeBufferPointer(start: table, count: 3 * min(entries, 256)))
        let indices = pixels.withUnsafeBufferPointer { Palette.nearestIndices($0, palette: palette) }
        return (palette, indices)
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
