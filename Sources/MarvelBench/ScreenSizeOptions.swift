import ArgumentParser

/// `--width`/`--height` of the screen a benchmark draws, in cells (the frame and graphics
/// benches measure the same 200x60 screen by default).
struct ScreenSizeOptions: ParsableArguments {
    @Option(help: "Screen width in cells.") var width: Int = 200
    @Option(help: "Screen height in cells.") var height: Int = 60

    func validate() throws {
        guard (20...1000).contains(width), (10...500).contains(height) else {
            throw ValidationError("--width must be 20...1000 and --height 10...500")
        }
    }
}
