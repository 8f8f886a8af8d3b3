import TerminalUI
import ImageCore
import MarvelAPI

extension ImageRequest {
    /// The request for a Marvel thumbnail in `box`, naming the smallest variant of `shape` whose
    /// pixels cover what the box shows (Marvel's advice), so a 12×9-cell tile fetches
    /// `portrait_small`, not the full image. Half-block pixels are square: the box is
    /// `cols` × `2·rows` pixels. Placeholder thumbnails keep their URL; the pipeline draws them
    /// locally without downloading.
    public static func marvel(_ image: MarvelImage, box: CellBox, shape: ImageVariant.Shape = .portrait,
                              fit: FitMode = .contain, color: ColorMode = .truecolor,
                              graphics: GraphicsMode = .blocks) -> ImageRequest? {
        // Pixel protocols show the box's real pixels: ask for a variant that covers those.
        let pixels = graphics.usesPixels
            ? (box.cols * graphics.cellPixels.width, box.rows * graphics.cellPixels.height) : nil
        let variant = Self.variant(for: box, shape: shape, fit: fit, pixels: pixels)
        guard let url = image.url(variant) ?? image.url(.fullSize) else { return nil }
        return ImageRequest(url: url.absoluteString, box: box, fit: fit, color: color, graphics: graphics)
    }

    /// The smallest variant of `shape` at least as large as the picture drawn in `box` (or in
    /// `pixels`, the box's pixel size when the terminal draws pixels).
    public static func variant(for box: CellBox, shape: ImageVariant.Shape, fit: FitMode,
                               pixels: (width: Int, height: Int)? = nil) -> ImageVariant {
        // The shape's aspect ratio, from its largest documented size.
        let sizes = ImageVariant.allCases.filter { $0.shape == shape }.compactMap(\.size)
        guard let reference = sizes.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return .detail }
        let bw = Double(pixels?.width ?? box.pixelWidth), bh = Double(pixels?.height ?? box.pixelHeight)
        let sx = bw / Double(reference.width), sy = bh / Double(reference.height)
        let scale = fit == .contain ? min(sx, sy) : max(sx, sy)
        let w = Int((Double(reference.width) * scale).rounded(.up))
        let h = Int((Double(reference.height) * scale).rounded(.up))
        return ImageVariant.smallest(shape, atLeast: min(w, Int(bw)) , fit == .contain ? min(h, Int(bh)) : h)
    }
}
