import TerminalUI
import CImageCodecs
import Foundation

/// A pixel size, e.g. the box a picture will be fitted into.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public var description: String { "\(width)x\(height)" }
}

/// How to decode: limits, background for alpha, optional DCT-domain downscaling.
public struct DecodeOptions: Sendable {
    /// Pictures whose header announces more pixels fail with `imageTooLarge` before allocation.
    public var maxPixels: Int
    /// Alpha (PNG, GIF transparency) is composited over this colour.
    public var background: RGB
    /// The size the picture will be resampled to next, if known. JPEGs may then be decoded with
    /// libjpeg's DCT scaling (1/2, 1/4, 1/8), but only while the decoded size stays at least
    /// `dctScaleMargin` times this size. Measured with render_quality.py (box reference, 24x18
    /// cells): margin 8 keeps >= 49.9 dB agreement with a full decode + area average (invisible;
    /// the q85 JPEG itself is ~38 dB), margin 4 drops single images to 38 dB and margin 2 to
    /// 30.7 dB. So the default 8 scales only large originals; Marvel thumbnails are decoded whole.
    /// `.infinity` disables DCT scaling.
    public var targetSize: PixelSize?
    public var dctScaleMargin: Double
    /// Apply the EXIF orientation tag of JPEGs (rotate/flip to upright).
    public var applyOrientation: Bool
    /// JPEG progressive scans allowed (encoders write about 10; thousands are a CPU bomb).
    public var maxScans: Int = DecodeOptions.defaultMaxScans
    /// Without a `targetSize`: a JPEG above `maxPixels` is decoded at the largest DCT scale
    /// (1/2, 1/4, 1/8) that fits the limit instead of being refused (the image pipeline's
    /// half-block path, which keeps the pixels for boxes of any size).
    public var reducesToFit = false
    /// Raised by another thread to stop this decode between rows/scans (`ImageError.cancelled`).
    public var cancellation: DecodeCancellation?

    public static let defaultMaxPixels = 40_000_000
    /// A JPEG decoded below full size (DCT scaling, `targetSize`) is held to `maxPixels` at the
    /// size it is decoded at; the file itself may have up to this many times more pixels (640 MP
    /// at the default: its entropy data is still read whole, so this bounds the work).
    public static let scaledSourceFactor = 16

    /// The most pixels a JPEG decoded below full size may have at full size.
    public var maxScaledSourcePixels: Int {
        let (n, overflow) = maxPixels.multipliedReportingOverflow(by: DecodeOptions.scaledSourceFactor)
        return overflow ? Int.max : n
    }

    /// Bytes libjpeg may hold for whole-image buffers (a progressive JPEG keeps every DCT
    /// coefficient of the full-size picture, 2 bytes a sample, whatever the scale): 8 bytes per
    /// pixel of `maxPixels`, what a full-size decode within the limit needed at most (3 or 4
    /// unsubsampled components), at least 16 MB; 0 (no limit) when that overflows.
    public var decoderMemoryLimit: Int {
        let (n, overflow) = maxPixels.multipliedReportingOverflow(by: 8)
        return overflow ? 0 : max(n, 16 << 20)
    }
    public static let defaultMaxScans = 100
    public static let defaultDCTScaleMargin = 8.0

    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, background: RGB = .black,
                targetSize: PixelSize? = nil, dctScaleMargin: Double = DecodeOptions.defaultDCTScaleMargin,
                applyOrientation: Bool = true) {
        self.maxPixels = maxPixels
        self.background = background
        self.targetSize = targetSize
        self.dctScaleMargin = dctScaleMargin
        self.applyOrientation = applyOrientation
    }
}

/// The single decoding entry: sniffs the format from magic bytes and runs the matching codec.
public enum ImageDecoder {
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(ImageError) -> RGBImage {
        if bytes.isEmpty { throw .empty }
        guard let format = ImageFormat.sniff(bytes) else { throw .unknownFormat }
        let result: Result<RGBImage, ImageError> = bytes.withUnsafeBufferPointer { buf in
            switch format {
            case .jpeg: return JPEGCodec.decode(buf, options: options)
            case .png: return PNGCodec.decode(buf, options: options)
            case .gif: return GIFCodec.decode(buf, options: options)
            }
        }
        let orient = { (image: RGBImage) -> RGBImage in
            guard format == .jpeg, options.applyOrientation else { return image }
            return image.oriented(EXIFOrientation.read(fromJPEG: bytes))
        }
        switch result {
        case .success(let image): return orient(image)
        case .failure(.damaged(let format, let reason, let partial)):
            throw .damaged(format: format, reason: reason, partial: orient(partial))
        case .failure(let error): throw error
        }
    }

    /// A JPEG decoded straight from the open file `fd`, never held whole in memory: libjpeg
    /// reads it a few KB at a time (only the first 128 KiB are read up front, for the format
    /// and the EXIF orientation). With DCT scaling to a small box, memory is the scaled
    /// picture alone: a 4000x6000 photo drawn at 24x18 cells does not cost its file size.
    /// Anything else (PNG, GIF) is refused with `unknownFormat`: read those whole.
    public static func decodeJPEG(fileDescriptor fd: Int32, options: DecodeOptions = DecodeOptions()) throws(ImageError) -> RGBImage {
        var head = [UInt8](repeating: 0, count: 128 << 10)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw .empty }
        head.removeSubrange(n...)
        guard ImageFormat.sniff(head) == .jpeg else { throw .unknownFormat }
        let orientation = EXIFOrientation.read(fromJPEG: head)
        let orient = { (image: RGBImage) -> RGBImage in options.applyOrientation ? image.oriented(orientation) : image }
        switch JPEGCodec.decode(fileDescriptor: fd, orientation: orientation, options: options) {
        case .success(let image): return orient(image)
        case .failure(.damaged(let format, let reason, let partial)):
            throw .damaged(format: format, reason: reason, partial: orient(partial))
        case .failure(let error): throw error
        }
    }

    public static func decode(_ data: Data, options: DecodeOptions = DecodeOptions()) throws(ImageError) -> RGBImage {
        try decode([UInt8](data), options: options)
    }

    /// Header-only probe: format and stored size (before EXIF orientation), no pixel decoding.
    public static func probe(_ bytes: [UInt8]) throws(ImageError) -> (format: ImageFormat, size: PixelSize) {
        if bytes.isEmpty { throw .empty }
        guard let format = ImageFormat.sniff(bytes) else { throw .unknownFormat }
        let result: Result<PixelSize, ImageError> = bytes.withUnsafeBufferPointer { buf in
            switch format {
            case .jpeg: return JPEGCodec.probe(buf)
            case .png: return PNGCodec.probe(buf)
            case .gif: return GIFCodec.probe(buf)
            }
        }
        return (format, try result.get())
    }
}

extension ImageError {
    /// Maps a shim status to the typed error.
    init(status: mg_img_status, format: ImageFormat) {
        var s = status
        let reason = withUnsafeBytes(of: &s.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let text = reason.isEmpty ? "unknown error" : reason
        switch Int(status.code) {
        case Int(MG_IMG_NO_MEMORY): self = .outOfMemory
        case Int(MG_IMG_UNSUPPORTED): self = .unsupported(format: format, reason: text)
        case Int(MG_IMG_CANCELLED): self = .cancelled
        case Int(MG_IMG_TOO_LARGE): self = .limitExceeded(format: format, reason: text)
        default: self = .corrupt(format: format, reason: text)
        }
    }
}

func checkPixelLimit(_ format: ImageFormat, width: Int, height: Int, limit: Int) -> ImageError? {
    if width <= 0 || height <= 0 { return .corrupt(format: format, reason: "zero image size") }
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || product > limit { return .imageTooLarge(width: width, height: height, limit: limit) }
    return nil
}

extension ImageDecoder {
    /// The codec libraries this program runs with (name, version), for `doctor`.
    public static var libraryVersions: [(name: String, version: String)] {
        [("libjpeg", String(cString: mg_img_version_jpeg())), ("libpng", String(cString: mg_img_version_png())),
         ("giflib", String(cString: mg_img_version_gif()))]
    }
}
