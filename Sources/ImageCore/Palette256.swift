/// The xterm 256-colour palette's portable part: the 6x6x6 cube (16-231) and the grey ramp
/// (232-255). The 16 system colours are skipped: terminals redefine them.
public enum Palette256 {
    static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    public static func color(_ index: UInt8) -> RGB {
        let n = Int(index)
        if n >= 232 {
            let v = UInt8(8 + 10 * (n - 232))
            return RGB(v, v, v)
        }
        let c = max(n - 16, 0)
        return RGB(UInt8(levels[c / 36]), UInt8(levels[(c / 6) % 6]), UInt8(levels[c % 6]))
    }

    /// Nearest palette entry by the "redmean" weighted distance (a cheap perceptual metric:
    /// red and blue weights shift with the mean red level).
    public static func nearest(_ c: RGB) -> UInt8 {
        let cube = 16 + 36 * nearestLevel(c.r) + 6 * nearestLevel(c.g) + nearestLevel(c.b)
        let mean = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
        let greyStep = min(max((mean - 8 + 5) / 10, 0), 23)
        var best = cube, bestD = distance(c, color(UInt8(cube)))
        for g in max(greyStep - 1, 0)...min(greyStep + 1, 23) {
            let d = distance(c, color(UInt8(232 + g)))
            if d < bestD { bestD = d; best = 232 + g }
        }
        return UInt8(best)
    }

    static func nearestLevel(_ v: UInt8) -> Int {
        let x = Int(v)
        if x < 48 { return 0 }
        if x < 115 { return 1 }
        return min((x - 35) / 40, 5)
    }

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let rm = (Int(a.r) + Int(b.r)) / 2
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        // Parenthesised: in Swift `>>` binds tighter than `*`.
        return (((512 + rm) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rm) * db * db) >> 8)
    }
}
