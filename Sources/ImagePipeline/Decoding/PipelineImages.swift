import TerminalUI
import ImageCore

/// Decoded pixels (ImageCore's packed 8-bit RGB), kept in memory so another box size of the
/// same URL is an encode, not a download.
public typealias PixelImage = RGBImage

/// Ready-to-draw half-block cells (ImageCore's type; the app draws them with its widget).
public typealias CellImage = HalfBlockCells

extension RGBImage {
    /// Bytes held, for the memory cache's accounting (pixels plus struct and array header).
    var cacheCost: Int { pixels.count + MemoryLayout<RGBImage>.stride + 32 }
}

/// Bytes to pixels. The default routes JPEG/PNG/GIF to ImageCore; tests use fakes.
public protocol ImageDecoding: Sendable {
    func decode(_ data: [UInt8]) throws -> PixelImage
    /// The same, stopping early (with `ImagePipelineError.cancelled`) once `cancellation` is raised.
    func decode(_ data: [UInt8], cancellation: DecodeCancellation?) throws -> PixelImage
    /// The same for pictures drawn no larger than `drawnSize` pixels (nil: any size).
    func decode(_ data: [UInt8], cancellation: DecodeCancellation?, drawnSize: PixelSize?) throws -> DrawnPixels
}

extension ImageDecoding {
    /// Decoders that cannot stop early just decode.
    public func decode(_ data: [UInt8], cancellation: DecodeCancellation?) throws -> PixelImage {
        try decode(data)
    }

    /// Decoders that cannot decode at the drawn size decode whole.
    public func decode(_ data: [UInt8], cancellation: DecodeCancellation?, drawnSize: PixelSize?) throws -> DrawnPixels {
        DrawnPixels(image: try decode(data, cancellation: cancellation), reduced: false)
    }
}

/// Pixels decoded for pictures drawn at most `drawnSize` (pixel modes: the largest pixel box
/// waiting for them). `reduced`: decoded below the picture's full size (a JPEG's DCT scaling),
/// so they serve only those boxes and are not kept for other sizes of the URL.
public struct DrawnPixels: Sendable {
    public var image: PixelImage
    public var reduced: Bool
    public init(image: PixelImage, reduced: Bool) {
        self.image = image
        self.reduced = reduced
    }
}

/// Pixels to cells for a request's box, fit and colour mode.
public protocol CellRendering: Sendable {
    func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage
}
