import ImageCore
import TerminalUI

/// The demo screen of `marvel-gallery demo`: a picture fitted to the window (re-fitted on every
/// resize), a status line with the size and the last key, `q`/Ctrl-C to quit.
struct DemoProgram: Program {
    struct Model {
        var title: String
        var image: RGBImage
        var size: Size
        var cells: HalfBlockCells?
        var depth: ColorDepth = .truecolor
        /// The terminal's pixel protocol (kitty, sixel, iTerm2) or half-blocks.
        var graphics: GraphicsMode = .blocks
        var lastInput = "none"
        var events = 0
        var quit = false
        /// Ctrl-C ended it: the process exits 130, as if interrupted.
        var interrupted = false
        var crashRequested = false
    }

    enum Msg: Sendable { case event(TerminalEvent) }
    enum Effect: Sendable, Equatable { case crash }

    /// Test-only: `!` traps so the end-to-end tests can prove the crash restore.
    let testCrash: Bool

    func message(for event: TerminalEvent) -> Msg? { .event(event) }

    func update(_ m: inout Model, _ msg: Msg) -> [Effect] {
        guard case .event(let e) = msg else { return [] }
        m.events += 1
        switch e {
        case .resize(let s):
            m.size = s
            m.cells = DemoProgram.fit(m.image, into: s, depth: m.depth, graphics: m.graphics)
        case .input(.key(let k)):
            m.lastInput = k.description
            if k == .char("q") || k == .ctrl("c") || k == KeyEvent(.escape) { m.quit = true }
            if k == .ctrl("c") { m.interrupted = true }
            if testCrash && k == .char("!") { return [.crash] }
        case .input(.mouse(let me)):
            m.lastInput = "mouse \(me.kind) \(me.button) at \(me.position.x),\(me.position.y)"
        case .input(.paste(let p)):
            m.lastInput = "paste \(TextWidth.truncate(Sanitizer.clean(p), to: 20))"
        case .terminate(let sig):
            m.lastInput = "signal \(sig)"
            m.quit = true
        case .suspend, .resumed:
            break
        case .input(.graphicsReply), .input(.defaultColorReply):
            break
        }
        return []
    }

    func view(_ m: Model, into b: inout Buffer) {
        let (main, status) = b.area.splitBottom(1)
        let (top, picture) = main.splitTop(1)
        b.render(Paragraph(TextWidth.truncate(m.title, to: top.width), style: Style().bold, alignment: .center, wrap: false), in: top)
        if let cells = m.cells { b.render(HalfBlockImage(cells), in: picture) }
        let pictureText = m.cells.map { cells in
            cells.pixels.map { "picture \($0.cols)x\($0.rows) cells, \($0.graphics.rawValue)" } ?? "picture \(cells.cols)x\(cells.rows * 2)px"
        } ?? "no picture"
        b.render(StatusLine(left: "\(m.size.width)x\(m.size.height)  \(pictureText)  key: \(m.lastInput)",
                            right: "q: quit  ^Z: suspend"), in: status)
    }

    func isFinished(_ m: Model) -> Bool { m.quit }

    /// The picture fitted (aspect kept) into the window minus the title and status rows, on the
    /// palette of `depth` when the terminal has one, with its pixel rendition for `graphics`.
    static func fit(_ image: RGBImage, into size: Size, depth: ColorDepth = .truecolor,
                    graphics: GraphicsMode = .blocks) -> HalfBlockCells? {
        let cols = size.width, rows = size.height - 2
        guard cols > 0, rows > 0, image.width > 0, image.height > 0 else { return nil }
        let fitted = image.fitted(cols: cols, rows: rows, mode: .contain)
        guard fitted.height > 0 else { return nil }
        var cells = HalfBlockCells(image: fitted.dithered(to: depth))
        cells.pixels = try? TerminalImages.make(image, cols: cols, rows: rows, fit: .contain, mode: graphics)
        return cells
    }

    /// A colourful test card for when no file is given.
    static func testCard(width: Int = 320, height: Int = 200) -> RGBImage {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                px[i] = UInt8(x * 255 / max(1, width - 1))
                px[i + 1] = UInt8(y * 255 / max(1, height - 1))
                px[i + 2] = UInt8(((x / 20 + y / 20) % 2 == 0) ? 200 : 60)
            }
        }
        return RGBImage(width: width, height: height, pixels: px)
    }
}
