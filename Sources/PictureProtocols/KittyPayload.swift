import CDeflate

/// The one encoder of kitty's pixels: a PNG (`f=100`) with every row Up-filtered and one zlib
/// stream deflated by ISA-L's igzip at level 1 (`mg_fast_png`), for the pictures (ImageCore's
/// `TerminalImages.kittyPNG`) and the canvas alike. Measured per thumbnail fitted to 240x360
/// (`marvel-bench render`, release): libpng at level 1 with Z_RLE costs 2.05 ms (its deflate
/// would be half of `render`'s CPU), libdeflate's level 1 1.29 ms; this is about 0.6 ms for
/// 112 KB, 3 % more than libdeflate's and 1 % more than libpng's. Raw pixels with `o=z`
/// cannot be filtered: zlib level 1 took 3.49 ms for 145 KB (`f=24`), 4.28 ms for 161 KB
/// (`f=32`); uncompressed pixels (chafa's `f=32`, timg's stored PNG) are 2-3x the bytes on an
/// SSH link.
public enum KittyPayload {
    /// `pixels` (packed rows of `channels` samples: 3 RGB, 4 RGBA) as kitty's PNG; nil when the
    /// size does not match or memory ran out.
    public static func png(_ pixels: [UInt8], width: Int, height: Int, channels: Int = 3) -> [UInt8]? {
        guard width > 0, height > 0, channels == 3 || channels == 4, width <= Int(Int32.max), height <= Int(Int32.max),
              pixels.count == width * height * channels else { return nil }
        let bound = mg_fast_png_bound(Int32(width), Int32(height), Int32(channels))
        guard bound > 0 else { return nil }
        var failed = false
        let out = pixels.withUnsafeBufferPointer { px in
            [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                count = mg_fast_png(px.baseAddress, Int32(width), Int32(height), Int32(channels), buffer.baseAddress, bound)
                failed = count == 0
            }
        }
        return failed ? nil : out
    }
}
