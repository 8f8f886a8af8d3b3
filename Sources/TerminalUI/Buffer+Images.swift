/// Pixel pictures on a frame. The view places them like any widget; the cells they cover hold
/// a "picture here" cell, so the diff knows them and text drawn later over part of a picture is
/// noticed by `settleImages` (the picture then gives way to its half-block cells, so the text
/// really covers it: sixel, iTerm2 and kitty through tmux cannot draw text above an image;
/// kitty placed directly can, and keeps its pixels under the text).
extension Buffer {
    /// Places `image` with its top-left cell at `origin`; `fallback` (drawn with its top-left
    /// at `fallbackOrigin`) replaces it where something is drawn over it. With `clip`, only the
    /// part of the picture inside it is placed (`ImagePlacement.crop`): kitty shows it by its
    /// source rectangle or the placeholder cells of that part; a sixel or iTerm2 picture, which
    /// shows whole or not at all, by a piece cut to those cells (`settleImages`). False when
    /// the picture (or its part) does not fit on the buffer: the caller draws half-blocks.
    @discardableResult
    public mutating func place(_ image: TerminalImage, at origin: Point,
                               fallback: HalfBlockCells, fallbackOrigin: Point, staysUnderText: Bool = false,
                               clip: Rect? = nil) -> Bool {
        let whole = Rect(x: origin.x, y: origin.y, width: image.cols, height: image.rows)
        let rect = clip.map { whole.intersection($0) } ?? whole
        guard rect.intersection(area) == rect, !rect.isEmpty else { return false }
        if image.placeholders, image.cols > KittyPlaceholder.maxCells || image.rows > KittyPlaceholder.maxCells { return false }
        var placement = ImagePlacement(image: image, rect: rect, fallback: fallback, fallbackOrigin: fallbackOrigin)
        if rect != whole {
            placement.crop = Rect(x: rect.x - whole.x, y: rect.y - whole.y, width: rect.width, height: rect.height)
        }
        placement.staysUnderText = staysUnderText
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX { set(placement.coverCell(x: x, y: y), at: Point(x: x, y: y)) }
        }
        images.append(placement)
        return true
    }

    /// Asks for `image` to be in the terminal by the end of this frame without placing it: a kitty
    /// picture about to come into view (the next tile row). Other protocols keep nothing in the
    /// terminal, and pictures through tmux placeholders are sent with their placement: ignored.
    public mutating func preload(_ image: TerminalImage) {
        guard image.graphics == .kitty, !image.placeholders, !preloads.contains(where: { $0.id == image.id }) else { return }
        preloads.append(image)
    }

    /// After the whole frame is drawn: every picture whose cells were drawn over (even one) is
    /// taken off the frame and its half-block cells fill the cells still showing it. Also drops
    /// a picture placed twice over the same cells (the later one wins). With a `cutter`, a
    /// sixel or iTerm2 picture drawn over in part keeps the rest as pixels: the pieces around
    /// the cells drawn over (`cutAround`); only the cells of that box turn to half-blocks. Its
    /// part shown by a scrolled viewport (`crop`) is the piece of those cells; without a
    /// cutter that part is its half-blocks (those protocols cannot show part of a picture).
    public mutating func settleImages(cutter: (any PictureCutter)? = nil) {
        guard !images.isEmpty else { return }
        var kept: [ImagePlacement] = []
        kept.reserveCapacity(images.count)
        for p in images {
            var intact = true
            check: for y in p.rect.minY..<p.rect.maxY {
                for x in p.rect.minX..<p.rect.maxX where cells[y * size.width + x] != p.coverCell(x: x, y: y) {
                    intact = false
                    break check
                }
            }
            if intact, p.crop == nil || p.image.graphics == .kitty {
                // A picture over one kept under the text (the covers strip in the backdrop's
                // panel, kitty) is drawn above it: both stay.
                kept.removeAll { $0.rect.intersects(p.rect) && !$0.underText }
                kept.append(p)
                continue
            }
            if p.image.graphics == .kitty && !p.placeholder && p.staysUnderText {
                // kitty draws it under the cells (`underText`): what is drawn over it covers
                // it there, and the rest of it stays pixels (an overlay over the grid, issue 26).
                var under = p
                var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
                var runs: [Rect] = []  // the cells drawn over and dimmed, row by row
                let opaqueHere = opaque.filter { $0.intersects(p.rect) }
                for y in p.rect.minY..<p.rect.maxY {
                    var start: Int?
                    for x in p.rect.minX..<p.rect.maxX {
                        let drawnOver = cells[y * size.width + x] != p.coverCell(x: x, y: y)
                        if drawnOver { minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y) }
                        // An opaque box (the help) hides the picture there: no dimmed veil, and
                        // its cells keep their own colours (the encoder's opaque veil is under them).
                        guard drawnOver, !opaqueHere.contains(where: { $0.contains(Point(x: x, y: y)) }) else {
                            if let s = start { runs.append(Rect(x: s, y: y, width: x - s, height: 1)) }
                            start = nil
                            continue
                        }
                        cells[y * size.width + x] = p.veiled(cells[y * size.width + x], x: x, y: y)
                        if start == nil { start = x }
                    }
                    if let s = start { runs.append(Rect(x: s, y: y, width: p.rect.maxX - s, height: 1)) }
                }
                under.veil = Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
                under.veils = runs.isEmpty ? [] : Self.groups(of: runs, within: Self.bounds(of: runs))
                // One kept under the text too stays (the backdrop under a cover the help is
                // drawn over: removing it blacked out the page in kitty 0.26.5); the encoder
                // places the later one above it (`PixelPictureLayer.underTextZ`).
                kept.removeAll { $0.rect.intersects(p.rect) && !$0.underText }
                kept.append(under)
                continue
            }
            if let cutter, let pieces = cutAround(p, cutter: cutter) {
                // Pieces of a part shown by a scrolled viewport are not where those pixels were
                // in the whole picture: the encoder may not count them as covering it.
                if p.crop == nil { cutAway.insert(p.image.id) }
                for piece in pieces {
                    kept.removeAll { $0.rect.intersects(piece.rect) && !$0.underText }
                    kept.append(piece)
                }
                continue
            }
            for y in p.rect.minY..<p.rect.maxY {
                for x in p.rect.minX..<p.rect.maxX where cells[y * size.width + x] == p.coverCell(x: x, y: y) {
                    cells[y * size.width + x] = p.fallbackCell(x: x, y: y)
                }
            }
        }
        images = kept
    }

    /// A sixel or iTerm2 picture drawn over in part, or shown in part (`crop`): the pieces of
    /// it around the box of the cells drawn over (at most four, `Rect.around`; the part shown
    /// when nothing is drawn over it), each placed where it was; the cells of the box not
    /// drawn over get the picture's half-blocks. nil when it is not such a picture or a piece
    /// cannot be cut (then it all gives way to half-blocks).
    private mutating func cutAround(_ p: ImagePlacement, cutter: any PictureCutter) -> [ImagePlacement]? {
        guard p.image.graphics == .sixel || p.image.graphics == .iterm2 else { return nil }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in p.rect.minY..<p.rect.maxY {
            for x in p.rect.minX..<p.rect.maxX where cells[y * size.width + x] != p.coverCell(x: x, y: y) {
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        // Nothing drawn over a part shown: that part is the one piece (an empty hole).
        let hole = maxX >= minX ? Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            : Rect(x: p.rect.x, y: p.rect.y, width: 0, height: 0)
        guard !hole.isEmpty || p.crop != nil else { return nil }
        // The picture's cells from its top-left corner: a part shown starts at its crop.
        let shown = p.crop?.origin ?? Point(x: 0, y: 0)
        var pieces: [ImagePlacement] = []
        for rect in p.rect.around(hole) {
            let local = Rect(x: rect.x - p.rect.x + shown.x, y: rect.y - p.rect.y + shown.y, width: rect.width, height: rect.height)
            guard let cut = cutter.piece(of: p.image, cells: local), cut.cols == rect.width, cut.rows == rect.height else { return nil }
            var piece = ImagePlacement(image: cut, rect: rect, fallback: p.fallback, fallbackOrigin: p.fallbackOrigin)
            piece.cutFrom = p.image.id
            pieces.append(piece)
        }
        for y in hole.minY..<hole.maxY {
            for x in hole.minX..<hole.maxX where cells[y * size.width + x] == p.coverCell(x: x, y: y) {
                cells[y * size.width + x] = p.fallbackCell(x: x, y: y)
            }
        }
        return pieces
    }

    /// Every kitty picture drawn as its half-block cells instead, and nothing preloaded (while
    /// `KittyPictureFiles.deciding`: the first screen shows without waiting for the terminal).
    public mutating func showKittyPicturesAsCells() {
        preloads.removeAll()
        var kept: [ImagePlacement] = []
        for p in images {
            guard p.image.graphics == .kitty else { kept.append(p); continue }
            for y in p.rect.minY..<p.rect.maxY {
                for x in p.rect.minX..<p.rect.maxX where cells[y * size.width + x] == p.coverCell(x: x, y: y) {
                    cells[y * size.width + x] = p.fallbackCell(x: x, y: y)
                }
            }
        }
        images = kept
    }

    /// The bounding box of `rects` (not empty).
    static func bounds(of rects: [Rect]) -> Rect {
        let x0 = rects.map(\.minX).min()!, y0 = rects.map(\.minY).min()!
        return Rect(x: x0, y: y0, width: rects.map(\.maxX).max()! - x0, height: rects.map(\.maxY).max()! - y0)
    }

    /// The bounding boxes of the groups of `runs` (one row each) that touch, row to row or
    /// overlapping; `whole` when there would be more than four (one veil is enough there).
    static func groups(of runs: [Rect], within whole: Rect) -> [Rect] {
        var boxes: [Rect] = []
        for run in runs {
            var box = run
            // A run joins every box it touches (the row above, or overlapping after a merge).
            while let i = boxes.firstIndex(where: { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height + 1).intersects(box) }) {
                let b = boxes.remove(at: i)
                let x0 = min(b.minX, box.minX), y0 = min(b.minY, box.minY)
                box = Rect(x: x0, y: y0, width: max(b.maxX, box.maxX) - x0, height: max(b.maxY, box.maxY) - y0)
            }
            boxes.append(box)
            if boxes.count > 4 * max(1, whole.height) { return [whole] }
        }
        return boxes.count <= 4 ? boxes : [whole]
    }

    /// The cell at `point` as it looks: under a directly placed picture, the picture's
    /// half-block cell there (its colours), else the cell itself.
    public func shownCell(at point: Point) -> Cell {
        let cell = self[point.x, point.y]
        guard cell == ImagePlacement.cover,
              let p = images.last(where: { !$0.placeholder && $0.rect.contains(point) }) else { return cell }
        return p.fallbackCell(x: point.x, y: point.y)
    }

    /// True when a picture is drawn by the terminal at a position (not by placeholder text):
    /// the terminal must then not scroll the screen under it.
    public var hasPlacedImages: Bool { images.contains { !$0.placeholder } }
}

extension Rect {
    /// True when the two rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// This rectangle without `hole`, as at most four rectangles: the full-height columns left
    /// and right of it, then the parts above and below it (empty ones left out).
    public func around(_ hole: Rect) -> [Rect] {
        let h = intersection(hole)
        guard !h.isEmpty else { return isEmpty ? [] : [self] }
        return [
            Rect(x: minX, y: minY, width: h.minX - minX, height: height),
            Rect(x: h.maxX, y: minY, width: maxX - h.maxX, height: height),
            Rect(x: h.minX, y: minY, width: h.width, height: h.minY - minY),
            Rect(x: h.minX, y: h.maxY, width: h.width, height: maxY - h.maxY),
        ].filter { !$0.isEmpty }
    }
}

extension Buffer {
    /// After copying lines `top...` of `source` (an off-screen document) into `viewport`: its
    /// pictures are placed at their new position, a picture the viewport cuts by the part of it
    /// inside the viewport, cut at the cell boundary (kitty: its source rectangle; sixel and
    /// iTerm2: a piece of those cells, `settleImages`); a part that cannot be placed is drawn
    /// as half-block cells.
    public mutating func copyImages(from source: Buffer, top: Int, into viewport: Rect) {
        for p in source.images {
            let dx = viewport.x, dy = viewport.y - top
            let rect = Rect(x: p.rect.x + dx, y: p.rect.y + dy, width: p.rect.width, height: p.rect.height)
            // The whole picture's top-left (the source may already show only part of it).
            let origin = Point(x: rect.x - (p.crop?.x ?? 0), y: rect.y - (p.crop?.y ?? 0))
            let fallbackOrigin = Point(x: p.fallbackOrigin.x + dx, y: p.fallbackOrigin.y + dy)
            let visible = rect.intersection(viewport).intersection(area)
            guard !visible.isEmpty else { continue }
            if place(p.image, at: origin, fallback: p.fallback, fallbackOrigin: fallbackOrigin, staysUnderText: p.staysUnderText,
                     clip: visible) {
                continue
            }
            let moved = ImagePlacement(image: p.image, rect: rect, fallback: p.fallback, fallbackOrigin: fallbackOrigin)
            for y in visible.minY..<visible.maxY {
                for x in visible.minX..<visible.maxX where cells[y * size.width + x] == moved.coverCell(x: x, y: y) {
                    cells[y * size.width + x] = moved.fallbackCell(x: x, y: y)
                }
            }
        }
    }
}
