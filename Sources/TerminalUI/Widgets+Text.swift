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
        let lines = wrap ? Paragraph.wrap(text, width: area.width, maxLines: max(0, area.height))
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
    /// at a wrap point; a word longer than a line is broken by columns. Past `maxLines` the
    /// text is cut, its last line ending in "…". One pass over the characters that stops at
    /// the cut: a 1 MB word costs what is shown, not what it holds (a detail page wraps its
    /// text on every frame).
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var line = "", lineWidth = 0
        var word = "", wordWidth = 0
        /// The word being read is longer than a line: its characters go straight to the lines.
        var longWord = false
        /// Ends the line; false once every line allowed is used.
        func breakLine() -> Bool {
            lines.append(line); line = ""; lineWidth = 0
            return lines.count < maxLines
        }
        /// Adds `ch` to the line, breaking it first when it is full.
        func put(_ ch: Character, _ cw: Int) -> Bool {
            if lineWidth > 0, lineWidth + cw > width, !breakLine() { return false }
            line.append(ch); lineWidth += cw
            return true
        }
        /// Puts the word read on the line, or on the next one.
        func place() -> Bool {
            defer { word = ""; wordWidth = 0; longWord = false }
            guard !longWord, !word.isEmpty else { return true }
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " "; line += word; lineWidth += 1 + wordWidth
                return true
            }
            if lineWidth > 0, !breakLine() { return false }
            line = word; lineWidth = wordWidth
            return true
        }
        var i = text.startIndex
        var cut = false
        scan: while i < text.endIndex {
            let ch = text[i]
            i = text.index(after: i)
            switch ch {
            case " ":
                guard place() else { cut = true; break scan }
            case "\n":
                guard place() else { cut = true; break scan }
                // The lines are used up: cut if anything follows.
                guard breakLine() else { cut = i < text.endIndex; break scan }
            default:
                let cw = TextWidth.of(ch)
                if longWord {
                    guard put(ch, cw) else { cut = true; break scan }
                    continue
                }
                word.append(ch); wordWidth += cw
                guard wordWidth > width else { continue }
                // Longer than a line: it starts a line of its own, broken by columns.
                if lineWidth > 0, !breakLine() { cut = true; break scan }
                longWord = true
                for c in word { guard put(c, TextWidth.of(c)) else { cut = true; break scan } }
                word = ""; wordWidth = 0
            }
        }
        if !cut, lines.count < maxLines {
            if place() { lines.append(line) } else { cut = true }
        }
        if cut, let last = lines.indices.last { lines[last] = TextWidth.truncate(lines[last] + "…", to: width) }
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
