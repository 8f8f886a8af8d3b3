import ImageCore

/// The default renderer: fits the pixels into the box (contain: letterboxed and centred;
/// cover: centre-cropped) with ImageCore's area-average resampling, then half-block cells
/// exactly `box.cols` × `box.rows`. The colour mode is applied when the cells are encoded for
/// the terminal, so the cells keep full RGB.
public struct HalfBlockCellRenderer: CellRendering {
    public init() {}

    public func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage {
        guard image.width > 0, image.height > 0 else { throw ImagePipelineError.render("empty image") }
        let fitted = image.fitted(cols: request.box.cols, rows: request.box.rows, mode: request.fit)
        return HalfBlockCells(image: fitted, boxCols: request.box.cols, boxRows: request.box.rows)
    }
}
