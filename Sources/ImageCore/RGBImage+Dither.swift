import TerminalUI

extension RGBImage {
    /// The picture with every pixel on the palette of `depth`, by `method`
    /// (`TerminalUI.Palette.dither`, the program's one quantiser); unchanged for truecolor/none.
    public func dithered(to depth: ColorMode, method: Dither = .diffusion) -> RGBImage {
        var copy = self
        Palette.dither(&copy.pixels, width: width, height: height, depth: depth, method: method)
        return copy
    }
}
