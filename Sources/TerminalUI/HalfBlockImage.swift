/// A picture as terminal cells, the one picture value from decode to screen: each cell shows a
/// top and a bottom pixel (`▀` = fg top, bg bottom). `nil` halves are transparent (terminal
/// default background): letterbox padding and the unused half of an odd last row. ImageCore
/// makes these from decoded pixels; `HalfBlockImage` places them; ImageCore's
/// `HalfBlockEncoder` turns them into a stand-alone ANSI stream (`render`).
public struct HalfBlockCells: Sendable, Equatable {
    public let cols: Int
    public let rows: Int
    /// Row-major, `cols * rows` entries each.
    public let top: [RGB?]
    public let bottom: [RGB?]
    /// The same picture for the terminal's own pixels (kitty, sixel, iTerm2), when the run
    /// draws pixels: `HalfBlockImage` places it and keeps these cells as the fallback.
    public var pixels: TerminalImage?
    /// Instead of `pixels`: the pixel rendition of the picture without a hole, in pieces around
    /// it (the backdrop's panel). The hole shows these half-block cells, for whatever is drawn
    /// over it to dim or cover.
    public var pixelPieces: [PicturePiece] = []

    public init(cols: Int, rows: Int, top: [RGB?], bottom: [RGB?]) {
        precondition(top.count == cols * rows && bottom.count == cols * rows, "HalfBlockCells: bad counts")
        self.cols = cols
        self.rows = rows
        self.top = top
        self.bottom = bottom
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
            + (pixels.map { arrayHeader + $0.payload.count } ?? 0)
            + pixelPieces.reduce(0) { $0 + arrayHeader + $1.image.payload.count }
    }

    /// A flat picture of one colour (tests and placeholders).
    public static func solid(cols: Int, rows: Int, rgb: RGB) -> HalfBlockCells {
        HalfBlockCells(cols: cols, rows: rows, top: Array(repeating: rgb, count: cols * rows),
                       bottom: Array(repeating: rgb, count: cols * rows))
    }

    /// A vertical gradient between two colours (snapshot tests: recognisable, deterministic).
    public static func gradient(cols: Int, rows: Int, from a: RGB, to b: RGB) -> HalfBlockCells {
        func mix(_ y: Int) -> RGB {
            let t = rows * 2 <= 1 ? 0 : y * 255 / (rows * 2 - 1)
            func c(_ x: UInt8, _ z: UInt8) -> UInt8 { UInt8((Int(x) * (255 - t) + Int(z) * t) / 255) }
            return RGB(c(a.r, b.r), c(a.g, b.g), c(a.b, b.b))
        }
        var top: [RGB?] = [], bottom: [RGB?] = []
        for row in 0..<rows {
            for _ in 0..<cols {
                top.append(mix(row * 2))
                bottom.append(mix(row * 2 + 1))
            }
        }
        return HalfBlockCells(cols: cols, rows: rows, top: top, bottom: bottom)
    }
}

/// Places half-block cells, centred in the area; a picture larger than the area (the previous
/// size, while the new one loads after a resize) is centred and cropped, never stretched.
/// The one place where `▀` cells are made. A picture with a pixel rendition that fits the area
/// is placed as pixels instead (`Buffer.place`), the cells kept as its fallback.
public struct HalfBlockImage: Widget {
    public var image: HalfBlockCells
    /// A gallery picture (tile, detail picture, cover, backdrop): in kitty, text drawn over it
    /// keeps it as pixels under the cells (`ImagePlacement.staysUnderText`).
    public var staysUnderText: Bool
    public init(_ image: HalfBlockCells, staysUnderText: Bool = false) {
        self.image = image
        self.staysUnderText = staysUnderText
    }

    /// `▀` with the top pixel as foreground and the bottom as background; a space when both
    /// match; transparent halves use the terminal's own colours.
    public static func cell(top: RGB?, bottom: RGB?) -> Cell {
        switch (top, bottom) {
        case (nil, nil): return .blank
        case let (t?, b?) where t == b: return .space(Style(background: b.color))
        case let (t?, b?): return Cell(grapheme: .upperHalf, style: Style(foreground: t.color, background: b.color), width: 1)
        case let (t?, nil): return Cell(grapheme: .upperHalf, style: Style(foreground: t.color), width: 1)
        case let (nil, b?): return Cell(grapheme: .lowerHalf, style: Style(foreground: b.color), width: 1)
        }
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let dx = (area.width - image.cols) / 2
        let dy = (area.height - image.rows) / 2
        if let pixels = image.pixels, pixels.cols <= area.width, pixels.rows <= area.height {
            let origin = Point(x: area.x + (area.width - pixels.cols) / 2, y: area.y + (area.height - pixels.rows) / 2)
            if buffer.place(pixels, at: origin, fallback: image, fallbackOrigin: Point(x: area.x + dx, y: area.y + dy),
                            staysUnderText: staysUnderText) {
                return
            }
        }
        drawCells(dx: dx, dy: dy, in: area, buffer: &buffer)
        // The pieces around a hole, over their own half-block cells (the hole keeps those).
        if !image.pixelPieces.isEmpty, image.cols <= area.width, image.rows <= area.height {
            for piece in image.pixelPieces {
                let origin = Point(x: area.x + dx + piece.offset.x, y: area.y + dy + piece.offset.y)
                buffer.place(piece.image, at: origin, fallback: image, fallbackOrigin: Point(x: area.x + dx, y: area.y + dy))
            }
        }
    }

    private func drawCells(dx: Int, dy: Int, in area: Rect, buffer: inout Buffer) {
        // The rows and columns inside the area, worked out once (a full repaint draws about
        // 9,000 of these cells at 200x60).
        let firstRow = max(0, -dy), endRow = min(image.rows, area.maxY - (area.y + dy))
        let firstCol = max(0, -dx), endCol = min(image.cols, area.maxX - (area.x + dx))
        guard firstRow < endRow, firstCol < endCol else { return }
        let top = image.top, bottom = image.bottom
        for row in firstRow..<endRow {
            let y = area.y + dy + row
            for col in firstCol..<endCol {
                let i = row * image.cols + col
                buffer.set(HalfBlockImage.cell(top: top[i], bottom: bottom[i]), at: Point(x: area.x + dx + col, y: y))
            }
        }
    }
}
