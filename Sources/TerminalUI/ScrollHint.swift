/// A view's statement of what a band of rows shows: line `line` of document `document` at row
/// `top`. Two frames whose anchors name the same band and document differ by a scroll of the
/// difference in lines, so the renderer scrolls the band (DECSTBM + SU/SD) and writes only the
/// new lines and the cells that still differ (the selection moving, a name bar): the exact
/// row match of `BufferDiff.detectScroll` never succeeds in the real grid, where the highlight
/// changes a few cells of every shifted row.
///
/// The hint only chooses the scroll; the cells are still diffed against the scrolled screen,
/// so a wrong hint costs bytes, never a wrong picture.
public struct ScrollHint: Hashable, Sendable {
    /// First and last row (inclusive) of the band.
    public var top: Int
    public var bottom: Int
    /// What the band shows (a list and its layout): a different document never scrolls.
    public var document: Int
    /// The document line at row `top`.
    public var line: Int

    public init(top: Int, bottom: Int, document: Int, line: Int) {
        self.top = top
        self.bottom = bottom
        self.document = document
        self.line = line
    }
}

extension BufferDiff {
    /// The scroll the two frames' anchors describe, if they name the same band and document and
    /// the shift leaves part of the band on screen.
    static func hintedScroll(_ front: Buffer, _ back: Buffer) -> Scroll? {
        guard let a = front.scrollHint, let b = back.scrollHint,
              a.top == b.top, a.bottom == b.bottom, a.document == b.document,
              a.top >= 0, a.bottom < back.size.height, a.top < a.bottom else { return nil }
        let amount = b.line - a.line
        guard amount != 0, abs(amount) <= a.bottom - a.top else { return nil }
        return Scroll(top: a.top, bottom: a.bottom, amount: amount)
    }

    /// What a terminal that moves sixel/iTerm2 pictures with its text shows after scrolling:
    /// the whole screen scrolls (xterm 379 moves every picture by the scroll whatever the
    /// margins, so a band scroll would leave pictures over the header; mlterm moves them like
    /// text), pictures pushed wholly off the screen are gone, and pictures pushed partly off
    /// the bottom are wiped with `CSI J` from their first row (xterm keeps their pixels over
    /// any text written there; only an erase clears them). A picture cut by the top edge
    /// cannot be wiped without erasing the rows above it: nil then (a full repaint follows).
    static func movingPictures(_ s: Scroll, front: Buffer) -> (scroll: Scroll, base: Buffer, eraseFrom: Int?)? {
        guard front.images.allSatisfy({ $0.image.graphics == .sixel || $0.image.graphics == .iterm2 }) else { return nil }
        let h = front.size.height, w = front.size.width
        let full = Scroll(top: 0, bottom: h - 1, amount: s.amount)
        var base = applying(full, to: front)
        var moved: [ImagePlacement] = []
        var eraseFrom: Int?
        for p in front.images {
            let q = p.shifted(by: -s.amount)
            if q.rect.maxY <= 0 || q.rect.minY >= h { continue }
            if q.rect.minY < 0 { return nil }
            if q.rect.maxY > h { eraseFrom = min(eraseFrom ?? q.rect.minY, q.rect.minY); continue }
            moved.append(q)
        }
        if let e = eraseFrom {
            for i in (e * w)..<(h * w) { base.cells[i] = .blank }
            moved.removeAll { $0.rect.maxY > e }
        }
        base.images = moved
        return (full, base, eraseFrom)
    }
}

extension ImagePlacement {
    /// The same picture `dy` rows lower (negative: higher).
    func shifted(by dy: Int) -> ImagePlacement {
        ImagePlacement(image: image, rect: Rect(x: rect.x, y: rect.y + dy, width: rect.width, height: rect.height), crop: crop,
                       fallback: fallback, fallbackOrigin: Point(x: fallbackOrigin.x, y: fallbackOrigin.y + dy))
    }
}
