/// The EXIF orientation tag (0x0112) of a JPEG: 1 = upright, 2-8 = flips/rotations.
public enum EXIFOrientation: Int, Sendable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5-8 store the picture rotated by 90 degrees.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Reads the tag from the APP1 "Exif" segment; `.up` when absent or malformed.
    public static func read<C: RandomAccessCollection>(fromJPEG bytes: C) -> EXIFOrientation
    where C.Element == UInt8, C.Index == Int {
        let base = bytes.startIndex
        let n = bytes.count
        func at(_ i: Int) -> UInt8 { bytes[base + i] }
        var pos = 2
        // Walk marker segments up to the first scan.
        while pos + 4 <= n {
            guard at(pos) == 0xFF else { return .up }
            let marker = at(pos + 1)
            if marker == 0xFF { pos += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return .up }
            let length = Int(at(pos + 2)) << 8 | Int(at(pos + 3))
            guard length >= 2, pos + 2 + length <= n else { return .up }
            if marker == 0xE1, length >= 16,
               at(pos + 4) == 0x45, at(pos + 5) == 0x78, at(pos + 6) == 0x69, at(pos + 7) == 0x66,
               at(pos + 8) == 0, at(pos + 9) == 0 {
                return parseTIFF(start: pos + 10, end: pos + 2 + length, at: at)
            }
            pos += 2 + length
        }
        return .up
    }

    private static func parseTIFF(start: Int, end: Int, at: (Int) -> UInt8) -> EXIFOrientation {
        guard end - start >= 8 else { return .up }
        let little: Bool
        switch (at(start), at(start + 1)) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return .up
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, start + o + 2 <= end else { return nil }
            let a = Int(at(start + o)), b = Int(at(start + o + 1))
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return .up }
        for i in 0..<min(count, 512) {
            let entry = ifd + 2 + 12 * i
            guard let tag = u16(entry) else { return .up }
            if tag == 0x0112 {
                guard let type = u16(entry + 2), type == 3, let value = u16(entry + 8) else { return .up }
                return EXIFOrientation(rawValue: value) ?? .up
            }
        }
        return .up
    }
}

extension RGBImage {
    /// The picture turned upright according to an EXIF orientation.
    public func oriented(_ orientation: EXIFOrientation) -> RGBImage {
        if orientation == .up { return self }
        let w = width, h = height
        let ow = orientation.swapsAxes ? h : w, oh = orientation.swapsAxes ? w : h
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        // (sx, sy): where output pixel (x, y) comes from in the stored picture.
                        let sx: Int, sy: Int
                        switch orientation {
                        case .up: (sx, sy) = (x, y)
                        case .upMirrored: (sx, sy) = (w - 1 - x, y)
                        case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (sx, sy) = (x, h - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, h - 1 - x)
                        case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .left: (sx, sy) = (w - 1 - y, x)
                        }
                        let s = (sy * w + sx) * 3, d = (y * ow + x) * 3
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                    }
                }
            }
        }
        return RGBImage(width: ow, height: oh, pixels: out)
    }
}
