import TerminalUI

/// One grid tile: a frame around the portrait and the name under it. The selected tile gets a
/// heavy accent frame and an accent name bar; its picture is drawn exactly as unselected, so
/// the highlight never hides the character.
enum TileView {
    enum Picture {
        case image(HalfBlockCells)
        /// Still loading: an empty box with a quiet mark.
        case loading
        /// No picture (Marvel's "not available", or a failed load): hatching and initials.
        case none
    }

    /// `label`: the name as cut among the tiles on screen (`TileLabel.fit(_:to:)` of all of
    /// them); by default cut alone.
    static func render(_ character: GalleryItem, picture: Picture, selected: Bool, label: String? = nil,
                       in frame: Rect, theme: Theme, into buffer: inout Buffer) {
        if selected {
            drawHeavyFrame(frame, style: theme.selectedFrame, into: &buffer)
        } else {
            buffer.render(Border(style: character.format.map(FormatPalette.frameStyle) ?? theme.tileFrame), in: frame)
        }
        if let format = character.format { FormatPalette.renderLabel(format, on: frame, into: &buffer) }
        let inner = Border.inner(frame)
        guard inner.height >= 2, inner.width >= 1 else { return }
        let pictureArea = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 1)
        switch picture {
        // In kitty an overlay over it (help, index) keeps it as pixels under the text (issue 26).
        case .image(let image): buffer.render(HalfBlockImage(image, staysUnderText: true), in: pictureArea)
        case .loading: drawLoading(in: pictureArea, theme: theme, into: &buffer)
        case .none: drawPlaceholder(for: character.name, in: pictureArea, theme: theme, into: &buffer)
        }
        let nameRow = Rect(x: inner.x, y: inner.maxY - 1, width: inner.width, height: 1)
        let name = label ?? TileLabel.fit(character.name, to: inner.width)
        let style = selected ? theme.selectedName : theme.name
        if selected { buffer.fill(nameRow, with: Cell(" ", style: style)) }
        let dx = max(0, (inner.width - TextWidth.of(name)) / 2)
        buffer.put(name, at: Point(x: nameRow.x + dx, y: nameRow.y), style: style, maxWidth: inner.width)
    }

    /// A starred tile (favourites): a small mark on the frame's top left corner, over the frame
    /// so it never covers the picture.
    static func drawStar(in frame: Rect, theme: Theme, into buffer: inout Buffer) {
        guard frame.width >= 4, frame.height >= 2 else { return }
        buffer.set(Cell(Theme.starMark, style: theme.star), at: Point(x: frame.minX + 1, y: frame.minY))
    }

    static func drawHeavyFrame(_ frame: Rect, style: Style, into buffer: inout Buffer) {
        guard frame.width >= 2, frame.height >= 2 else { return }
        let g = Theme.heavyFrame
        for x in (frame.minX + 1)..<(frame.maxX - 1) {
            buffer.set(Cell(g[0], style: style), at: Point(x: x, y: frame.minY))
            buffer.set(Cell(g[0], style: style), at: Point(x: x, y: frame.maxY - 1))
        }
        for y in (frame.minY + 1)..<(frame.maxY - 1) {
            buffer.set(Cell(g[1], style: style), at: Point(x: frame.minX, y: y))
            buffer.set(Cell(g[1], style: style), at: Point(x: frame.maxX - 1, y: y))
        }
        buffer.set(Cell(g[2], style: style), at: Point(x: frame.minX, y: frame.minY))
        buffer.set(Cell(g[3], style: style), at: Point(x: frame.maxX - 1, y: frame.minY))
        buffer.set(Cell(g[4], style: style), at: Point(x: frame.maxX - 1, y: frame.maxY - 1))
        buffer.set(Cell(g[5], style: style), at: Point(x: frame.minX, y: frame.maxY - 1))
    }

    static func drawLoading(in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let mark = "···"
        buffer.put(mark, at: Point(x: area.x + max(0, (area.width - 3) / 2), y: area.y + area.height / 2),
                   style: Style(foreground: theme.frame), maxWidth: area.width)
    }

    static func drawPlaceholder(for name: String, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let hatch = Style(foreground: theme.placeholder, attributes: .dim)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where (x + y) % 2 == 0 {
                buffer.set(Cell("╱", style: hatch), at: Point(x: x, y: y))
            }
        }
        let initials = " " + TileView.initials(of: name) + " "
        let width = TextWidth.of(initials)
        buffer.put(initials, at: Point(x: area.x + max(0, (area.width - width) / 2), y: area.y + area.height / 2),
                   style: Style(attributes: .bold), maxWidth: area.width)
    }

    /// Up to two initials from the words of a name ("3-D Man" → "3M", "Thor" → "T").
    static func initials(of name: String) -> String {
        let words = name.split { $0 == " " || $0 == "-" || $0 == "(" }.filter { $0.first?.isLetter == true || $0.first?.isNumber == true }
        return String(words.prefix(2).compactMap(\.first)).uppercased()
    }
}
