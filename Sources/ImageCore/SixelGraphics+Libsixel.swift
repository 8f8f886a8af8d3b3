import CSixel

extension SixelGraphics {
    /// libsixel's encode policies (`sixel_output_set_encode_policy`).
    public enum LibsixelPolicy: Sendable, CaseIterable {
        case auto, fast, size
    }

    /// libsixel's own `sixel_encode` of indexed pixels (`SIXEL_PIXELFORMAT_PAL8`): the reference
    /// `stream(indices:width:height:palette:)` must match byte for byte (`SixelBandWriterTests`)
    /// and the encoder `marvel-bench sixel --encoders` times it against. Not on the drawing path.
    public static func libsixelStream(indices: [UInt8], width: Int, height: Int, palette: [UInt8],
                                      policy: LibsixelPolicy = .auto) throws(ImageError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let write: sixel_write_function = { data, size, priv in
            guard let data, let priv, size > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(priv).takeUnretainedValue()
            data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
            }
            return size
        }
        var output: OpaquePointer?
        var dither: OpaquePointer?
        defer {
            if let output { sixel_output_unref(output) }
            if let dither { sixel_dither_unref(dither) }
        }
        guard indices.count >= width * height, !palette.isEmpty, palette.count <= 3 * 256 else {
            throw .invalidArgument("sixel: indices or palette do not fit")
        }
        var pixels = indices
        var table = palette
        let status: Int32 = withExtendedLifetime(sink) {
            var rc = sixel_output_new(&output, write, Unmanaged.passUnretained(sink).toOpaque(), nil)
            if rc != 0 { return rc }
            switch policy {
            case .auto: sixel_output_set_encode_policy(output, Int32(SIXEL_ENCODEPOLICY_AUTO))
            case .fast: sixel_output_set_encode_policy(output, Int32(SIXEL_ENCODEPOLICY_FAST))
            case .size: sixel_output_set_encode_policy(output, Int32(SIXEL_ENCODEPOLICY_SIZE))
            }
            rc = sixel_dither_new(&dither, Int32(palette.count / 3), nil)
            if rc != 0 { return rc }
            table.withUnsafeMutableBufferPointer { sixel_dither_set_palette(dither, $0.baseAddress) }
            sixel_dither_set_pixelformat(dither, SIXEL_PIXELFORMAT_PAL8)
            return pixels.withUnsafeMutableBufferPointer {
                sixel_encode($0.baseAddress, Int32(width), Int32(height), 1, dither, output)
            }
        }
        guard status == 0 else { throw .invalidArgument("libsixel failed with status \(status)") }
        return sink.bytes
    }
}
