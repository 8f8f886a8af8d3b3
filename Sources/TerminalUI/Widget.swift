/// Something that draws itself into an area of a buffer. Widgets are values built by `view`.
public protocol Widget {
    func render(in area: Rect, buffer: inout Buffer)
}

extension Buffer {
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(in: area.intersection(self.area), buffer: &self)
    }
}

/// Line-drawing characters for frames.
public struct BorderGlyphs: Sendable {
    public var horizontal: String, vertical: String
    public var topLeft: String, topRight: String, bottomLeft: String, bottomRight: String
    public static let rounded = BorderGlyphs(horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮",
                                             bottomLeft: "╰", bottomRight: "╯")
    public static let ascii = BorderGlyphs(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+",
                                           bottomLeft: "+", bottomRight: "+")
}

/// A frame around an area with an optional title in the top edge.
public struct Border: Widget {
    public var title: String?
    public var style: Style
    public var glyphs: BorderGlyphs
    public init(title: String? = nil, style: Style = .plain, glyphs: BorderGlyphs = .rounded) {
        self.title = title; self.style = style; self.glyphs = glyphs
    }

    /// The area inside the frame.
    public static func inner(_ area: Rect) -> Rect { area.inset(by: 1) }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width >= 2, area.height >= 2 else { return }
        let h = Cell(glyphs.horizontal, style: style), v = Cell(glyphs.vertical, style: style)
        for x in (area.minX + 1)..<(area.maxX - 1) {
            buffer.set(h, at: Point(x: x, y: area.minY))
            buffer.set(h, at: Point(x: x, y: area.maxY - 1))
        }
        for y in (area.minY + 1)..<(area.maxY - 1) {
            buffer.set(v, at: Point(x: area.minX, y: y))
            buffer.set(v, at: Point(x: area.maxX - 1, y: y))
        }
        buffer.set(Cell(glyphs.topLeft, style: style), at: area.origin)
        buffer.set(Cell(glyphs.topRight, style: style), at: Point(x: area.maxX - 1, y: area.minY))
        buffer.set(Cell(glyphs.bottomLeft, style: style), at: Point(x: area.minX, y: area.maxY - 1))
        buffer.set(Cell(glyphs.bottomRight, style: style), at: Point(x: area.maxX - 1, y: area.maxY - 1))
        if let title, area.width > 4 {
            let t = TextWidth.truncate(" " + title + " ", to: area.width - 4)
            buffer.put(t, at: Point(x: area.minX + 2, y: area.minY), style: style.bold)
        }
    }
}
