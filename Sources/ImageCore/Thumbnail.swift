import TerminalUI

/// The whole picture path in one call: decode -> fit -> cells (-> ANSI).
public enum Thumbnail {
    /// Decodes `bytes` and fits the picture into `cols` x `rows` cells. With `.contain` the
    /// cells are the picture's own (possibly fewer than `cols` x `rows`); pass them through
    /// `HalfBlockCells(image:boxCols:boxRows:)` instead to centre them in the box.
    public static func image(_ bytes: [UInt8], cols: Int, rows: Int, fit: FitMode = .contain,
                             maxPixels: Int = DecodeOptions.defaultMaxPixels,
                             background: RGB = .black,
                             dctScaleMargin: Double = DecodeOptions.defaultDCTScaleMargin) throws(ImageError) -> RGBImage {
        guard cols > 0, rows > 0 else { throw .invalidArgument("thumbnail box \(cols)x\(rows) is empty") }
        let box = PixelSize(width: cols, height: rows * 2)
        let options = DecodeOptions(maxPixels: maxPixels, background: background, targetSize: box,
                                    dctScaleMargin: dctScaleMargin)
        do {
            return try ImageDecoder.decode(bytes, options: options).fitted(into: box, mode: fit)
        } catch .damaged(let format, let reason, let partial) {
            // What was recovered is fitted too, so a caller can still show it.
            throw .damaged(format: format, reason: reason, partial: partial.fitted(into: box, mode: fit))
        }
    }

    public static func cells(_ bytes: [UInt8], cols: Int, rows: Int, fit: FitMode = .contain,
                             maxPixels: Int = DecodeOptions.defaultMaxPixels,
                             background: RGB = .black,
                             dctScaleMargin: Double = DecodeOptions.defaultDCTScaleMargin) throws(ImageError) -> HalfBlockCells {
        HalfBlockCells(image: try image(bytes, cols: cols, rows: rows, fit: fit, maxPixels: maxPixels,
                                        background: background, dctScaleMargin: dctScaleMargin))
    }

    /// ANSI text of the picture (only its content rows/cols, no padding).
    public static func ansi(_ bytes: [UInt8], cols: Int, rows: Int, fit: FitMode = .contain,
                            colors: ColorMode = .truecolor, dither: Dither = .diffusion, background: RGB = .black,
                            dctScaleMargin: Double = DecodeOptions.defaultDCTScaleMargin,
                            tolerance: Int = HalfBlockEncoder.defaultTolerance) throws(ImageError) -> [UInt8] {
        let picture = try image(bytes, cols: cols, rows: rows, fit: fit, background: background,
                                dctScaleMargin: dctScaleMargin)
        return HalfBlockEncoder.encode(HalfBlockCells(image: picture.dithered(to: colors, method: dither)), mode: colors,
                                       tolerance: tolerance)
    }
}
