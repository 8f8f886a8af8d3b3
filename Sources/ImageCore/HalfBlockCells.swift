import TerminalUI

/// Decoded pixels as the one picture value (`TerminalUI.HalfBlockCells`).
extension HalfBlockCells {
    /// The picture's own cells: `width` columns, `ceil(height / 2)` rows.
    public init(image: RGBImage) {
        self.init(image: image, cols: image.width, rows: (image.height + 1) / 2, originX: 0, originY: 0)
    }

    /// The picture centred in a box of `cols` x `rows` cells (pixel-exact vertical centring, so
    /// a picture may start on a bottom half); the rest is transparent. Pictures larger than the
    /// box are clipped.
    public init(image: RGBImage, boxCols: Int, boxRows: Int) {
        self.init(image: image, cols: boxCols, rows: boxRows,
                  originX: (boxCols - image.width) / 2, originY: (boxRows * 2 - image.height) / 2)
    }

    init(image: RGBImage, cols: Int, rows: Int, originX: Int, originY: Int) {
        var top = [RGB?](repeating: nil, count: cols * rows)
        var bottom = top
        image.pixels.withUnsafeBufferPointer { px in
            for py in 0..<(rows * 2) {
                let sy = py - originY
                guard sy >= 0 && sy < image.height else { continue }
                for cx in 0..<cols {
                    let sx = cx - originX
                    guard sx >= 0 && sx < image.width else { continue }
                    let i = (sy * image.width + sx) * 3
                    let c = RGB(px[i], px[i + 1], px[i + 2])
                    if py & 1 == 0 { top[(py >> 1) * cols + cx] = c } else { bottom[(py >> 1) * cols + cx] = c }
                }
            }
        }
        self.init(cols: cols, rows: rows, top: top, bottom: bottom)
    }
}
