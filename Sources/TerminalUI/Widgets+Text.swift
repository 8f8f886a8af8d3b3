public enum Alignment: Sendable { case left, center, right }

/// Text wrapped at word boundaries to the area's width (long words are broken by columns).
public struct Paragraph: Widget {
    public var text: String
    public var style: Style
    public var alignment: Alignment
    public var wrap: Bool
    public init(_ text: String, style: Style = .plain, alignment: Alignment = .left, wrap: Bool = true) {
        self.text = text; self.style = style; self.alignment = alignment; self.wrap = wrap
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let lines = wrap ? Paragraph.wrap(text, width: area.width)
            : text.split(separator: "\n", omittingEmptySubsequences: false).map { TextWidth.truncate(String($0), to: area.width) }
        for (i, line) in lines.prefix(area.height).enumerated() {
            let w = TextWidth.of(line)
            let dx: Int
            switch alignment {
            case .left: dx = 0
            case .center: dx = (area.width - w) / 2
            case .right: dx = area.width - w
            }
            buffer.put(line, at: Point(x: area.minX + max(0, dx), y: area.minY + i), style: style, maxWidth: area.width)
        }
    }

    /// Lines of at most `width` columns. Newlines start new lines; runs of spaces collapse
    /// at a wrap point.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for para in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            for word in para.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var ww = TextWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + ww <= width {
                    line += " " + word; lineWidth += 1 + ww; continue
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                while ww > width {  // a word longer than the line: break it by columns
                    let head = TextWidth.prefix(word, columns: width)
                    if head.isEmpty { break }
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    ww = TextWidth.of(word)
                }
                line = word; lineWidth = ww
            }
            lines.append(line)
        }
        return lines
    }
}

/// One row: text on the left, text on the right, the whole row in one style. The left side is
/// cut with an ellipsis when both do not fit.
public struct StatusLine: Widget {
    public var left: String
    public var right: String
    public var style: Style
    public init(left: String, right: String = "", style: Style = Style().reverse) {
        self.left = left; self.right = right; self.style = style
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.height > 0, area.width > 0 else { return }
        let row = area.row(0)
        buffer.fill(row, with: Cell(" ", style: style))
        let r = TextWidth.truncate(right, to: area.width)
        let rw = TextWidth.of(r)
        let leftRoom = max(0, area.width - rw - (rw > 0 ? 1 : 0))
        buffer.put(TextWidth.truncate(left, to: leftRoom), at: row.origin, style: style)
        buffer.put(r, at: Point(x: row.maxX - rw, y: row.minY), style: style)
    }
}

/// A one-line input with a prompt and a cursor; scrolls horizontally to keep the cursor visible.
public struct SearchField: Widget {
    public var prompt: String
    public var text: String
    /// Cursor position in graphemes (0...text.count).
    public var cursor: Int
    public var focused: Bool
    public var placeholder: String
    public var style: Style
    public init(prompt: String = "/", text: String, cursor: Int? = nil, focused: Bool = true,
                placeholder: String = "", style: Style = .plain) {
        self.prompt = prompt; self.text = text; self.cursor = cursor ?? text.count
        self.focused = focused; self.placeholder = placeholder; self.style = style
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.height > 0, area.width > 0 else { return }
        let promptWidth = buffer.put(prompt, at: area.origin, style: style.bold, maxWidth: area.width)
        let room = area.width - promptWidth - 1   // one column for the cursor at the end
        guard room > 0 else { return }
        let start = Point(x: area.minX + promptWidth, y: area.minY)
        if text.isEmpty && !placeholder.isEmpty {
            buffer.put(TextWidth.truncate(placeholder, to: room), at: start, style: style.dim)
        }
        let chars = Array(text)
        let c = max(0, min(cursor, chars.count))
        // Scroll so that the text before the cursor fits.
        var first = 0
        while first < c && TextWidth.of(String(chars[first..<c])) > room { first += 1 }
        let visible = TextWidth.prefix(String(chars[first...]), columns: room)
        buffer.put(visible, at: start, style: style)
        if focused {
            buffer.cursor = Point(x: start.x + TextWidth.of(String(chars[first..<c])), y: start.y)
        }
    }
}

/// A braille spinner; `frame` advances it (e.g. from a timer message).
public struct Spinner: Widget {
    public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    public var frame: Int
    public var label: String
    public var style: Style
    public init(frame: Int, label: String = "", style: Style = .plain) {
        self.frame = frame; self.label = label; self.style = style
    }

    public var symbol: String { Spinner.frames[((frame % Spinner.frames.count) + Spinner.frames.count) % Spinner.frames.count] }

    public func render(in area: Rect, buffer: inout Buffer) {
        let text = label.isEmpty ? symbol : symbol + " " + label
        buffer.put(text, at: area.origin, style: style, maxWidth: area.width)
    }
}
