import TerminalUI

/// The canvas: while a kitty picture lies under the text (`ImagePlacement.underText`: an
/// overlay over the grid, a backdrop's panel), the cells' backgrounds are drawn by a picture,
/// the size of the screen with one pixel per cell, under every other picture
/// (`KittyGraphics.placeCanvas`), and the cells themselves are written on the terminal's
/// default background (`Style.onCanvas`).
///
/// Why: with a picture at `z < 0`, kitty 0.26.5 (Debian 12's) draws the cells in passes (its
/// `draw_cells_interleaved`: backgrounds, pictures under the text, "special" cells, text).
/// Under Xvfb with software GL (Mesa llvmpipe) its background and special passes come out one
/// component off: a cell with background (r, g, b) is drawn as (·, r, g) at opacity b
/// (measured: a grey picture over cells of #DDDDDD, #E23636, #808080 and #0000FF came out
/// #11D1D1, #659570, #408080 and #000000; #FF0000, #00FF00 and default cells left it alone).
/// So without the canvas, cells on the default background (black: b = 0) are not drawn at all
/// and show their old glyphs through the help (tile names, the hatching of "not available"
/// tiles), and a panel of #141428 drifts frame by frame to #220606, #3A0A0A, #570E0E. The
/// pictures are drawn right: the canvas paints every background, and cells on the default
/// background make those passes draw nothing. (A terminal whose default background has blue
/// in it still gets the special pass's tint; kitty's default is black.)
extension PixelPictureLayer {
    /// True when a frame keeps a kitty picture under its text.
    public func needsCanvas(_ buffer: Buffer) -> Bool {
        buffer.images.contains { $0.image.graphics == .kitty && !$0.placeholder && $0.underText }
    }

    /// After the frame's placements: the canvas is sent (when the backgrounds changed) and
    /// placed while a picture is under the text, and its placement deleted once none is.
    mutating func drawCanvas(_ frame: inout PictureFrame, into out: inout [UInt8]) {
        let diff = frame.diff
        guard frame.onCanvas else {
            if canvas != nil {
                out.append(contentsOf: KittyGraphics.deletePlacement(id: KittyGraphics.canvasID, placement: 1))
                canvas = nil
            }
            return
        }
        let size = diff.size
        let pixels = Self.canvasPixels(diff.target, depth: frame.depth, defaultColors: frame.defaultColors)
        guard pixels != canvas else { return }
        // Sending it again replaces the picture and drops its placement: placed again.
        out.append(contentsOf: KittyGraphics.transmitCanvas(rgba: pixels, cols: size.width, rows: size.height))
        frame.moveCursor(to: .zero, &out)
        out.append(contentsOf: KittyGraphics.placeCanvas(cols: size.width, rows: size.height))
        canvas = pixels
    }

    /// One opaque RGBA pixel per cell: its background as the terminal would show it (reverse
    /// video swaps the colours; the default colours are kitty's own defaults).
    static func canvasPixels(_ buffer: Buffer, depth: ColorDepth, defaultColors: TerminalColors) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(buffer.size.width * buffer.size.height * 4)
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                let reverse = style.attributes.contains(.reverse)
                switch (reverse ? style.foreground : style.background).downgraded(to: depth) {
                case .rgb(let r, let g, let b): out.append(contentsOf: [r, g, b, 255])
                case .indexed(let n):
                    let c = Palette.rgb(ofIndex: n)
                    out.append(contentsOf: [c.r, c.g, c.b, 255])
                case .default:
                    // The terminal's default colours (as it said, else kitty's own).
                    let c = reverse ? defaultColors.foreground : defaultColors.background
                    out.append(contentsOf: [c.r, c.g, c.b, 255])
                }
            }
        }
        return out
    }
}
