import HTTPTransport
import TerminalUI
import ImageCore

/// A cell box on screen: `cols` × `rows` terminal cells. Half-block cells hold two pixels
/// stacked, so the pixel box is `cols` × `2·rows`.
public struct CellBox: Hashable, Sendable, CustomStringConvertible {
    public var cols: Int
    public var rows: Int
    public init(cols: Int, rows: Int) {
        self.cols = max(1, cols)
        self.rows = max(1, rows)
    }
    public var pixelWidth: Int { cols }
    public var pixelHeight: Int { rows * 2 }
    public var description: String { "\(cols)x\(rows)" }
}

/// What is asked for: the image at `url` drawn into `box`. Two requests with the same URL share
/// the download and the decode; each distinct (box, fit, color) gets its own encode.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    public var url: String
    public var box: CellBox
    public var fit: FitMode
    public var color: ColorMode
    /// The terminal's pixel protocol and cell size: pictures then also carry their pixel
    /// rendition (`HalfBlockCells.pixels`), scaled to the box's exact pixels.
    public var graphics: GraphicsMode
    /// Cells of the box (box coordinates) the pixel rendition leaves out, because something is
    /// drawn there over the picture (the backdrop's panel): the pixels then come in pieces
    /// around it (`HalfBlockCells.pixelPieces`).
    public var hole: Rect?
    /// How a palette colour mode's pixels are put on the palette (`--dither`).
    public var dither: Dither = .diffusion
    /// At most this many of the terminal's pixels per source pixel (a page's picture): past
    /// about 2x the pixels show (a 300x450 portrait over a 250x70 kitty backdrop would be 7x, its
    /// edges in stairs). The pixel rendition is then smaller than the box, centred in it.
    public var maxUpscale: Double?

    public init(url: String, box: CellBox, fit: FitMode = .contain, color: ColorMode = .truecolor,
                graphics: GraphicsMode = .blocks) {
        self.url = url
        self.box = box
        self.fit = fit
        self.color = color
        self.graphics = graphics
    }

    /// The host part of the URL, for the per-host transfer cap ("" when it has none).
    public var host: String {
        guard let schemeEnd = url.range(of: "://") else { return "" }
        let rest = url[schemeEnd.upperBound...]
        let hostPort = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(hostPort)
    }

    public var description: String {
        "\(url) @\(box) \(fit.rawValue) \(color.rawValue)" + (graphics.usesPixels ? " \(graphics.graphics.rawValue)" : "")
    }

    /// The disk cache's key for this URL. The embedded catalog server listens on a new
    /// loopback port every run, so for loopback hosts the key is the path alone (the same
    /// picture keeps its cache entry across runs); for any other host it is the whole URL.
    public var cacheKey: String { Self.cacheKey(for: url) }

    public static func cacheKey(for url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let hostPort = rest.prefix { $0 != "/" }
        let host = hostPort.hasPrefix("[") ? String(hostPort.prefix { $0 != "]" }.dropFirst())
                                           : String(hostPort.prefix { $0 != ":" })
        guard Loopback.isLoopback(host: host) else { return url }
        return "loopback:" + rest.dropFirst(hostPort.count)
    }
}

/// Who is waiting decides the order transfers start in: visible cells first, prefetches last.
public enum ImagePriority: Int, Comparable, Sendable, CaseIterable {
    case veryLow = 0
    case low = 1        // prefetch
    case normal = 2
    case high = 3       // visible
    case veryHigh = 4

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    /// Transfers at this priority count against the prefetch cap.
    public var isPrefetch: Bool { self <= .low }
}
