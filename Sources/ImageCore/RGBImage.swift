import TerminalUI

/// A decoded picture: packed 8-bit RGB rows, no padding, alpha already composited.
/// A value type: copies are cheap until mutated (the pixel array is copy-on-write).
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes, row-major, R G B.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3,
                     "RGBImage: pixel count does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniform image.
    public init(width: Int, height: Int, fill: RGB) {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            px[3 * i] = fill.r
            px[3 * i + 1] = fill.g
            px[3 * i + 2] = fill.b
        }
        self.init(width: width, height: height, pixels: px)
    }

    public subscript(x: Int, y: Int) -> RGB {
        get {
            let i = (y * width + x) * 3
            return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
        }
    }
}
