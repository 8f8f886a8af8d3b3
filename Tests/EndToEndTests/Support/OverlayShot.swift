import ImageCore
import TerminalUI
import TestSupport

/// Measures of a screenshot of an overlay over kitty pictures, cell by cell against what the
/// program's screen (`vt`) says each cell is.
enum OverlayShot {
    typealias CellPixels = (width: Int, height: Int, size: Size)

    /// Blank cells outside every picture whose pixels are not all their background colour
    /// (within 24 a channel, 1 px in from the cell's edges): an old glyph showing through.
    static func staleCells(_ vt: VirtualTerminal, in shot: RGBImage, cell: CellPixels, pictures: [Rect]) -> Int {
        var stale = 0
        for y in 0..<cell.size.height {
            for x in 0..<cell.size.width where vt.screen[x, y].symbol == " "
                && !pictures.contains(where: { $0.contains(Point(x: x, y: y)) }) {
                let want = background(vt.screen[x, y])
                let px = pixels(x: x, y: y, inset: 1, shot: shot, cell: cell)
                if stride(from: 0, to: px.count, by: 3).contains(where: { i in
                    (0..<3).contains { abs(Int(px[i + $0]) - Int(want[$0])) > 24 }
                }) { stale += 1 }
            }
        }
        return stale
    }

    /// PSNR of the blank cells of `pictures` under the veil against the same pixels of the
    /// grid before, darkened as the veil darkens them (black at 184/255: x 71/255).
    static func dimmedPSNR(_ vt: VirtualTerminal, in shot: RGBImage, grid: RGBImage, cell: CellPixels,
                           pictures: [Rect], veil: Rect) -> Double {
        var got: [UInt8] = [], want: [UInt8] = []
        for p in pictures {
            let r = p.intersection(veil)
            guard !r.isEmpty else { continue }
            for y in r.minY..<r.maxY {
                for x in r.minX..<r.maxX where vt.screen[x, y].symbol == " " {
                    got += pixels(x: x, y: y, inset: 0, shot: shot, cell: cell)
                    want += pixels(x: x, y: y, inset: 0, shot: grid, cell: cell).map { UInt8((Int($0) * 71 + 127) / 255) }
                }
            }
        }
        return got.isEmpty ? -.infinity : psnr(got, want)
    }

    /// The colour a cell's background is drawn in (reverse video swaps; kitty's defaults as
    /// `KittyRun` starts it: background #000000, foreground #dddddd).
    static func background(_ c: Cell) -> [UInt8] {
        let reverse = c.style.attributes.contains(.reverse)
        switch reverse ? c.style.foreground : c.style.background {
        case .rgb(let r, let g, let b): return [r, g, b]
        case .indexed(let n):
            let v = Palette.rgb(ofIndex: n)
            return [v.r, v.g, v.b]
        case .default: return reverse ? [0xDD, 0xDD, 0xDD] : [0, 0, 0]
        }
    }

    /// A cell's pixels (RGB), `inset` pixels in from its edges.
    static func pixels(x: Int, y: Int, inset: Int, shot: RGBImage, cell: CellPixels) -> [UInt8] {
        var out: [UInt8] = []
        let x0 = x * cell.width + inset, x1 = min((x + 1) * cell.width - inset, shot.width)
        let y0 = y * cell.height + inset, y1 = min((y + 1) * cell.height - inset, shot.height)
        guard x0 < x1, y0 < y1 else { return out }
        for py in y0..<y1 {
            let row = (py * shot.width + x0) * 3
            out += shot.pixels[row..<(row + (x1 - x0) * 3)]
        }
        return out
    }
}
