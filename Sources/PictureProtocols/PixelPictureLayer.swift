import TerminalUI

/// The pictures of the frames an `ANSIEncoder` writes, in the terminal's own pixels (kitty,
/// sixel, iTerm2), and what it knows of the pictures on the terminal: shown, stored, sent as
/// files, sent ahead, the kitty canvas.
public struct PixelPictureLayer: PictureLayer {
    /// Placements the terminal shows now.
    var shown: [ImagePlacement] = []
    /// kitty pictures the terminal stores: each transmitted once while it stays there, the
    /// least recently shown freed when they outgrow the budget.
    var stored = KittyImageStore()
    var transmits = 0
    var frees = 0
    /// The z each kitty picture shown now was placed at (a change re-places it).
    var placedZ: [UInt32: Int] = [:]
    /// Where kitty pictures are written as temporary files (nil: streamed), and the file of
    /// each picture sent so (`PixelPictureLayer+KittyFiles`).
    public var files: (any KittyPictureFiles)?
    var filesSent: [UInt32: String] = [:]
    /// The opaque boxes placed now (`KittyGraphics.opaqueID`) and the colour they were sent in.
    var opaque: [Rect] = []
    var opaqueColour: RGB?
    /// The terminal failed to read one: every later picture is streamed.
    var filesOff = false
    /// Streamed pictures sent ahead, written between frames (`PixelPictureLayer+SentAhead`).
    var ahead = SentAhead()
    var fileTransmits = 0
    var fileFailures = 0
    var unreadFiles = 0
    /// The canvas placed now, its pixels (`PixelPictureLayer+KittyCanvas`); nil: none placed.
    var canvas: [UInt8]?

    public init() {}
}

/// Pictures in a frame, written around the cells of the same frame (so one synchronized write
/// holds both): kitty pictures are transmitted once, placed with `a=p` (re-placing moves them)
/// and deleted when they leave; through tmux they are shown by placeholder cells, which are
/// ordinary text; sixel and iTerm2 pictures are written again whenever they or a cell under
/// them change, and a frame that loses one is repainted from a cleared screen (the only way to
/// wipe pixels those protocols leave behind).
extension PixelPictureLayer {
    /// The z of a kitty picture kept under the text: below the cells, and one step lower for
    /// each later picture under the text that overlaps it, so the later one (a cover of the
    /// backdrop's strip, with the help over both) is drawn above it: at one z kitty orders
    /// pictures by when it first stored them.
    static func underTextZ(of index: Int, in target: [ImagePlacement]) -> Int {
        let p = target[index]
        let above = target[(index + 1)...].filter {
            $0.underText && !$0.placeholder && $0.image.graphics == .kitty && $0.rect.intersects(p.rect)
        }.count
        return KittyGraphics.underCells - above
    }

    /// The veil's placement number for the `k`th veil over picture `id` (ids are below 2^24,
    /// `PixelGraphics.ImageIDs`): the first is the picture's id, the others above 2^24.
    static func veilPlacement(_ id: UInt32, _ k: Int) -> UInt32 {
        id | (UInt32(k & 0xFF) << 24)
    }

    /// Pictures transmitted so far (tests and the benchmark).
    public var imagesTransmitted: Int { transmits }
    /// kitty pictures freed in the terminal to stay under the budget, and the bytes it holds.
    public var imagesFreed: Int { frees }
    public var kittyStoredBytes: Int { stored.bytes }

    /// Bytes of decoded kitty pictures the terminal may hold for this program (see
    /// `KittyImageStore`).
    public var kittyStoreBudget: Int {
        get { stored.budget }
        set { stored.budget = max(0, newValue) }
    }

    /// The terminal dropped everything it stored (suspend, leave): send pictures again.
    public mutating func forgetStoredImages() {
        stored.removeAll()
        shown.removeAll()
        canvas = nil
        opaque = []
        ahead.removeAll()
    }

    public func needsClear(for diff: BufferDiff, picturesAreCells: Bool) -> Bool {
        guard !diff.clearScreen else { return false }
        let target = diff.target.images
        // After a scroll that carried the pictures, what the terminal shows is where they moved.
        let shown = diff.picturesAfterScroll ?? self.shown
        return shown.contains { p in
            (p.image.graphics == .sixel || p.image.graphics == .iterm2) && !target.contains(p)
                && !(picturesAreCells && Self.drawnOverWhole(p, target: target, shown: shown))
                && !(picturesAreCells && diff.scroll == nil && Self.cutAndWrittenOver(p, diff: diff))
                && !(picturesAreCells && diff.scroll == nil && Self.replacedByItsOwnPicture(p, diff: diff, shown: shown))
        }
    }

    /// True when `picture` leaves because another part of the same picture takes its place
    /// (the detail page scrolled a row: its visible part is a piece one row shorter, or the
    /// whole again): every cell of it is written this frame or lies under a piece or the whole
    /// of that picture drawn this frame that fills its cells. Text written over sixel pixels
    /// erases them (xterm) and a picture drawn over cells replaces theirs (xterm, mlterm), so
    /// no clear: a scroll step of the stacked page does not blank the screen first.
    static func replacedByItsOwnPicture(_ picture: ImagePlacement, diff: BufferDiff, shown: [ImagePlacement]) -> Bool {
        let root = picture.cutFrom ?? picture.image.id
        let over = diff.target.images.filter { q in
            (q.cutFrom ?? q.image.id) == root && q.image.graphics == picture.image.graphics && q.image.fillsCells
                && !shown.contains(q) && q.rect.intersects(picture.rect)
        }
        return !over.isEmpty && everyCellIsWritten(of: picture, outside: over, diff: diff)
    }

    /// True when `picture` leaves because an overlay covers part or all of it: its pieces
    /// (`Buffer.settleImages`) are drawn this frame over the pixels they show, and every other
    /// cell of it is written this frame. Text written over sixel pixels erases them in xterm
    /// (its `chararea_clear_displayed_graphics` on every write), and mlterm and iTerm2 keep a
    /// picture as cells that text replaces: no clear, so opening the help does not send every
    /// other picture on screen again.
    static func cutAndWrittenOver(_ picture: ImagePlacement, diff: BufferDiff) -> Bool {
        guard picture.cutFrom == nil, diff.target.cutAway.contains(picture.image.id) else { return false }
        let pieces = diff.target.images.filter { $0.cutFrom == picture.image.id && picture.rect.intersection($0.rect) == $0.rect }
        return everyCellIsWritten(of: picture, outside: pieces, diff: diff)
    }

    /// Every cell of `picture` outside the `drawn` pictures is written this frame: text over
    /// sixel pixels erases them (xterm), a cell written replaces a picture kept as cells
    /// (mlterm, iTerm2), so nothing of the leaving picture is left to clear.
    static func everyCellIsWritten(of picture: ImagePlacement, outside drawn: [ImagePlacement], diff: BufferDiff) -> Bool {
        let width = diff.size.width
        let written = Set(diff.changed)
        for y in picture.rect.minY..<picture.rect.maxY {
            for x in picture.rect.minX..<picture.rect.maxX where !drawn.contains(where: { $0.rect.contains(Point(x: x, y: y)) }) {
                if !written.contains(y * width + x) { return false }
            }
        }
        return true
    }

    /// True when `piece`, cut from a picture around an overlay, leaves because that picture
    /// comes back whole where it was (the overlay closed): the picture is drawn this frame
    /// (it is not shown now) and covers every pixel the piece showed, so no clear is needed
    /// (closing the help cost a repaint of every picture on screen).
    static func drawnOverWhole(_ piece: ImagePlacement, target: [ImagePlacement], shown: [ImagePlacement]) -> Bool {
        guard let source = piece.cutFrom else { return false }
        return target.contains { q in
            q.image.id == source && q.cutFrom == nil && q.image.graphics == piece.image.graphics
                && q.rect.intersection(piece.rect) == piece.rect && !shown.contains(q)
        }
    }

    /// Right after a scroll that carried sixel/iTerm2 pictures: the rows holding pictures
    /// pushed partly off the bottom are erased (`CSI J`: the only thing that wipes their pixels
    /// in xterm), and the pictures shown are the moved ones (drawn again only if they changed).
    public mutating func scrolledPictures(_ frame: inout PictureFrame, into out: inout [UInt8]) {
        let diff = frame.diff
        guard let moved = diff.picturesAfterScroll else { return }
        if let row = diff.eraseFrom {
            frame.moveCursor(to: Point(x: 0, y: row), &out)
            out.append(contentsOf: ANSI.eraseBelow)
        }
        shown = moved
    }

    /// Before the cells: kitty placements that left are deleted (`d=i` by placement: the
    /// picture stays stored for when it comes back, the grid's tiles after a detail page, the
    /// covers strip after a comic); a cleared screen forgets all placements.
    public mutating func removePictures(_ frame: inout PictureFrame, into out: inout [UInt8]) {
        let diff = frame.diff
        if diff.clearScreen {
            // Clearing the screen does not remove kitty placements everywhere: delete them all
            // (`d=a`: the stored pictures stay).
            if shown.contains(where: { $0.image.graphics == .kitty && !$0.placeholder }) {
                out.append(contentsOf: KittyGraphics.deletePlacements)
            }
            shown.removeAll()
            canvas = nil
            opaque = []
            return
        }
        let target = diff.target.images
        for p in shown where p.image.graphics == .kitty && !p.placeholder
            && !target.contains(where: { $0.image.id == p.image.id && !$0.placeholder }) {
            out.append(contentsOf: KittyGraphics.deletePlacement(id: p.image.id, placement: 1))
        }
        // A veil whose overlay closed or moved (the rest are placed again by `drawImages`).
        for p in shown where p.veil != nil && !target.contains(p) {
            for k in 0..<max(1, p.veils.count) {
                out.append(contentsOf: KittyGraphics.deletePlacement(id: KittyGraphics.veilID, placement: Self.veilPlacement(p.image.id, k)))
            }
        }
    }

    /// The erase that clears the screen for a full repaint. kitty 0.26.5 frees every stored
    /// picture without a placement on `CSI 2J` (its `grman_clear`), which would lose the tiles
    /// the program keeps there to place again: while it keeps any, the screen is erased from
    /// the top-left corner down (`CSI H CSI J`), which leaves stored pictures alone.
    public mutating func clearScreen(_ frame: inout PictureFrame, into out: inout [UInt8]) {
        if stored.count > 0 {
            out.append(contentsOf: ANSI.home)
            out.append(contentsOf: ANSI.eraseBelow)
            frame.cursor = .zero
        } else {
            out.append(contentsOf: ANSI.clearScreen)
        }
    }

    /// After the cells: what is new, moved or drawn over is written.
    public mutating func drawPictures(_ frame: inout PictureFrame, into out: inout [UInt8]) {
        let diff = frame.diff
        let target = diff.target.images
        let width = diff.size.width
        stored.nextFrame()
        forgetUnreadFiles()
        var frameZ: [UInt32: Int] = [:]
        for (index, p) in target.enumerated() {
            let image = p.image
            switch image.graphics {
            case .kitty where p.placeholder:
                if stored.show(image) {
                    out.append(contentsOf: TmuxPassthrough.wrap(kittyTransmit(image)))
                    out.append(contentsOf: TmuxPassthrough.wrap(KittyGraphics.placeVirtual(id: image.id, cols: image.cols, rows: image.rows)))
                    transmits += 1
                }
            case .kitty:
                if stored.show(image) {
                    out.append(contentsOf: kittyTransmit(image))
                    transmits += 1
                } else if let queued = ahead.take(image.id) {
                    // Sent ahead but not gone yet: it goes now, before its placement.
                    out.append(contentsOf: queued)
                }
                let z = p.underText ? Self.underTextZ(of: index, in: target) : 1
                frameZ[image.id] = z
                if !shown.contains(p) || placedZ[image.id] != z {
                    // Above the text (z=1) while no text shares its cells: kitty's below-text
                    // path left stale text in default-background cells (0.26.5, seen). With
                    // an overlay over it (`underText`), under the cells (`z` below INT32_MIN/2,
                    // the protocol's "z-index"): the overlay's cells, which have a background
                    // colour (`ImagePlacement.veiled`), cover it and the rest stays pixels.
                    // Re-placing when that changes replaces placement 1 in place.
                    frame.moveCursor(to: p.rect.origin, &out)
                    // Part of it (cut by a scrolled viewport): those pixels over those cells.
                    out.append(contentsOf: KittyGraphics.place(id: image.id, placement: 1, cols: p.rect.width, rows: p.rect.height,
                                                               z: z, source: p.sourcePixels))
                }
            case .sixel, .iterm2:
                let touched = diff.clearScreen || !shown.contains(p) || diff.changed.contains { i in
                    p.rect.contains(Point(x: i % width, y: i / width))
                }
                guard touched else { continue }
                frame.moveCursor(to: p.rect.origin, &out)
                if image.graphics == .sixel {
                    out.append(contentsOf: image.payload)
                } else {
                    out.append(contentsOf: ITerm2Graphics.show(file: image.payload, cols: image.cols, rows: image.rows))
                }
                transmits += 1
                frame.cursor = nil  // the terminal leaves the cursor after the picture
            case .blocks:
                continue
            }
        }
        // Veils (overlays over pictures): sending the veil again replaces it and drops its
        // placements, so when any changes it is sent once and every veil of the frame placed.
        let veiled = target.filter { $0.veil != nil && !$0.placeholder }
        if !veiled.isEmpty, veiled != shown.filter({ $0.veil != nil && !$0.placeholder }) {
            out.append(contentsOf: KittyGraphics.transmitVeil)
            for p in veiled {
                for (k, veil) in p.veils.enumerated() {
                    frame.moveCursor(to: veil.origin, &out)
                    out.append(contentsOf: KittyGraphics.placeVeil(placement: Self.veilPlacement(p.image.id, k), cols: veil.width, rows: veil.height))
                }
            }
        }
        drawOpaque(&frame, into: &out)
        drawCanvas(&frame, into: &out)
        shown = target
        placedZ = frameZ
        // Freed before the preloads are sent: kitty 0.26.5's `d=I` would take them too.
        freeImages(placed: Set(target.map(\.image.id)), into: &out)
        // Pictures about to come into view, sent now (not placed) so their scroll is placements only.
        // Streamed, they wait behind the frame when the runner writes them between keys.
        for image in diff.target.preloads where stored.show(image) {
            let bytes = kittyTransmit(image)
            if frame.sendsAheadInPieces && filesSent[image.id] == nil {
                ahead.append(id: image.id, bytes: bytes)
            } else {
                out.append(contentsOf: bytes)
            }
            transmits += 1
        }
    }

    /// The opaque boxes of the frame (the help) while pictures lie under the text: each hides
    /// them entirely (`KittyGraphics.opaqueID`); elsewhere the cells alone are opaque.
    private mutating func drawOpaque(_ frame: inout PictureFrame, into out: inout [UInt8]) {
        let boxes = frame.onCanvas ? frame.diff.target.opaque : []
        let colour = frame.defaultColors.background
        guard boxes != opaque || (!boxes.isEmpty && opaqueColour != colour) else { return }
        if boxes.isEmpty {
            out.append(contentsOf: KittyGraphics.deletePlacements(of: KittyGraphics.opaqueID))
        } else {
            out.append(contentsOf: KittyGraphics.transmitOpaque(colour))
            for (k, box) in boxes.enumerated() {
                frame.moveCursor(to: box.origin, &out)
                out.append(contentsOf: KittyGraphics.placeOpaque(placement: UInt32(k + 1), cols: box.width, rows: box.height))
            }
        }
        opaque = boxes
        opaqueColour = colour
    }

    /// Frees kitty pictures (`a=d,d=I`: their pixels) while the terminal holds more than the
    /// budget; never one on this frame (see `KittyImageStore.evict` for which go).
    private mutating func freeImages(placed: Set<UInt32>, into out: inout [UInt8]) {
        let freed = stored.evict(placed: placed)
        ahead.drop(Set(freed.map(\.id)))
        for (id, placeholders) in freed {
            filesSent[id] = nil
            let free = KittyGraphics.free(id: id)
            out.append(contentsOf: placeholders ? TmuxPassthrough.wrap(free) : free)
        }
        frees += freed.count
    }
}
