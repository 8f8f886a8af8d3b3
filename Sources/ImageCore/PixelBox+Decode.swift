import TerminalUI

extension PixelBox {
    /// How far above the pixel box a JPEG's DCT-scaled decode must stay: the same rule as the
    /// half-block path (`DecodeOptions.dctScaleMargin`, the largest 1/2, 1/4, 1/8 scale whose
    /// decode is at least `margin` times the box in both directions), applied to the pixel box.
    /// A 4000x6000 JPEG drawn at 24x18 cells (240x360 px) is then decoded at 500x750 (1/8)
    /// instead of 24 MP: `render` peaks at 40 MB instead of 112 MB, where margin 4 (1/4) held
    /// 43.5 MB. Against a full decode fitted the same way (DrawnSizeDecodeTests, `marvel-bench
    /// render`): photos decoded 4x their box and more score 43 dB and up; a detailed portrait
    /// decoded only 2.3x its box scores 30 dB (margin 4 would keep it at 38 dB). Marvel
    /// thumbnails in grid tiles are decoded whole (a halved 300x450 portrait does not cover
    /// twice a 160x240 tile).
    public static let dctScaleMargin = 2.0

    /// Options that decode a picture for this box at the drawn size (pixel modes: `render`, the
    /// grid's tiles, the detail picture).
    public func decodeOptions(maxPixels: Int = DecodeOptions.defaultMaxPixels,
                              margin: Double = PixelBox.dctScaleMargin) -> DecodeOptions {
        DecodeOptions(maxPixels: maxPixels, targetSize: size, dctScaleMargin: margin)
    }

    /// `bytes` decoded at the drawn size (`decodeOptions`) and fitted into the box.
    public func decode(_ bytes: [UInt8], fit mode: FitMode = .contain,
                       margin: Double = PixelBox.dctScaleMargin) throws(ImageError) -> RGBImage {
        try decode(bytes, fit: mode, terminalScales: false, margin: margin).image
    }

    /// `bytes` decoded at the drawn size as it goes to the terminal (`sent`).
    public func decode(_ bytes: [UInt8], fit mode: FitMode = .contain, terminalScales: Bool,
                       margin: Double = PixelBox.dctScaleMargin) throws(ImageError) -> SentPicture {
        sent(try ImageDecoder.decode(bytes, options: decodeOptions(margin: margin)), fit: mode, terminalScales: terminalScales)
    }

    /// The JPEG in the open file `fd` streamed at the drawn size and fitted into the box
    /// (`ImageDecoder.decodeJPEG(fileDescriptor:)`: the file is never held whole in memory).
    public func decodeJPEG(fileDescriptor fd: Int32, fit mode: FitMode = .contain,
                           margin: Double = PixelBox.dctScaleMargin) throws(ImageError) -> RGBImage {
        try decodeJPEG(fileDescriptor: fd, fit: mode, terminalScales: false, margin: margin).image
    }

    /// The JPEG in `fd` streamed at the drawn size as it goes to the terminal (`sent`).
    public func decodeJPEG(fileDescriptor fd: Int32, fit mode: FitMode = .contain, terminalScales: Bool,
                           margin: Double = PixelBox.dctScaleMargin) throws(ImageError) -> SentPicture {
        sent(try ImageDecoder.decodeJPEG(fileDescriptor: fd, options: decodeOptions(margin: margin)), fit: mode,
             terminalScales: terminalScales)
    }
}
