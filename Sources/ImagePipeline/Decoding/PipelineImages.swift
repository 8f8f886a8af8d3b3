/// Decoded pixels, 8-bit RGB, row-major, no padding.
public struct PixelImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rgb: [UInt8]
    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }
    /// Exact bytes held (the array's elements plus its header), for the memory cache's accounting.
    public var cost: Int { rgb.count + 64 }
}

/// One colour, 8 bits a channel.
public struct RGB: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
}

/// Ready-to-draw half-block cells: `cols` × `rows`, row-major; each cell is the colour of its
/// top pixel (foreground of `▀`) and bottom pixel (background). `nil` marks a transparent /
/// empty pixel (the margin left by `.fit`).
public struct CellImage: Sendable, Equatable {
    public struct Cell: Sendable, Hashable {
        public var top: RGB?
        public var bottom: RGB?
        public init(top: RGB?, bottom: RGB?) { self.top = top; self.bottom = bottom }
    }
    public let cols: Int
    public let rows: Int
    public let cells: [Cell]
    public init(cols: Int, rows: Int, cells: [Cell]) {
        self.cols = cols
        self.rows = rows
        self.cells = cells
    }
    public var cost: Int { cells.count * MemoryLayout<Cell>.stride + 64 }
}

/// Bytes to pixels. The default routes JPEG/PNG/GIF to ImageCore; tests use fakes.
public protocol ImageDecoding: Sendable {
    func decode(_ data: [UInt8]) throws -> PixelImage
}

/// Pixels to cells for a request's box, fit and colour mode.
public protocol ImageRendering: Sendable {
    func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage
}
