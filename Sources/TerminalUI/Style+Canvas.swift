/// The kitty canvas (PictureProtocols' `PixelPictureLayer+KittyCanvas`): while a picture lies
/// under the text, the cells' backgrounds are a picture under everything, and the cells are
/// written on the terminal's default background.
extension Style {
    /// A cell's colours (already at the terminal's depth) over the canvas: the background is
    /// the canvas's, so the cell goes on the default background; reverse video becomes text in
    /// the colour of its background, the terminal's default `background` for the default one
    /// (also under NO_COLOR, where reverse video is all the status bar has: it keeps its look).
    static func onCanvas(_ fg: inout Color, _ bg: inout Color, _ attrs: inout Attributes, background: RGB) {
        if attrs.contains(.reverse) {
            attrs.remove(.reverse)
            fg = bg == .default ? .rgb(background.r, background.g, background.b) : bg
        }
        bg = .default
    }
}
