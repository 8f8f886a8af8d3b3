import CImageCodecs
import Foundation

/// libjpeg-turbo through the setjmp-guarded shim (mg_jpeg.c).
enum JPEGCodec {
    private static let shim = ShimDecoder(format: .jpeg, open: { mg_jpeg_open($0, $1, &$2) },
                                          setLimits: { mg_jpeg_set_limits($0, $1) }, close: { mg_jpeg_close($0) }) { dec in
        var w: Int32 = 0, h: Int32 = 0, comps: Int32 = 0, cmyk: Int32 = 0
        mg_jpeg_info(dec, &w, &h, &comps, &cmyk)
        return (w, h)
    }

    static func probe(_ buf: UnsafeBufferPointer<UInt8>) -> Result<PixelSize, ImageError> { shim.probe(buf) }

    static func decode(_ buf: UnsafeBufferPointer<UInt8>, options: DecodeOptions) -> Result<RGBImage, ImageError> {
        let swapsAxes = options.targetSize != nil && options.applyOrientation && EXIFOrientation.read(fromJPEG: buf).swapsAxes
        return decode(opening: { mg_jpeg_open(buf.baseAddress, buf.count, &$0) }, swapsAxes: swapsAxes, options: options)
    }

    /// Streams the JPEG from the open file `fd` (read from offset 0); `orientation` is its EXIF tag.
    static func decode(fileDescriptor fd: Int32, orientation: EXIFOrientation,
                       options: DecodeOptions) -> Result<RGBImage, ImageError> {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return .failure(.corrupt(format: .jpeg, reason: "cannot seek in the file")) }
        return decode(opening: { mg_jpeg_open_fd(fd, &$0) }, swapsAxes: options.applyOrientation && orientation.swapsAxes,
                      options: options)
    }

    /// The pixel limit holds for the size decoded, not the file's: a JPEG decoded at 1/8 costs
    /// the memory of its scaled picture (libjpeg works an MCU row at a time; the whole-image
    /// buffers of progressive files are bounded by `DecodeOptions.decoderMemoryLimit`), so a
    /// 10000x8000 photo drawn at 24x18 cells decodes at 1250x1000. The file itself may be up to
    /// `DecodeOptions.maxScaledSourcePixels`, which bounds the entropy decoding's work.
    private static func decode(opening: (inout mg_img_status) -> OpaquePointer?, swapsAxes: Bool,
                               options: DecodeOptions) -> Result<RGBImage, ImageError> {
        shim.decode(opening: opening, options: options, limitsOutput: true) { dec, w, h, status in
            let source = PixelSize(width: Int(w), height: Int(h))
            var denom = 1
            if var target = options.targetSize {
                if swapsAxes {
                    target = PixelSize(width: target.height, height: target.width)
                }
                denom = dctScaleDenominator(source: source, target: target, margin: options.dctScaleMargin)
                // Over the limit at the margin's scale: the smallest scale that still covers the
                // box (margin 1) may fit; the resampler then has less to average from.
                if scaled(source, denom) > options.maxPixels, options.dctScaleMargin.isFinite {
                    denom = max(denom, dctScaleDenominator(source: source, target: target, margin: 1))
                }
            } else if options.reducesToFit {
                denom = [1, 2, 4, 8].first { scaled(source, $0) <= options.maxPixels } ?? 8
            }
            if let error = checkPixelLimit(.jpeg, width: source.width, height: source.height,
                                           limit: denom == 1 ? options.maxPixels : options.maxScaledSourcePixels) {
                return .failure(error)
            }
            if scaled(source, denom) > options.maxPixels {
                return .failure(.imageTooLarge(width: source.width, height: source.height, limit: options.maxPixels))
            }
            var ow: Int32 = 0, oh: Int32 = 0
            if mg_jpeg_set_scale(dec, Int32(denom), &ow, &oh, &status) != 0 {
                return .failure(ImageError(status: status, format: .jpeg))
            }
            return readShimRGB(.jpeg, width: Int(ow), height: Int(oh), status: &status) { out, status in
                mg_jpeg_read_rgb(dec, out, &status)
            }
        }
    }

    /// Pixels of `source` decoded at 1/`denom` (libjpeg rounds each side up).
    static func scaled(_ source: PixelSize, _ denom: Int) -> Int {
        let (product, overflow) = ((source.width + denom - 1) / denom).multipliedReportingOverflow(by: (source.height + denom - 1) / denom)
        return overflow ? Int.max : product
    }

    /// The largest 1/2, 1/4, 1/8 DCT scaling that keeps the decoded picture at least `margin`
    /// times the target in both dimensions (1 = full decode).
    static func dctScaleDenominator(source: PixelSize, target: PixelSize, margin: Double) -> Int {
        guard margin.isFinite, target.width > 0, target.height > 0 else { return 1 }
        for denom in [8, 4, 2] {
            let sw = (source.width + denom - 1) / denom, sh = (source.height + denom - 1) / denom
            if Double(sw) >= margin * Double(target.width) && Double(sh) >= margin * Double(target.height) {
                return denom
            }
        }
        return 1
    }
}
