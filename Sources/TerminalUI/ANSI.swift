/// Escape sequences as bytes, shared by the encoder and the terminal I/O layer.
public enum ANSI {
    public static let syncBegin: [UInt8] = Array("\u{1B}[?2026h".utf8)
    public static let syncEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)
    public static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    public static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
    public static let clearScreen: [UInt8] = Array("\u{1B}[2J".utf8)
    /// Erases from the cursor to the end of the screen (`CSI J`).
    public static let eraseBelow: [UInt8] = Array("\u{1B}[J".utf8)
    public static let resetStyle: [UInt8] = Array("\u{1B}[0m".utf8)
    public static let resetMargins: [UInt8] = Array("\u{1B}[r".utf8)
    public static let home: [UInt8] = Array("\u{1B}[H".utf8)
    /// XTWINOPS: keep the terminal's own window title on its stack, and put it back.
    public static let pushTitle: [UInt8] = Array("\u{1B}[22;0t".utf8)
    public static let popTitle: [UInt8] = Array("\u{1B}[23;0t".utf8)

    /// OSC 2: the window title, cleaned (no escape, control or bidi character from a name
    /// reaches it) and at most 200 characters.
    public static func windowTitle(_ text: String) -> [UInt8] {
        Array(("\u{1B}]2;" + String(Sanitizer.clean(text).prefix(200)) + "\u{07}").utf8)
    }

    /// What entering the full-screen UI sends: alternate screen, hidden cursor, bracketed paste,
    /// mouse clicks and wheel in SGR encoding, then a clean screen.
    /// `titles`: the program sets the window title, so the terminal's own is pushed first.
    public static func enterSequence(mouse: Bool = true, titles: Bool = false) -> [UInt8] {
        var s = (titles ? "\u{1B}[22;0t" : "") + "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"
        if mouse { s += "\u{1B}[?1000h\u{1B}[?1006h" }
        s += "\u{1B}[0m\u{1B}[2J\u{1B}[H"
        return Array(s.utf8)
    }

    /// What leaving sends: everything `enterSequence` switched on, switched off in reverse order,
    /// ending on the main screen with a visible cursor, after `deletingPictures` (the bytes that
    /// delete every picture, so none is left behind: PictureProtocols' `leaveSequence(graphics:)`). The
    /// alternate screen is erased before it is left: tmux 3.3a, when the window grew wider while
    /// it was shown, reflows its rows into the shell's screen on the way out (after 80x24 ->
    /// 100x30 and `q`, six rows of tiles would stay above the prompt). `CSI H CSI J`, not `CSI 2J`,
    /// which kitty 0.26.5 also takes as "free every unplaced picture".
    /// `titles`: the terminal's own window title is popped back last. `erasingEchoedLine`: keys
    /// typed while the program started were echoed on the line under the command, where the
    /// main screen's cursor is put back: that line is cleared (`CR CSI K`) for the next prompt.
    public static func leaveSequence(mouse: Bool = true, titles: Bool = false, erasingEchoedLine: Bool = false,
                                     deletingPictures: [UInt8] = []) -> [UInt8] {
        let out = deletingPictures
        var s = "\u{1B}[0m\u{1B}[r\u{1B}[H\u{1B}[J"
        if mouse { s += "\u{1B}[?1006l\u{1B}[?1000l" }
        s += "\u{1B}[?2004l\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l" + (titles ? "\u{1B}[23;0t" : "")
            + (erasingEchoedLine ? "\r\u{1B}[K" : "")
        return out + Array(s.utf8)
    }

    /// Moves the terminal's cursor from `cursor` (nil: unknown) to `p` in the fewest bytes: a
    /// forward step on the same row, home, a row alone, or row and column.
    public static func moveCursor(_ cursor: inout Point?, to p: Point, _ out: inout [UInt8]) {
        if let c = cursor, c == p { return }
        if let c = cursor, c.y == p.y, p.x > c.x {
            let n = p.x - c.x
            if n == 1 { out.append(contentsOf: [0x1B, 0x5B, 0x43]) } else { csi(&out, n, final: UInt8(ascii: "C")) }
        } else if p == .zero {
            out.append(contentsOf: home)
        } else if p.x == 0 {
            csi(&out, p.y + 1, final: UInt8(ascii: "H"))
        } else {
            csi(&out, p.y + 1, p.x + 1, final: UInt8(ascii: "H"))
        }
        cursor = p
    }

    @inline(__always)
    static func appendInt(_ n: Int, _ out: inout [UInt8]) {
        if n < 10 { out.append(UInt8(48 + n)); return }
        if n < 100 { out.append(UInt8(48 + n / 10)); out.append(UInt8(48 + n % 10)); return }
        if n < 1000 {
            out.append(UInt8(48 + n / 100)); out.append(UInt8(48 + (n / 10) % 10)); out.append(UInt8(48 + n % 10))
            return
        }
        out.append(contentsOf: String(n).utf8)
    }

    /// `ESC [ a ; b … final`
    static func csi(_ out: inout [UInt8], _ params: Int..., final: UInt8) {
        out.append(0x1B); out.append(0x5B)
        for (i, p) in params.enumerated() {
            if i > 0 { out.append(0x3B) }
            appendInt(p, &out)
        }
        out.append(final)
    }

    /// One SGR parameter, preceded by ";" unless it is the first.
    @inline(__always)
    static func param(_ n: Int, _ first: inout Bool, _ out: inout [UInt8]) {
        if !first { out.append(0x3B) }
        first = false
        appendInt(n, &out)
    }

    /// How many SGR parameters `colorParams` writes for `c`.
    static func colorParamCount(_ c: Color) -> Int {
        switch c {
        case .default: 1
        case .indexed(let n): n < 16 ? 1 : 3
        case .rgb: 5
        }
    }

    /// mlterm (3.9) drops an SGR with more than 10 parameters (`1;38;2;r;g;b;48;2;r;g;b` lost the
    /// MARVEL badge there): longer ones are split in two. A half-block cell's change (fg and bg,
    /// 10 parameters) stays one sequence.
    static let maxSGRParameters = 10

    static func colorParams(_ c: Color, background: Bool, _ first: inout Bool, _ out: inout [UInt8]) {
        switch c {
        case .default: param(background ? 49 : 39, &first, &out)
        case .indexed(let n) where n < 8: param((background ? 40 : 30) + Int(n), &first, &out)
        case .indexed(let n) where n < 16: param((background ? 100 : 90) + Int(n) - 8, &first, &out)
        case .indexed(let n):
            param(background ? 48 : 38, &first, &out); param(5, &first, &out); param(Int(n), &first, &out)
        case .rgb(let r, let g, let b):
            param(background ? 48 : 38, &first, &out); param(2, &first, &out)
            param(Int(r), &first, &out); param(Int(g), &first, &out); param(Int(b), &first, &out)
        }
    }

    /// OSC 8 hyperlink start (or end when `url` is nil). The URL is sanitised so it cannot end
    /// the sequence early.
    static func hyperlink(_ url: String?, _ out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, 0x5D, 0x38, 0x3B, 0x3B])
        if let url { out.append(contentsOf: Sanitizer.clean(url).utf8) }
        out.append(contentsOf: [0x1B, 0x5C])
    }
}
