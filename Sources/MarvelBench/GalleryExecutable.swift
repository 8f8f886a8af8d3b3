import ArgumentParser
import Foundation

/// `--executable`: the marvel-gallery the startup and walk benchmarks run as a child process.
struct GalleryExecutable: ParsableArguments {
    @Option(help: "The marvel-gallery executable (default: beside marvel-bench).")
    var executable: String?

    /// The executable's path, refused with a hint when there is none.
    func path() throws -> String {
        let binary = executable ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("marvel-gallery").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no marvel-gallery at \(binary); build it (swift build -c release) or pass --executable")
        }
        return binary
    }
}
