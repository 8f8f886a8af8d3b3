import ImageCore
import PictureProtocols
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
        /// Open this detail page full screen instead of the grid (`marvel-gallery character ID`).
        public var detail: DetailSubject?
        /// Character and comic details, and the link opener (nil: `xdg-open`).
        public var details: (any DetailSource)?
        public var opener: (any URLOpening)?
        /// In-process URLs to the record's own (`y` / `Y` copy what outlives the process).
        public var canonicalLink: @Sendable (String) -> String = { $0 }
        /// Records' own picture links to this run's (`EffectRunner.localLink`).
        public var localLink: @Sendable (String) -> String = { $0 }
        /// Where `y` / `Y` put text (nil: OSC 52 through the backend).
        public var clipboard: (any ClipboardWriting)?
        /// Favourites and history as loaded, where they are written, and why a file could
        /// not be used (nil store: kept in memory only).
        public var saved = SavedLists()
        public var savedStore: SavedStore?
        public var savedProblems: [SavedStoreProblem] = []

        public init(config: AppConfig, letter: IndexLetter? = nil) {
            self.config = config
            self.letter = letter
        }
    }

    @discardableResult
    public static func run(backend: any Backend, pages: any ItemPageSource,
                           thumbnails: any ThumbnailProviding, options: Options) async throws -> (AppState, RunStats) {
        let size = await backend.size
        var state = AppState(config: options.config, size: size, letter: options.letter, search: options.search)
        state.saved = options.saved
        for problem in options.savedProblems {
            state.noteSavedProblem(problem, path: options.savedStore?.file(problem.list).lastPathComponent ?? problem.list.rawValue)
        }
        var initialEffects: [Effect] = []
        if let detail = options.detail { initialEffects += state.openDetail(detail, standalone: true) }
        initialEffects += state.update(.resized(size))
        let program = GalleryProgram(finishWhenGridComplete: options.finishWhenGridComplete)
        var effects = EffectRunner(pages: pages, thumbnails: thumbnails)
        effects.details = options.details
        if let opener = options.opener { effects.opener = opener }
        effects.clipboard = options.clipboard ?? TerminalClipboard(backend: backend)
        effects.canonicalLink = options.canonicalLink
        effects.localLink = options.localLink
        effects.savedStore = options.savedStore
        // sixel/iTerm2: an overlay over part of a picture leaves the rest of it as pixels.
        let cutter = TerminalImages.Cutter.forMode(await backend.graphics)
        let runner = ProgramRunner(program: program, backend: backend,
                                   maxFramesPerSecond: options.maxFramesPerSecond, cutter: cutter, pictures: PixelPictureLayer(),
                                   perform: effects.performer)
        let (ended, stats) = try await runner.run(state, initialEffects: initialEffects)
        effects.saveFinal(ended.saved)
        return (ended, stats)
    }
}
