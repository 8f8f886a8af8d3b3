import ImageCore

/// The default decoder: ImageCore sniffs the magic bytes and decodes JPEG (libjpeg-turbo),
/// PNG (libpng) or the first frame of a GIF (giflib). The whole picture is kept (no DCT
/// scaling) so other box sizes can be encoded from it; Marvel variants are small. Pixel modes
/// say the size they draw at: a large JPEG is then DCT-scaled to it (`PixelBox` rule).
public struct ImageCoreDecoder: ImageDecoding {
    public var maxPixels: Int
    public init(maxPixels: Int = 16_000_000) { self.maxPixels = maxPixels }

    public func decode(_ data: [UInt8]) throws -> PixelImage {
        try decode(data, cancellation: nil)
    }

    public func decode(_ data: [UInt8], cancellation: DecodeCancellation?) throws -> PixelImage {
        try decode(data, options: DecodeOptions(maxPixels: maxPixels), cancellation: cancellation)
    }

    /// At the drawn size: the smallest DCT scale that still covers `drawnSize` by the pixel
    /// modes' margin (the rule `render` uses, `PixelBox.decodeOptions`).
    /// The limit holds for the pixels decoded: a JPEG above it is decoded at a DCT scale that
    /// fits (at the drawn size, or for half-blocks, `drawnSize` nil, the largest scale under
    /// the limit), so a huge picture from a server is shown, not refused (`render` alike).
    public func decode(_ data: [UInt8], cancellation: DecodeCancellation?, drawnSize: PixelSize?) throws -> DrawnPixels {
        var options = DecodeOptions(maxPixels: maxPixels)
        if let drawnSize {
            options = DecodeOptions(maxPixels: maxPixels, targetSize: drawnSize, dctScaleMargin: PixelBox.dctScaleMargin)
        } else {
            options.reducesToFit = true
        }
        let image = try decode(data, options: options, cancellation: cancellation)
        let full = (try? ImageDecoder.probe(data))?.size
        let reduced = full.map { image.width * image.height < $0.width * $0.height } ?? false
        return DrawnPixels(image: image, reduced: reduced)
    }

    private func decode(_ data: [UInt8], options: DecodeOptions, cancellation: DecodeCancellation?) throws -> PixelImage {
        var options = options
        options.cancellation = cancellation
        do {
            return try ImageDecoder.decode(data, options: options)
        } catch .cancelled {
            throw ImagePipelineError.cancelled
        } catch .damaged(_, let reason, let partial) {
            throw ImagePipelineError.damaged(reason, partial: partial)
        } catch {
            throw ImagePipelineError.undecodable(error)
        }
    }
}
