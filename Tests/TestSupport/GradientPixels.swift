/// RGB pixels (3 bytes each, row by row) of a `width`x`height` picture: red rising left to
/// right, green top to bottom, blue as `blue(x, y)` says. Smooth enough that a JPEG of it
/// keeps its size when DCT-scaled, for the tests that decode big pictures at a drawn size.
public func gradientPixels(width w: Int, height h: Int, blue: (Int, Int) -> UInt8) -> [UInt8] {
    var px = [UInt8](repeating: 0, count: w * h * 3)
    for y in 0..<h {
        for x in 0..<w {
            let i = (y * w + x) * 3
            px[i] = UInt8(x * 255 / w)
            px[i + 1] = UInt8(y * 255 / h)
            px[i + 2] = blue(x, y)
        }
    }
    return px
}
