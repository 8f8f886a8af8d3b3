import ArgumentParser
import TerminalUI

/// `marvel-bench graphics`: what the real gallery writes per picture protocol at 200x60 (10x20-px
/// cells) on the built-in catalog: the first screen until complete, a full repaint, the
/// selection moving to the next tile, and tile-row scrolls down and back (`ViewBench`: the
/// pipeline makes each protocol's pictures, `GalleryProgram` draws the grid with its selection
/// and status line, the real `ProgramRunner` writes the frames). kitty keeps pictures in the
/// terminal, so a scroll re-places them; sixel and iTerm2 keep nothing, so what moved is drawn
/// again unless the renderer scrolls the terminal.
/// Targets: a tile-row scroll / first screen <= 0.45 (blocks, sixel, iTerm2), <= 0.30 (kitty).
struct GraphicsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphics",
        abstract: "Picture protocol cost on the real gallery: first screen, repaint, next tile, tile-row scrolls.")

    @OptionGroup var options: ViewBenchOptions
    @Option(help: "Only these modes (comma-separated: blocks,blocks256,kitty,kitty-tmux,sixel,sixel-repaint,iterm2,iterm2-repaint).")
    var modes: String = "blocks,blocks256,kitty,kitty-tmux,sixel,sixel-repaint,iterm2,iterm2-repaint"

    func validate() throws {
        let unknown = modes.split(separator: ",").map(String.init).filter { name in !Self.all.contains { $0.key == name } }
        guard unknown.isEmpty else { throw ValidationError("unknown mode(s): \(unknown.joined(separator: ", "))") }
    }

    static let cell = Size(width: 10, height: 20)
    static let all: [(key: String, name: String, mode: GraphicsMode, depth: ColorDepth, target: Double?)] = [
        ("blocks", "blocks truecolor", .blocks, .truecolor, 0.45),
        ("blocks256", "blocks 256 (dithered)", .blocks, .ansi256, 0.45),
        ("kitty", "kitty", GraphicsMode(graphics: .kitty, cellPixels: cell), .truecolor, 0.30),
        ("kitty-tmux", "kitty via tmux placeholders", GraphicsMode(graphics: .kitty, tmuxPlaceholders: true, cellPixels: cell),
         .truecolor, nil),
        ("sixel", "sixel (libsixel), a terminal that moves pictures with a scroll (xterm, mlterm)",
         moving(GraphicsMode(graphics: .sixel, cellPixels: cell)), .truecolor, 0.45),
        ("sixel-repaint", "sixel (libsixel), any other terminal (safe repaint)",
         GraphicsMode(graphics: .sixel, cellPixels: cell), .truecolor, nil),
        ("iterm2", "iTerm2, a terminal that moves pictures with a scroll (iTerm2, WezTerm, mlterm)",
         moving(GraphicsMode(graphics: .iterm2, cellPixels: cell)), .truecolor, 0.45),
        ("iterm2-repaint", "iTerm2 protocol, any other terminal (safe repaint)",
         GraphicsMode(graphics: .iterm2, cellPixels: cell), .truecolor, nil),
    ]

    /// As `PictureScroll` decides for the terminals that carry sixel/iTerm2 pictures along.
    static func moving(_ mode: GraphicsMode) -> GraphicsMode {
        var mode = mode
        mode.picturesMoveWithScroll = true
        return mode
    }

    func run() async throws {
        let bench = options.bench(scrolls: 3)
        let size = bench.size
        let chosen = Set(modes.split(separator: ",").map(String.init))
        let server = try await GalleryViewSession.startCatalog()
        print("marvel-bench graphics: the gallery on the built-in catalog at \(size.width)x\(size.height) cells "
              + "(\(Self.cell.width)x\(Self.cell.height)-px cells), bytes from each key until the program is quiet")
        for entry in Self.all where chosen.contains(entry.key) {
            let figures = try await bench.measure(server, graphics: entry.mode, depth: entry.depth)
            ViewBench.report(entry.name, figures, target: entry.target)
        }
        await server.stop()
    }
}
