import TerminalUI

/// One run of the characters gallery on a backend: the initial state, the program, the
/// effect runner, the loop. The executable passes the real terminal and sources; tests and
/// the benchmark pass fakes or an off-screen backend.
public enum GallerySession {
    public struct Options: Sendable {
        public var config: AppConfig
        /// Start on this letter of the index (`--letter L`).
        public var letter: IndexLetter?
        /// Start on the results for this name prefix (`--search`).
        public var search: String?
        /// End at the first complete grid (the startup benchmark).
        public var finishWhenGridComplete = false
        public var maxFramesPerSecond = 60

        public init(config: AppConfig, letter: IndexLetter? = nil) {
            self.config = config
            self.letter = letter
        }
    }

    @discardableResult
    public static func run(backend: any Backend, pages: any CharacterPageSource,
                           thumbnails: any ThumbnailProviding, options: Options) async throws -> (AppState, RunStats) {
        let size = await backend.size
        var state = AppState(config: options.config, size: size, letter: options.letter, search: options.search)
        let initialEffects = state.update(.resized(size))
        let program = GalleryProgram(finishWhenGridComplete: options.finishWhenGridComplete)
        let effects = EffectRunner(pages: pages, thumbnails: thumbnails)
        let runner = ProgramRunner(program: program, backend: backend,
                                   maxFramesPerSecond: options.maxFramesPerSecond, perform: effects.performer)
        return try await runner.run(state, initialEffects: initialEffects)
    }
}
