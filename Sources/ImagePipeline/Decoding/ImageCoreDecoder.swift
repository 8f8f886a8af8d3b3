import ImageCore

/// The default decoder: ImageCore sniffs the magic bytes and decodes JPEG (libjpeg-turbo),
/// PNG (libpng) or the first frame of a GIF (giflib). The whole picture is kept (no DCT
/// scaling) so other box sizes can be encoded from it; Marvel variants are small.
public struct ImageCoreDecoder: ImageDecoding {
    public var maxPixels: Int
    public init(maxPixels: Int = 16_000_000) { self.maxPixels = maxPixels }

    public func decode(_ data: [UInt8]) throws -> PixelImage {
        try decode(data, cancellation: nil)
    }

    public func decode(_ data: [UInt8], cancellation: DecodeCancellation?) throws -> PixelImage {
        var options = DecodeOptions(maxPixels: maxPixels)
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
