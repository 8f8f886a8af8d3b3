import TerminalUI
import ImageCore

/// The default renderer: fits the pixels into the box (contain: letterboxed and centred;
/// cover: centre-cropped) with ImageCore's area-average resampling, then half-block cells
/// exactly `box.cols` × `box.rows`. For a palette colour mode (256/16) the pixels are
/// error-diffused onto the palette here, where the whole picture is known; the terminal encoder
/// then maps each pixel to its entry unchanged. When the request names a pixel protocol, the
/// cells also carry the picture encoded for it at the box's exact pixel size.
public struct HalfBlockCellRenderer: CellRendering {
    public init() {}

    public func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage {
        guard image.width > 0, image.height > 0 else { throw ImagePipelineError.render("empty image") }
        let fitted = image.fitted(cols: request.box.cols, rows: request.box.rows, mode: request.fit)
            .dithered(to: request.color)
        var cells = HalfBlockCells(image: fitted, boxCols: request.box.cols, boxRows: request.box.rows)
        // The terminal's own pixels, from the full decode (not the half-block pixels).
        if let hole = request.hole {
            cells.pixelPieces = try TerminalImages.pieces(image, cols: request.box.cols, rows: request.box.rows,
                                                          fit: request.fit, mode: request.graphics, around: hole)
        } else {
            cells.pixels = try TerminalImages.make(image, cols: request.box.cols, rows: request.box.rows,
                                                   fit: request.fit, mode: request.graphics)
        }
        return cells
    }
}
