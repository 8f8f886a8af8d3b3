import TerminalUI
import ImageCore

/// The default renderer: fits the pixels into the box (contain: letterboxed and centred;
/// cover: centre-cropped) with ImageCore's area-average resampling, then half-block cells
/// exactly `box.cols` × `box.rows`. For a palette colour mode (256/16) the pixels are
/// error-diffused onto the palette here, where the whole picture is known; the terminal encoder
/// then maps each pixel to its entry unchanged. When the request names a pixel protocol, the
/// cells also carry the picture encoded for it at the box's exact pixel size (in pieces around
/// the request's hole, when it has one).
public struct HalfBlockCellRenderer: CellRendering {
    public init() {}

    public func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage {
        guard image.width > 0, image.height > 0 else { throw ImagePipelineError.render("empty image") }
        let box = request.box
        // With a pixel protocol the picture is fitted once to the cells' true pixel box, and the
        // half-block cells are that same picture (the part of it each cell shows is the same
        // in both), so pixels and half-blocks line up where they meet (the backdrop's panel,
        // an overlay). Half-block cells alone assume 1x2 pixels a cell.
        let pixelBox = Self.pixelBox(for: PixelSize(width: image.width, height: image.height), request: request)
        let pixelFit = TerminalImages.fit(image, cols: pixelBox.cols, rows: pixelBox.rows, fit: request.fit, mode: request.graphics)
        let fitted = (pixelFit.map { $0.image.resized(width: $0.cols, height: $0.rows * 2) }
            ?? image.fitted(cols: box.cols, rows: box.rows, mode: request.fit)).dithered(to: request.color, method: request.dither)
        var cells = HalfBlockCells(image: fitted, boxCols: box.cols, boxRows: box.rows)
        // The terminal's own pixels, from the full decode (not the half-block pixels).
        if let pixelFit, let hole = request.hole, pixelBox == box {
            cells.pixelPieces = try TerminalImages.pieces(pixelFit, mode: request.graphics, around: hole)
        } else if let pixelFit {
            cells.pixels = try TerminalImages.make(pixelFit, mode: request.graphics)
        }
        return cells
    }

    /// The cells the pixel rendition covers: the box, or fewer of the same shape when filling
    /// it would take more than `maxUpscale` of the terminal's pixels per source pixel.
    /// Half-blocks (2 pixels a cell) never come near it.
    public static func pixelBox(for image: PixelSize, request: ImageRequest) -> CellBox {
        let box = request.box
        guard let cap = request.maxUpscale, request.graphics.usesPixels else { return box }
        let cell = request.graphics.cellPixels
        let sx = Double(box.cols * cell.width) / Double(image.width)
        let sy = Double(box.rows * cell.height) / Double(image.height)
        let scale = request.fit == .cover ? max(sx, sy) : min(sx, sy)
        guard scale > cap else { return box }
        let f = cap / scale
        return CellBox(cols: Int(Double(box.cols) * f), rows: Int(Double(box.rows) * f))
    }
}
