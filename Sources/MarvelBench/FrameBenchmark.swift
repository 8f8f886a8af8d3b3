import ArgumentParser
import TerminalUI

/// `marvel-bench frame`: what the real gallery writes at 200x60 in half-blocks (truecolor):
/// the first screen of the built-in catalog, a full repaint of it, the selection moving to the
/// next tile, and tile-row scrolls down and back (`ViewBench`: `GalleryProgram`'s own view,
/// selection highlight and status line, drawn by the real `ProgramRunner` into a backend that
/// counts bytes). Also the first screen at 256 colours and without colour.
/// Targets: a tile-row scroll <= 45 % of the first screen's bytes, the full repaint's
/// view + diff + encode <= 2 ms (release build).
struct FrameBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Renderer cost on the real gallery: first screen, full repaint, next tile, tile-row scrolls.")

    @OptionGroup var options: ViewBenchOptions

    func run() async throws {
        let bench = options.bench(scrolls: 5)
        let size = bench.size
        let server = try await GalleryViewSession.startCatalog()
        print("marvel-bench frame: the gallery on the built-in catalog at \(size.width)x\(size.height) cells, half-blocks")
        let truecolor = try await bench.measure(server, graphics: .blocks, depth: .truecolor)
        ViewBench.report("truecolor", truecolor, target: 0.45)
        let full = truecolor.repaint
        print("    target: full repaint view + diff + encode <= 2 ms: \(full.renderMillis <= 2 ? "PASS" : "FAIL")"
              + " (\(full.renderMillis.fixed(3)) ms)")
        for (name, depth) in [("256 colours", ColorDepth.ansi256), ("without colour", .none)] {
            let figures = try await bench.measure(server, graphics: .blocks, depth: depth)
            print("  \(name): first screen \(figures.firstScreen.bytes) bytes, full repaint \(figures.repaint.bytes) bytes, "
                  + "tile-row scroll \(ViewBench.median(figures.scrollDown).bytes) bytes")
        }
        await server.stop()
    }
}

extension Double {
    func fixed(_ digits: Int) -> String {
        var s = String(Int((self * pow10(digits)).rounded()))
        while s.count <= digits { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -digits))
        return s
    }
    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
