/// A picture already encoded for a pixel protocol and sized to whole cells: the pixel rendition
/// of a `HalfBlockCells`, made by ImageCore. The pure core only places it (`Buffer.place`);
/// the encoder writes it. Two values with the same `id` hold the same picture, so equality and
/// hashing look at the id and the geometry, never at the payload.
public struct TerminalImage: Sendable, Hashable {
    /// Session-unique number of this picture (kitty's image id `i=`).
    public let id: UInt32
    public let graphics: GraphicsProtocol
    /// kitty through tmux: shown by Unicode placeholder cells (`KittyPlaceholder`).
    public let placeholders: Bool
    /// Cells the picture covers.
    public let cols: Int
    public let rows: Int
    /// PNG bytes (kitty, iTerm2) or the sixel stream (sixel).
    public let payload: [UInt8]
    /// The picture's own size in pixels (what the terminal decodes and stores).
    public let pixelSize: Size
    /// Its pixels fill every cell it covers (fitted to whole cells, not the short last row or
    /// column of a contain-fitted picture): drawn over a cell, it hides whatever was there.
    public let fillsCells: Bool

    public init(id: UInt32, graphics: GraphicsProtocol, placeholders: Bool = false, cols: Int, rows: Int,
                payload: [UInt8], pixelSize: Size? = nil, fillsCells: Bool = false) {
        self.id = id
        self.fillsCells = fillsCells
        self.graphics = graphics
        self.placeholders = placeholders && graphics == .kitty
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        self.payload = payload
        self.pixelSize = pixelSize ?? Size(width: self.cols * GraphicsMode.defaultCell.width,
                                           height: self.rows * GraphicsMode.defaultCell.height)
    }

    /// Bytes the terminal keeps for it once decoded (kitty stores 4 bytes a pixel and counts
    /// them against its storage quota).
    public var storedBytes: Int { pixelSize.width * pixelSize.height * 4 }

    public static func == (a: TerminalImage, b: TerminalImage) -> Bool {
        a.id == b.id && a.graphics == b.graphics && a.cols == b.cols && a.rows == b.rows
    }

    public func hash(into h: inout Hasher) {
        h.combine(id)
        h.combine(cols)
        h.combine(rows)
    }
}

/// A piece of a picture's pixel rendition, `offset` cells from the picture's top-left corner.
/// A picture with a hole (the backdrop layout's panel) is shown by the pieces around the hole,
/// so the text drawn in the hole covers nothing: no protocol crops a placed picture everywhere
/// (sixel and iTerm2 cannot), but every protocol shows a smaller picture.
public struct PicturePiece: Sendable, Hashable {
    public let offset: Point
    public let image: TerminalImage
    public init(offset: Point, image: TerminalImage) { self.offset = offset; self.image = image }
}

/// How a run draws pictures: the protocol, whether kitty images go through tmux as Unicode
/// placeholders, and the cell size in pixels (every picture is scaled to its exact box).
public struct GraphicsMode: Sendable, Hashable {
    public var graphics: GraphicsProtocol
    /// kitty inside tmux (passthrough on): images are transmitted through tmux and shown by
    /// U+10EEEE placeholder cells, which tmux scrolls and clears like any text.
    public var tmuxPlaceholders: Bool
    /// One cell in pixels.
    public var cellPixels: Size
    /// The terminal moves sixel/iTerm2 pictures with its text when it scrolls (xterm, mlterm:
    /// `PictureScroll`), so a grid scroll carries them and only the new row's are drawn.
    public var picturesMoveWithScroll = false
    /// The terminal's default background and foreground when it said (OSC 11 / OSC 10): what
    /// the kitty canvas paints for cells on the default colours (`PixelPictureLayer+KittyCanvas`).
    public var defaultColors: TerminalColors?

    /// Cell size when the terminal did not say (a common 10x20 cell).
    public static let defaultCell = Size(width: 10, height: 20)

    public init(graphics: GraphicsProtocol, tmuxPlaceholders: Bool = false, cellPixels: Size? = nil) {
        self.graphics = graphics
        self.tmuxPlaceholders = tmuxPlaceholders && graphics == .kitty
        let cell = cellPixels ?? GraphicsMode.defaultCell
        self.cellPixels = Size(width: min(max(cell.width, 1), 200), height: min(max(cell.height, 1), 400))
    }

    public static let blocks = GraphicsMode(graphics: .blocks)

    /// True when pictures are drawn with the terminal's own pixels.
    public var usesPixels: Bool { graphics != .blocks }

    /// True when a picture can stay under text drawn over it (kitty placed directly: `z` below
    /// INT32_MIN/2 and a veil, `Buffer.settleImages`), so it need not be cut around that text.
    public var picturesUnderText: Bool { graphics == .kitty && !tmuxPlaceholders }
}

/// One picture on a frame: which image, the cells it covers, and the half-block cells drawn in
/// its place wherever something else is drawn over part of it (an overlay, a modal).
public struct ImagePlacement: Sendable, Hashable {
    public let image: TerminalImage
    /// Cells the picture covers: all of it, or the part `crop` names.
    public let rect: Rect
    /// The part of the picture shown, in the picture's cells, when only part of it is (a
    /// detail page scrolled so the viewport's edge cuts it: `Buffer.copyImages`); nil for the
    /// whole picture. kitty shows that part as pixels (`sourcePixels`), and placeholder cells
    /// name its rows and columns; a sixel or iTerm2 one becomes a piece of those cells, a
    /// picture of its own (`Buffer.settleImages`), before it reaches the encoder.
    public internal(set) var crop: Rect?
    /// The half-block rendition and where its top-left cell is on screen.
    let fallback: HalfBlockCells
    let fallbackOrigin: Point
    /// A backdrop or a grid tile (kitty placed directly): text drawn over it leaves it under
    /// the cells, veiled, over the canvas (`PixelPictureLayer+KittyCanvas`: without it kitty 0.26.5
    /// drew changed cells over their old glyphs). Other pictures give way to their half-blocks.
    public var staysUnderText = false
    /// A piece cut out of a sixel/iTerm2 picture around an overlay (`Buffer.settleImages`):
    /// the id of that picture. When it comes back whole over its pieces, it draws every pixel
    /// they showed, so they leave without a clear (`PixelPictureLayer.needsClear`).
    public internal(set) var cutFrom: UInt32?
    /// The cells drawn over part of it (kitty only, `Buffer.settleImages`), their bounding box:
    /// the terminal then draws the picture under the text and under cells with a background
    /// colour, with a dark veil over those cells (PictureProtocols' `KittyGraphics.veilID`).
    public internal(set) var veil: Rect?
    /// The veils laid over those cells: one per group of touching cells drawn over (the
    /// backdrop's panel and the help apart), so the bare picture between two overlays is not
    /// darkened; the bounding box when there would be more than a few.
    public internal(set) var veils: [Rect] = []
    /// True when something is drawn over part of it (`veil`).
    public var underText: Bool { veil != nil }

    public static func == (a: ImagePlacement, b: ImagePlacement) -> Bool {
        a.image == b.image && a.rect == b.rect && a.crop == b.crop && a.veil == b.veil && a.veils == b.veils
    }

    public func hash(into h: inout Hasher) {
        h.combine(image)
        h.combine(rect.x)
        h.combine(rect.y)
    }

    /// kitty Unicode placeholder cells (tmux) instead of a placement at the cursor.
    public var placeholder: Bool { image.placeholders }

    /// What the view leaves in cell (`x`, `y`) of the screen under this picture: a blank that
    /// says "picture here" (never emitted as a style), or the placeholder glyph.
    func coverCell(x: Int, y: Int) -> Cell {
        guard placeholder else { return ImagePlacement.cover }
        return KittyPlaceholder.cell(id: image.id, row: y - rect.y + (crop?.y ?? 0), column: x - rect.x + (crop?.x ?? 0))
    }

    /// The pixels of the picture that `crop` shows (kitty's source rectangle `x,y,w,h`), cut at
    /// the cell boundaries as the terminal spreads the picture's pixels over its cells (a
    /// picture fitted to whole cells has exactly `cellPixels` per cell); nil for the whole.
    public var sourcePixels: Rect? {
        guard let crop else { return nil }
        let w = image.pixelSize.width, h = image.pixelSize.height
        let x0 = crop.minX * w / image.cols, x1 = crop.maxX * w / image.cols
        let y0 = crop.minY * h / image.rows, y1 = crop.maxY * h / image.rows
        return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }

    /// The cell under a directly placed picture.
    static let cover = Cell(symbol: " ", style: Style(attributes: .picture), width: 1)

    /// A cell drawn over this picture where the picture stays under it (kitty): a cell on the
    /// terminal's default background gets the picture's colour there at 28 % (the backdrop
    /// panel's shade), and default text a light colour. With a colour the cell covers the
    /// picture (text over the bare pixels did not read), and kitty 0.26.5 repaints it: over a
    /// picture under the cells it left old text in default-background cells (seen).
    func veiled(_ cell: Cell, x: Int, y: Int) -> Cell {
        var cell = cell
        if cell.style.background == .default {
            let half = fallbackCell(x: x, y: y)
            func rgb(_ c: Color) -> (Int, Int, Int)? {
                if case .rgb(let r, let g, let b) = c { return (Int(r), Int(g), Int(b)) }
                return nil
            }
            let colours = [rgb(half.style.foreground), rgb(half.style.background)].compactMap { $0 }
            if colours.isEmpty {
                cell.style.background = .rgb(0x14, 0x14, 0x14)
            } else {
                func mean(_ k: KeyPath<(Int, Int, Int), Int>) -> UInt8 {
                    UInt8(colours.map { $0[keyPath: k] }.reduce(0, +) * 28 / (100 * colours.count))
                }
                cell.style.background = .rgb(mean(\.0), mean(\.1), mean(\.2))
            }
        }
        if cell.style.foreground == .default { cell.style.foreground = .rgb(0xF2, 0xF2, 0xF2) }
        return cell
    }

    /// The half-block cell for screen cell (`x`, `y`).
    func fallbackCell(x: Int, y: Int) -> Cell {
        let col = x - fallbackOrigin.x, row = y - fallbackOrigin.y
        guard col >= 0, row >= 0, col < fallback.cols, row < fallback.rows else { return .blank }
        let i = row * fallback.cols + col
        return HalfBlockImage.cell(top: fallback.top[i], bottom: fallback.bottom[i])
    }
}
