import ArgumentParser
import TerminalUI

/// What the frame and graphics benches draw: the screen, in cells (the same 200x60 for both by
/// default), and how many tile-row scrolls they measure each way.
struct ViewBenchOptions: ParsableArguments {
    @Option(help: "Screen width in cells.") var width: Int = 200
    @Option(help: "Screen height in cells.") var height: Int = 60
    @Option(help: "Tile-row scrolls measured each way, the median printed (default: frame 5, graphics 3 for each of its modes).")
    var scrolls: Int?

    func validate() throws {
        guard (20...1000).contains(width), (10...500).contains(height) else {
            throw ValidationError("--width must be 20...1000 and --height 10...500")
        }
        if let scrolls, !(1...100).contains(scrolls) { throw ValidationError("--scrolls must be 1...100") }
    }

    /// The bench these options ask for, with `scrolls` when --scrolls is not given.
    func bench(scrolls fallback: Int) -> ViewBench {
        ViewBench(size: Size(width: width, height: height), scrolls: scrolls ?? fallback)
    }
}
