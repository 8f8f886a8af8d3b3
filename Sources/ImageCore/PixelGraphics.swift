import Foundation
import PictureProtocols
import Synchronization
import TerminalUI

/// The pixel box a picture gets: `cols` x `rows` cells of `cell` pixels each, the picture
/// fitted inside it (contain) at its own aspect.
public struct PixelBox: Sendable, Hashable {
    public var cols: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int

    /// Cell sizes when the terminal did not say (a common 10x20 cell).
    public static let defaultCell = (width: 10, height: 20)
    /// Larger pictures are scaled down first: terminals refuse huge images.
    public static let maxPixels = 4096

    public init(cols: Int, rows: Int, cellWidth: Int?, cellHeight: Int?) {
        self.cols = max(cols, 1)
        self.rows = max(rows, 1)
        self.cellWidth = min(max(cellWidth ?? PixelBox.defaultCell.width, 1), 200)
        self.cellHeight = min(max(cellHeight ?? PixelBox.defaultCell.height, 1), 400)
    }

    public var size: PixelSize {
        PixelSize(width: min(cols * cellWidth, PixelBox.maxPixels), height: min(rows * cellHeight, PixelBox.maxPixels))
    }

    /// The picture scaled into the box, keeping its aspect.
    public func fit(_ image: RGBImage, mode: FitMode = .contain) -> RGBImage {
        image.fitted(into: size, mode: mode)
    }

    /// Cells the fitted picture covers.
    public func cells(of image: RGBImage) -> (cols: Int, rows: Int) {
        cells(of: PixelSize(width: image.width, height: image.height))
    }

    func cells(of size: PixelSize) -> (cols: Int, rows: Int) {
        ((size.width + cellWidth - 1) / cellWidth, (size.height + cellHeight - 1) / cellHeight)
    }

    /// What goes to the terminal for `decoded` in this box: never more pixels than the
    /// picture's own (a larger one is scaled down to its size in the box). A smaller one is
    /// sent at its own size with the cells it covers for the terminal to scale into when
    /// `terminalScales` (`PictureScaling`: iTerm2, kitty 0.32.2 and later), else scaled up here
    /// (kitty 0.26.5 scales with GL_NEAREST: see docs/pictures.md for what that costs).
    public func sent(_ decoded: RGBImage, fit mode: FitMode = .contain, terminalScales: Bool) -> SentPicture {
        guard terminalScales, decoded.width > 0, decoded.height > 0 else { return SentPicture(image: fit(decoded, mode: mode)) }
        switch mode {
        case .contain:
            let drawn = decoded.containSize(in: size)
            guard drawn.width > decoded.width, drawn.height > decoded.height else { return SentPicture(image: fit(decoded, mode: mode)) }
            return SentPicture(image: decoded, cells: cells(of: drawn))
        case .cover:
            let region = decoded.coverRegion(size)
            guard Double(size.width) > region.width, Double(size.height) > region.height else {
                return SentPicture(image: fit(decoded, mode: mode))
            }
            let crop = decoded.cropped(x: Int(region.x0.rounded()), y: Int(region.y0.rounded()),
                                       width: Int(region.width.rounded()), height: Int(region.height.rounded()))
            return SentPicture(image: crop, cells: cells(of: size))
        }
    }
}

/// A picture as it goes to the terminal: at its pixels, or scaled by the terminal into `cells`.
public struct SentPicture: Sendable {
    public var image: RGBImage
    /// The cells the terminal scales `image` into; nil: drawn at its own pixels.
    public var cells: (cols: Int, rows: Int)?

    public init(image: RGBImage, cells: (cols: Int, rows: Int)? = nil) {
        self.image = image
        self.cells = cells
    }
}

/// One picture, already fitted to its pixel box, as the bytes of a pixel protocol that show it
/// at the cursor (render, demo). Half-blocks are not a pixel protocol: nil.
public enum PixelPicture {
    /// `kittyFile`, when given, offers kitty's payload to go as a temporary file (`render` with
    /// a terminal on this machine); true when the terminal took it, so only a placement follows.
    public static func show(_ image: RGBImage, using graphics: GraphicsProtocol, id: UInt32 = 1, box: PixelBox,
                            kittyFile: ((_ png: [UInt8], _ id: UInt32) -> Bool)? = nil) throws(ImageError) -> [UInt8]? {
        try show(SentPicture(image: image), using: graphics, id: id, box: box, kittyFile: kittyFile)
    }

    /// `picture` with its cells when the terminal scales it (kitty `c=,r=`; iTerm2 keeps the
    /// aspect inside its cells). Sixel has no scaling: its picture is always at its pixels.
    public static func show(_ picture: SentPicture, using graphics: GraphicsProtocol, id: UInt32 = 1, box: PixelBox,
                            kittyFile: ((_ png: [UInt8], _ id: UInt32) -> Bool)? = nil) throws(ImageError) -> [UInt8]? {
        let image = picture.image
        switch graphics {
        case .kitty:
            let png = try TerminalImages.kittyPNG(image)
            let cells = picture.cells
            if let kittyFile, kittyFile(png, id) { return KittyGraphics.showAtCursor(id: id, cols: cells?.cols, rows: cells?.rows) }
            return KittyGraphics.transmitAndShow(png: png, id: id, cols: cells?.cols, rows: cells?.rows)
        case .sixel: return try SixelGraphics.encode(image)
        case .iterm2:
            let cells = picture.cells ?? box.cells(of: image)
            return ITerm2Graphics.show(file: try TerminalImages.jpeg(image), cols: cells.cols, rows: cells.rows)
        case .blocks: return nil
        }
    }
}

/// Pictures for the screens' pixel protocols: the decoded pixels scaled to the exact pixel box
/// of their cells, encoded for the protocol (a fast PNG for kitty, `KittyPayload`, JPEG for iTerm2, libsixel for sixel) and
/// numbered once, so a picture drawn again is the same kitty image, never sent twice.
public enum TerminalImages {
    /// A picture fitted to the pixel box of its cells, and the cells it covers: what the pixel
    /// renditions are cut from, and what the half-block cells of the same request are made
    /// from, so both show the same part of the picture in the same cells.
    public struct Fitted: Sendable {
        public let image: RGBImage
        public let cols: Int
        public let rows: Int
        let cellWidth: Int
        let cellHeight: Int
        let box: (cols: Int, rows: Int)
        /// The picture fills its box exactly, every cell whole (cover, within the size limit).
        var fillsBox: Bool {
            cols == box.cols && rows == box.rows && image.width == cols * cellWidth && image.height == rows * cellHeight
        }
    }

    /// `image` fitted to a `cols` x `rows` cell box of the mode's cell size; nil for half-blocks.
    public static func fit(_ image: RGBImage, cols: Int, rows: Int, fit: FitMode, mode: GraphicsMode) -> Fitted? {
        guard mode.usesPixels, image.width > 0, image.height > 0 else { return nil }
        let box = PixelBox(cols: cols, rows: rows, cellWidth: mode.cellPixels.width, cellHeight: mode.cellPixels.height)
        let fitted: RGBImage
        if fit == .cover {
            // The part of the picture the half-block path shows (cells as 1x2), scaled to the
            // cells' true pixel box: cropping to the pixel box's own aspect cut more off a
            // tile's sides in kitty (7x15-pixel cells are narrower than 1x2), the initials badge
            // at a picture's left edge among it (issue 22). A cell then looks the same in both.
            let r = image.coverRegion(PixelSize(width: cols, height: rows * 2))
            fitted = image.resized(width: box.size.width, height: box.size.height, box: (r.x0, r.y0, r.x0 + r.width, r.y0 + r.height))
        } else {
            fitted = box.fit(image, mode: fit)
        }
        guard fitted.width > 0, fitted.height > 0 else { return nil }
        let cells = box.cells(of: fitted)
        return Fitted(image: fitted, cols: cells.cols, rows: cells.rows, cellWidth: box.cellWidth, cellHeight: box.cellHeight,
                      box: (box.cols, box.rows))
    }

    /// The pixel rendition of `image` for a `cols` x `rows` cell box; nil for half-blocks.
    public static func make(_ image: RGBImage, cols: Int, rows: Int, fit: FitMode,
                            mode: GraphicsMode) throws(ImageError) -> TerminalImage? {
        guard let fitted = Self.fit(image, cols: cols, rows: rows, fit: fit, mode: mode) else { return nil }
        return try make(fitted, mode: mode)
    }

    /// The pixel rendition of an already fitted picture.
    public static func make(_ fitted: Fitted, mode: GraphicsMode) throws(ImageError) -> TerminalImage? {
        try picture(fitted.image, cols: fitted.cols, rows: fitted.rows, mode: mode)
    }

    /// The pixel rendition of `image` for a `cols` x `rows` cell box without the cells of `hole`
    /// (box coordinates): the pieces left, right, above and below it, each its own picture. The
    /// picture is fitted to the whole box once, so the pieces meet exactly; empty when it does
    /// not fill the box in whole cells (then half-blocks show it all).
    public static func pieces(_ image: RGBImage, cols: Int, rows: Int, fit: FitMode, mode: GraphicsMode,
                              around hole: Rect) throws(ImageError) -> [PicturePiece] {
        guard let fitted = Self.fit(image, cols: cols, rows: rows, fit: fit, mode: mode) else { return [] }
        return try pieces(fitted, mode: mode, around: hole)
    }

    /// The pieces of an already fitted picture around `hole`.
    public static func pieces(_ fitted: Fitted, mode: GraphicsMode, around hole: Rect) throws(ImageError) -> [PicturePiece] {
        guard fitted.fillsBox else { return [] }
        let cw = fitted.cellWidth, ch = fitted.cellHeight
        var pieces: [PicturePiece] = []
        for rect in Rect(x: 0, y: 0, width: fitted.cols, height: fitted.rows).around(hole) {
            let crop = fitted.image.cropped(x: rect.x * cw, y: rect.y * ch, width: rect.width * cw, height: rect.height * ch)
            guard let picture = try picture(crop, cols: rect.width, rows: rect.height, mode: mode) else { return [] }
            pieces.append(PicturePiece(offset: rect.origin, image: picture))
        }
        return pieces
    }

    /// `image` (already at its cells' pixel size) encoded for the protocol, under a new id.
    static func picture(_ image: RGBImage, cols: Int, rows: Int, mode: GraphicsMode) throws(ImageError) -> TerminalImage? {
        let payload: [UInt8]
        switch mode.graphics {
        case .kitty: payload = try kittyPNG(image)
        case .iterm2: payload = try jpeg(image)
        case .sixel: payload = try SixelGraphics.encode(image)
        case .blocks: return nil
        }
        return TerminalImage(id: ids.next(), graphics: mode.graphics, placeholders: mode.tmuxPlaceholders,
                             cols: cols, rows: rows, payload: payload,
                             pixelSize: Size(width: image.width, height: image.height),
                             fillsCells: image.width == cols * mode.cellPixels.width && image.height == rows * mode.cellPixels.height)
    }

    /// kitty's payload: the PNG of `PictureProtocols.KittyPayload` (Up filter, ISA-L igzip level 1),
    /// the one encoder of kitty pixels.
    public static func kittyPNG(_ image: RGBImage) throws(ImageError) -> [UInt8] {
        guard let png = KittyPayload.png(image.pixels, width: image.width, height: image.height) else {
            throw .encodeFailed(format: .png, reason: "kitty PNG of \(image.width)x\(image.height)")
        }
        return png
    }

    /// iTerm2's payload: a JPEG (iTerm2, WezTerm and mlterm decode it), a small fraction of a
    /// PNG's encode time. 4:4:4: a tile is small, and 4:2:0 halves its colour edges
    /// (PixelGraphicsTests scores both against the source).
    static func jpeg(_ image: RGBImage) throws(ImageError) -> [UInt8] {
        try ImageEncoder.jpeg(image, quality: jpegQuality, fullChroma: true)
    }

    static let jpegQuality = 85

    /// Image numbers for this process: from a random start, so two programs sharing a terminal
    /// (tmux panes) rarely meet; below 2^24, so a placeholder's colour can spell them.
    static let ids = ImageIDs()

    final class ImageIDs: Sendable {
        private let last = Mutex(UInt32.random(in: 1..<(1 << 22)))
        func next() -> UInt32 {
            last.withLock { last in
                last = last >= (1 << 24) - 1 ? 1 : last + 1
                return last
            }
        }
    }
}
