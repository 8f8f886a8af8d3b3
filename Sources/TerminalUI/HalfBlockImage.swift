/// A 24-bit colour of one pixel.
public struct RGB: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
    public var color: Color { .rgb(r, g, b) }
}

/// A picture already fitted to cells: each cell shows two stacked pixels (top and bottom).
/// The image library's own type is bridged into this by the app, so TerminalUI stays pure.
public struct HalfBlockCells: Hashable, Sendable {
    public struct Pair: Hashable, Sendable {
        public var top: RGB, bottom: RGB
        public init(top: RGB, bottom: RGB) { self.top = top; self.bottom = bottom }
    }
    public let width: Int
    public let height: Int
    /// Row-major, `width * height` pairs.
    public let pairs: [Pair]

    public init(width: Int, height: Int, pairs: [Pair]) {
        precondition(pairs.count == width * height, "HalfBlockCells needs width*height pairs")
        self.width = width; self.height = height; self.pairs = pairs
    }

    /// From `width × 2·height` RGB pixels (row-major), top pixel row first.
    public init(width: Int, pixelRows: [[RGB]]) {
        let h = pixelRows.count / 2
        var p: [Pair] = []
        p.reserveCapacity(width * h)
        for y in 0..<h {
            for x in 0..<width { p.append(Pair(top: pixelRows[2 * y][x], bottom: pixelRows[2 * y + 1][x])) }
        }
        self.init(width: width, height: h, pairs: p)
    }

    public subscript(x: Int, y: Int) -> Pair { pairs[y * width + x] }
}

/// Places half-block cells: `▀` with fg = top pixel and bg = bottom pixel, or a space with the
/// background when both pixels match. The picture is centred in the area and clipped to it.
public struct HalfBlockImage: Widget {
    public var image: HalfBlockCells
    public var centered: Bool
    public init(_ image: HalfBlockCells, centered: Bool = true) { self.image = image; self.centered = centered }

    public static func cell(_ p: HalfBlockCells.Pair) -> Cell {
        if p.top == p.bottom { return Cell(symbol: " ", style: Style(background: p.bottom.color), width: 1) }
        return Cell(symbol: "▀", style: Style(foreground: p.top.color, background: p.bottom.color), width: 1)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let dx = centered ? max(0, (area.width - image.width) / 2) : 0
        let dy = centered ? max(0, (area.height - image.height) / 2) : 0
        let w = min(image.width, area.width), h = min(image.height, area.height)
        for y in 0..<h {
            for x in 0..<w {
                buffer.set(HalfBlockImage.cell(image[x, y]), at: Point(x: area.minX + dx + x, y: area.minY + dy + y))
            }
        }
    }
}
