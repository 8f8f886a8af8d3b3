/// No-colour output: each cell becomes a glyph whose ink matches its luminance.
enum ShadeEncoder {
    static let shades: [[UInt8]] = [
        [0x20], [0xE2, 0x96, 0x91], [0xE2, 0x96, 0x92], [0xE2, 0x96, 0x93], [0xE2, 0x96, 0x88],
    ]  // space ░ ▒ ▓ █

    static func luminance(_ c: RGB?) -> Double {
        guard let c else { return 0 }
        return (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255
    }

    static func encode(_ cells: HalfBlockCells, into out: inout [UInt8]) {
        for row in 0..<cells.rows {
            var line = [UInt8]()
            for col in 0..<cells.cols {
                let i = row * cells.cols + col
                let t = luminance(cells.top[i]), b = luminance(cells.bottom[i])
                if t - b >= 0.5 {
                    line.append(contentsOf: SGRWriter.upperHalf)
                } else if b - t >= 0.5 {
                    line.append(contentsOf: SGRWriter.lowerHalf)
                } else {
                    let level = min(Int(((t + b) / 2 * 4).rounded()), 4)
                    line.append(contentsOf: shades[level])
                }
            }
            while line.last == 0x20 { line.removeLast() }
            out.append(contentsOf: line)
            out.append(0x0A)
        }
    }
}
