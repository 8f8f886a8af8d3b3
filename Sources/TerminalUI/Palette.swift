/// The one colour quantiser of the program: every picture and every UI colour that must fit in
/// 256 or 16 colours goes through here (the grid, detail, covers, `render`, `demo`).
///
/// Chosen by measurement (16 shared thumbnails at 48x72 px, `scripts/quantiser_quality.py`):
/// plain Euclidean RGB distance to the cube/grey entries scored 25.35 dB (29.13 dB after a
/// 1-px Gaussian blur), the "redmean" weighting 25.33 / 29.03 dB, so Euclid it is. Error
/// diffusion (Floyd–Steinberg) on top scores 40.2 dB after the blur and keeps 90 % of the
/// source's mean chroma against 68 % without, so pictures are dithered (`Palette.dither`);
/// ordered 4x4 Bayer dithering scored only 30.1-30.7 dB and was dropped.
public enum Palette {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The usual xterm values of the 16 system colours (terminals may redefine them; these are
    /// what the 16-colour mode aims at).
    public static let system16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The RGB value of an xterm-256 entry.
    public static func rgb(ofIndex index: UInt8) -> RGB {
        let n = Int(index)
        if n < 16 { return system16[n] }
        if n >= 232 {
            let v = UInt8(8 + 10 * (n - 232))
            return RGB(v, v, v)
        }
        let c = n - 16
        return RGB(UInt8(cubeLevels[c / 36]), UInt8(cubeLevels[(c / 6) % 6]), UInt8(cubeLevels[c % 6]))
    }

    /// The nearest entry of the 6x6x6 cube or the 24-step grey ramp (indices 16-255; the 16
    /// system colours are skipped because terminals redefine them).
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ v: UInt8) -> Int {
            let v = Int(v)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return (v - 35) / 40
        }
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cubeDist = distance(cubeLevels[ri], cubeLevels[gi], cubeLevels[bi], r, g, b)
        let avg = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = avg > 238 ? 23 : max(0, (avg - 3) / 10)
        let gv = 8 + greyIndex * 10
        if distance(gv, gv, gv, r, g, b) < cubeDist { return UInt8(232 + greyIndex) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The nearest of the 16 system colours (same metric).
    public static func nearest16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        var best = 0, bestD = Int.max
        for (i, c) in system16.enumerated() {
            let d = distance(Int(c.r), Int(c.g), Int(c.b), r, g, b)
            if d < bestD { bestD = d; best = i }
        }
        return UInt8(best)
    }

    /// The palette index for `depth` (nil for truecolor and none: no palette).
    public static func nearestIndex(_ c: RGB, depth: ColorDepth) -> UInt8? {
        switch depth {
        case .ansi256: return nearest256(c.r, c.g, c.b)
        case .ansi16: return nearest16(c.r, c.g, c.b)
        case .truecolor, .none: return nil
        }
    }

    @inline(__always)
    static func distance(_ a: Int, _ b: Int, _ c: Int, _ r: UInt8, _ g: UInt8, _ bl: UInt8) -> Int {
        let dr = a - Int(r), dg = b - Int(g), db = c - Int(bl)
        return dr * dr + dg * dg + db * db
    }

    /// Floyd–Steinberg error diffusion of packed RGB pixels (`width * height * 3` bytes) onto the
    /// palette of `depth`: every pixel becomes the exact RGB of a palette entry, so the encoder's
    /// later `nearestIndex` maps it to that entry unchanged. Truecolor and none leave the pixels.
    public static func dither(_ pixels: inout [UInt8], width: Int, height: Int, depth: ColorDepth) {
        guard depth == .ansi256 || depth == .ansi16, width > 0, height > 0 else { return }
        // 16 colours are too far apart for full diffusion: it turned a tabby cat into red,
        // yellow, green and magenta specks (xterm, issue 22). There half the error is spread,
        // and a pixel's chroma is raised 1.6x before it is matched, so brown fur finds red and
        // yellow rather than grey. Measured at 60x30 cells through ansi2png (PSNR / after a
        // 1-px blur, chelsea, astronaut, coffee): 14.0/25.2, 14.8/24.7, 13.3/22.0 dB against
        // full diffusion's 12.3/30.8, 13.5/30.6, 11.9/29.0 and chafa -c 16's 8.7/10.1,
        // 12.0/13.5, 11.1/12.3; by eye the cat's eyes and nose show where full diffusion
        // gave noise.
        let share = depth == .ansi16 ? 8 : 16
        let chroma = depth == .ansi16 ? 16 : 10
        precondition(pixels.count == width * height * 3, "Palette.dither: pixel count")
        // Two rows of accumulated error (current, next), 3 channels each.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3, e = (x + 1) * 3
                let want = (0..<3).map { min(max(Int(pixels[i + $0]) + current[e + $0] / 16, 0), 255) }
                var look = want
                if chroma != 10 {
                    let l = (want[0] * 3 + want[1] * 6 + want[2]) / 10
                    look = want.map { min(max(l + ($0 - l) * chroma / 10, 0), 255) }
                }
                let index = nearestIndex(RGB(UInt8(look[0]), UInt8(look[1]), UInt8(look[2])), depth: depth)!
                let got = rgb(ofIndex: index)
                let gv = [Int(got.r), Int(got.g), Int(got.b)]
                for ch in 0..<3 {
                    pixels[i + ch] = UInt8(gv[ch])
                    let err = (want[ch] - gv[ch]) * share / 16
                    current[e + 3 + ch] += err * 7
                    next[e - 3 + ch] += err * 3
                    next[e + ch] += err * 5
                    next[e + 3 + ch] += err
                }
            }
            swap(&current, &next)
            for k in next.indices { next[k] = 0 }
        }
    }
}
