import TerminalUI

/// No-colour output: each cell becomes a glyph whose ink matches its luminance (the rule is
/// `TerminalUI.Shade`, shared with the screens).
enum ShadeEncoder {
    static func encode(_ cells: HalfBlockCells, into out: inout [UInt8]) {
        for row in 0..<cells.rows {
            var line = [UInt8]()
            for col in 0..<cells.cols {
                let i = row * cells.cols + col
                line.append(contentsOf: Shade.glyph(top: cells.top[i], bottom: cells.bottom[i]).utf8)
            }
            while line.last == 0x20 { line.removeLast() }
            out.append(contentsOf: line)
            out.append(0x0A)
        }
    }
}
