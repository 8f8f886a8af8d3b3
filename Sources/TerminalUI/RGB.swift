/// An 8-bit sRGB colour: one pixel. The program's one RGB type (ImageCore decodes into it,
/// the screens draw it).
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)

    public var color: Color { .rgb(r, g, b) }
    public var description: String { "rgb(\(r),\(g),\(b))" }
}
