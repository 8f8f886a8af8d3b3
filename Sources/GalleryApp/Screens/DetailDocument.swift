import TerminalUI

/// The scrolling part of a detail page drawn off-screen at the viewport's width: the view
/// copies the visible lines, `update` uses its height to clamp scrolling and its named blocks
/// to keep the same part on screen when a resize re-wraps the text.
struct DetailDocument {
    var buffer: Buffer
    /// Named blocks and their first line, in document order.
    var anchors: [(name: String, line: Int)]
    /// First line of the covers strip, if the page shows one.
    var stripLine: Int?

    var height: Int { buffer.size.height }

    func line(of block: String) -> Int? { anchors.first { $0.name == block }?.line }

    /// The block that holds `line` and how far into it the line is.
    func block(at line: Int) -> (name: String, offset: Int)? {
        guard let anchor = anchors.last(where: { $0.line <= line }) else { return nil }
        return (anchor.name, line - anchor.line)
    }

    /// The document of the top page for a layout (nil while the page is loading).
    static func build(_ page: DetailPage, layout: DetailLayout, strings: Strings, theme: Theme) -> DetailDocument? {
        guard let content = page.content else { return nil }
        var writer = DocumentWriter(width: layout.viewport.width)
        if layout.pictureInDocument {
            writer.begin("picture")
            let picture = layout.pictureSize
            let ref = content.picture
            writer.add(height: picture.height + 1) { buffer, y, width in
                let frame = Rect(x: max(0, (width - picture.width) / 2), y: y, width: picture.width, height: picture.height)
                DetailPicture.draw(page: page, ref: ref, in: frame, theme: theme, into: &buffer)
            }
        }
        switch content {
        case .character(let character):
            CharacterDocument.write(character, page: page, strings: strings, theme: theme, into: &writer)
        case .comic(let comic):
            ComicDocument.write(comic, page: page, strings: strings, theme: theme, into: &writer)
        case .entity(let entity):
            EntityDocument.write(entity, page: page, strings: strings, theme: theme, into: &writer)
        }
        return writer.finish()
    }
}

/// Collects the blocks of a document, then draws them into one buffer of the total height.
struct DocumentWriter {
    typealias Draw = (inout Buffer, Int, Int) -> Void
    let width: Int
    private var parts: [(height: Int, draw: Draw)] = []
    private var anchors: [(name: String, line: Int)] = []
    private var stripLine: Int?
    private var line = 0

    init(width: Int) { self.width = max(1, width) }

    mutating func begin(_ block: String) { anchors.append((block, line)) }

    mutating func add(height: Int, _ draw: @escaping Draw) {
        parts.append((height, draw))
        line += height
    }

    mutating func blank() { add(height: 1) { _, _, _ in } }

    /// The most lines one block of text takes: a description of megabytes is cut there with
    /// "…" (what a page shows, and what each frame draws, stays a few screens).
    static let maxTextLines = 200

    /// Wrapped text, one style.
    mutating func text(_ text: String, style: Style = .plain, indent: Int = 0) {
        let lines = Paragraph.wrap(text, width: max(1, width - indent), maxLines: Self.maxTextLines)
        add(height: lines.count) { buffer, y, _ in
            for (n, line) in lines.enumerated() {
                buffer.put(line, at: Point(x: indent, y: y + n), style: style)
            }
        }
    }

    /// A section heading.
    mutating func heading(_ text: String, theme: Theme) {
        add(height: 1) { buffer, y, width in
            buffer.put(text, at: Point(x: 0, y: y), style: theme.sectionHeading, maxWidth: width)
        }
    }

    mutating func markStrip() { stripLine = line }

    func finish() -> DetailDocument {
        var buffer = Buffer(size: Size(width: width, height: max(1, line)))
        var y = 0
        for part in parts {
            part.draw(&buffer, y, width)
            y += part.height
        }
        return DetailDocument(buffer: buffer, anchors: anchors, stripLine: stripLine)
    }
}

/// The page's own picture, or what stands in for it while it loads / when there is none.
enum DetailPicture {
    /// In kitty the picture stays pixels under text drawn over it (the help, a backdrop's panel).
    static func draw(page: DetailPage, ref: ImageRef?, in frame: Rect, theme: Theme, into buffer: inout Buffer) {
        if let image = page.image {
            buffer.render(HalfBlockImage(image, staysUnderText: true), in: frame)
        } else if ref == nil || ref?.isPlaceholder == true || page.imageFailed {
            TileView.drawPlaceholder(for: title(of: page), in: frame, theme: theme, into: &buffer)
        } else {
            TileView.drawLoading(in: frame, theme: theme, into: &buffer)
        }
    }

    static func title(of page: DetailPage) -> String {
        page.content?.title ?? page.knownTitle ?? ""
    }
}
