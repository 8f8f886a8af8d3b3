/// A terminal colour: the terminal's default, one of the 256 indexed colours, or 24-bit RGB.
public enum Color: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    // The 16 basic colours by their usual names (indices 0-15).
    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)
    public static let gray = Color.indexed(8)
    public static let brightRed = Color.indexed(9)
    public static let brightWhite = Color.indexed(15)

    /// This colour as the given depth can show it: RGB becomes the nearest xterm-256 entry at
    /// `.ansi256`; every colour becomes `.default` at `.none`.
    public func downgraded(to depth: ColorDepth) -> Color {
        switch (depth, self) {
        case (.none, _): return .default
        case (.ansi256, .rgb(let r, let g, let b)): return .indexed(Color.nearest256(r, g, b))
        default: return self
        }
    }

    /// The nearest entry of the xterm 6×6×6 cube or the 24-step grey ramp (indices 16-255).
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let levels: [Int] = [0, 95, 135, 175, 215, 255]
        func cubeIndex(_ v: UInt8) -> Int {
            let v = Int(v)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return (v - 35) / 40
        }
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cr = levels[ri], cg = levels[gi], cb = levels[bi]
        func dist(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let dr = a - Int(r), dg = b - Int(g), db = c - Int(b)
            return dr * dr + dg * dg + db * db
        }
        let cubeDist = dist(cr, cg, cb)
        let avg = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = avg > 238 ? 23 : max(0, (avg - 3) / 10)
        let gv = 8 + greyIndex * 10
        let greyDist = dist(gv, gv, gv)
        if greyDist < cubeDist { return UInt8(232 + greyIndex) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }
}

/// How many colours the output may use.
public enum ColorDepth: String, Hashable, Sendable, CaseIterable {
    /// No colour at all (NO_COLOR, TERM=dumb, not a terminal).
    case none
    /// The xterm 256-colour palette.
    case ansi256
    /// 24-bit RGB ("truecolor").
    case truecolor
}
