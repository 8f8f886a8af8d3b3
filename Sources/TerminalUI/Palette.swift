/// The one colour quantiser of the program: every picture and every UI colour that must fit in
/// 256 or 16 colours goes through here (the grid, detail, covers, `render`, `demo`).
///
/// Chosen by measurement (16 shared thumbnails at 48x72 px, `scripts/quantiser_quality.py`):
/// plain Euclidean RGB distance to the cube/grey entries scored 25.35 dB (29.13 dB after a
/// 1-px Gaussian blur), the "redmean" weighting 25.33 / 29.03 dB, so Euclid it is. Error
/// diffusion (Floyd–Steinberg) on top scores 40.2 dB after the blur and keeps 90 % of the
/// source's mean chroma against 68 % without, so pictures are dithered (`Palette.dither`);
/// ordered 4x4 Bayer dithering scores only 30.1-30.7 dB, so it is not used.
///
/// Full diffusion reads as noise up close in 256 colours (tmux without COLORTERM, issue 26), so
/// 256 colours spread half the error (`Dither`): see `dither` for the figures.
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

    /// Packed RGB pixels (`width * height * 3` bytes) onto the palette of `depth`, by `method`:
    /// every pixel becomes the exact RGB of a palette entry, so the encoder's later
    /// `nearestIndex` maps it to that entry unchanged. Truecolor and none leave the pixels.
    ///
    /// 256 colours: full Floyd–Steinberg scored best after a 1-px blur but read as speckle at
    /// half-block scale (tmux, issue 26); half the error, each pixel pulled only a third of a
    /// cube step, keeps flat areas flat. `render --colors 256` at 80x40 cells through
    /// render_quality.py (PSNR / with RQ_BLUR=1; chelsea, astronaut, coffee): diffusion
    /// 23.2/33.0, 25.1/34.0, 21.0/31.2 dB; ordered 22.3/29.7, 23.5/31.0, 20.7/28.6; none
    /// 23.9/28.3, 25.7/30.6, 21.8/25.3; chafa -c 256 (vhalf) 23.5/28.1, 23.5/28.4, 21.3/25.1;
    /// full diffusion (before) about 21.7/39.7 on chelsea. By eye (xterm, tmux) the bounded
    /// half diffusion is the closest to chafa's flat look while keeping the shading chafa bands.
    public static func dither(_ pixels: inout [UInt8], width: Int, height: Int, depth: ColorDepth,
                              method: Dither = .diffusion) {
        guard depth == .ansi256 || depth == .ansi16, width > 0, height > 0 else { return }
        precondition(pixels.count == width * height * 3, "Palette.dither: pixel count")
        switch method {
        case .diffusion: diffuse(&pixels, width: width, height: height, depth: depth)
        case .ordered, .none:
            // Ordered: an 8x8 Bayer threshold added before the match, one cube step (40) wide in
            // 256 colours, 96 in 16 colours (their entries are about that far apart).
            let amplitude = method == .none ? 0 : (depth == .ansi16 ? 96 : 40)
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 3
                    let t = amplitude * (2 * bayer8[(y & 7) * 8 + (x & 7)] + 1 - 64) / 128
                    let want = (0..<3).map { min(max(Int(pixels[i + $0]) + t, 0), 255) }
                    let got = rgb(ofIndex: match(want, depth: depth))
                    pixels[i] = got.r; pixels[i + 1] = got.g; pixels[i + 2] = got.b
                }
            }
        }
    }

    /// The 8x8 Bayer matrix (0..<64), row-major.
    static let bayer8: [Int] = {
        var m = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m
    }()

    /// The entry for a wanted colour. In 16 colours a pixel's chroma is raised 1.6x before it
    /// is matched, so brown fur finds red and yellow rather than grey (issue 22).
    static func match(_ want: [Int], depth: ColorDepth) -> UInt8 {
        var look = want
        if depth == .ansi16 {
            let l = (want[0] * 3 + want[1] * 6 + want[2]) / 10
            look = want.map { min(max(l + ($0 - l) * 16 / 10, 0), 255) }
        }
        return nearestIndex(RGB(UInt8(look[0]), UInt8(look[1]), UInt8(look[2])), depth: depth)!
    }

    /// Floyd–Steinberg error diffusion with half the error spread (and, in 256 colours, a
    /// bounded pull).
    private static func diffuse(_ pixels: inout [UInt8], width: Int, height: Int, depth: ColorDepth) {
        // 16 colours are too far apart for full diffusion: it turned a tabby cat into red,
        // yellow, green and magenta specks (xterm, issue 22). There half the error is spread,
        // with the chroma lift of `match`. Measured at 60x30 cells through ansi2png (PSNR /
        // after a 1-px blur, chelsea, astronaut, coffee): 14.0/25.2, 14.8/24.7, 13.3/22.0 dB
        // against full diffusion's 12.3/30.8, 13.5/30.6, 11.9/29.0 and chafa -c 16's 8.7/10.1,
        // 12.0/13.5, 11.1/12.3; by eye the cat's eyes and nose show where full diffusion
        // gave noise. 256 colours spread half too (issue 26, figures on `dither`).
        let share = 8
        // 256 colours: a pixel is never pulled more than about a third of the cube step it sits
        // in from its own colour (12 levels where entries are 40 apart, 24 below 95 where the
        // first step is 95), so flat areas stay flat and the dither shows only where the
        // colour really lies between two entries; accumulated error cannot throw a far
        // entry (unbounded, it puts dark olive specks on a cat's fur). 16 colours need the
        // whole pull.
        func reach(_ own: Int) -> Int { depth == .ansi16 ? 255 : (own < 95 ? 24 : 12) }
        // Two rows of accumulated error (current, next), 3 channels each.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3, e = (x + 1) * 3
                let want = (0..<3).map { ch in
                    let own = Int(pixels[i + ch])
                    return min(max(own + min(max(current[e + ch] / 16, -reach(own)), reach(own)), 0), 255)
                }
                let got = rgb(ofIndex: match(want, depth: depth))
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

/// How pictures are put on a 256- or 16-colour palette (`--dither`).
public enum Dither: String, Sendable, Hashable, CaseIterable {
    /// Each pixel to its nearest entry: flat areas, banded shading.
    case none
    /// An 8x8 Bayer pattern: a regular fine texture.
    case ordered
    /// Floyd–Steinberg with half the error spread, each pixel kept near its own colour (the
    /// default).
    case diffusion
}
