import ArgumentParser

/// Release-build benchmarks: `swift run -c release marvel-bench <name>`. They print figures;
/// the test suite never runs them (shared machines make wall-clock asserts meaningless).
@main
struct MarvelBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marvel-bench",
        abstract: "Benchmarks that print figures (run with -c release).",
        subcommands: [
            // Each benchmark lives in its own file in this folder.
            APIBench.self,
            ThumbnailBench.self,
            StartupBench.self,
            FrameBenchmark.self,
            CatalogBench.self,
            PipelineBench.self,
            GraphicsBench.self,
            ContractBench.self,
            WalkBench.self,
            RenderBench.self,
            SixelBench.self,
            ServeBench.self,
        ]
    )
}
