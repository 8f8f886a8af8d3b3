/// A picture as terminal cells: each cell shows a top and a bottom pixel (`▀` = fg top,
/// bg bottom). `nil` halves are transparent (terminal default background): letterbox
/// padding and the unused half of an odd last row. The app draws these through its own
/// terminal widget; `HalfBlockEncoder` turns them into an ANSI stream.
public struct HalfBlockCells: Sendable, Equatable {
    public let cols: Int
    public let rows: Int
    /// Row-major, `cols * rows` entries each.
    public let top: [RGB?]
    public let bottom: [RGB?]

    public init(cols: Int, rows: Int, top: [RGB?], bottom: [RGB?]) {
        precondition(top.count == cols * rows && bottom.count == cols * rows, "HalfBlockCells: bad counts")
        self.cols = cols
        self.rows = rows
        self.top = top
        self.bottom = bottom
    }

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

    private init(image: RGBImage, cols: Int, rows: Int, originX: Int, originY: Int) {
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

    public subscript(col: Int, row: Int) -> (top: RGB?, bottom: RGB?) {
        let i = row * cols + col
        return (top[i], bottom[i])
    }

    /// Bytes this value keeps alive (the struct plus both arrays' headers and storage), for
    /// cache budgets. Arrays are counted with Swift's 32-byte heap header.
    public var byteCost: Int {
        let arrayHeader = 32
        return MemoryLayout<HalfBlockCells>.stride
            + 2 * (arrayHeader + cols * rows * MemoryLayout<RGB?>.stride)
    }
}
