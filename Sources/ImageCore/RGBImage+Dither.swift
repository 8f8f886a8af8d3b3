import TerminalUI

extension RGBImage {
    /// The picture with every pixel on the palette of `depth`, error-diffused
    /// (`TerminalUI.Palette.dither`, the program's one quantiser); unchanged for truecolor/none.
    public func dithered(to depth: ColorMode) -> RGBImage {
        var copy = self
        Palette.dither(&copy.pixels, width: width, height: height, depth: depth)
        return copy
    }
}
