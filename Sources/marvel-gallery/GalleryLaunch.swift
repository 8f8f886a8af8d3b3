import ArgumentParser
import Catalog
import CatalogServer
import Foundation
import GalleryApp
import HTTPTransport
import ImagePipeline
import MarvelAPI
import Settings
import TerminalIO
import TerminalUI

/// Wires the full-screen gallery: the data source (`ClientOptions`: a `--base-url` mirror, the
/// official API with keys, or by default the built-in catalog served in-process on a loopback
/// port), the image pipeline with its disk cache, and the terminal; runs it; tears down.
enum GalleryLaunch {
    static func run(source: ClientOptions, settings: Settings, options: GalleryOptions, search: String? = nil,
                    screen: LaunchScreen = LaunchScreen()) async throws {
        // Keys typed while the catalog, server and terminal questions start (about 0.3 s) are
        // kept for the grid instead of echoed onto the shell's screen; on every way out of here
        // the terminal is as it was (the backend restores the same saved state first).
        if options.headlessSize == nil { RawMode.holdEcho() }
        defer { RawMode.restore() }
        try options.display.checkConfig(settings.config)
        let dither = try options.display.ditherMethod(settings.config)
        // A live source's waits are counted down in the status line, not printed over the screen.
        LiveSources.printsWaits.withLock { $0 = false }
        // Starts the built-in catalog when needed (a first launch builds it: say so if slow).
        let client = try await PreparingNotice.around(Strings(screen.language)[.preparingCatalog],
                                                      enabled: options.headlessSize == nil) {
            try await source.makeClient(settings)
        }
        let kind = ClientOptions.kind(of: client, settings)
        let live = LiveSources.row(for: settings)
        let imageTransport = try HTTPTransport(configuration: live.map { HTTPTransport.Configuration(timeouts: $0.patientTimeouts) }
            ?? HTTPTransport.Configuration())
        let pipeline = ImagePipeline.standard(transport: imageTransport,
                                              cacheDirectory: options.imageCacheDirectory ?? ImagePipeline.defaultCacheDirectory,
                                              isNotAvailable: MarvelImage.isNotAvailable(url:))
        var config = AppConfig(pageSize: screen.pageSize, source: kind, language: screen.language)
        config.catalog = screen.catalog
        config.comicsFilter = screen.comicsFilter
        config.order = screen.order
        config.notice = EmbeddedCatalog.inMemoryFallbackNotice
        if let live { config.attribution = live.attribution }
        var sessionOptions = GallerySession.Options(config: config,
                                                    letter: screen.catalog == .characters ? screen.letter : nil)
        sessionOptions.detail = screen.detail
        sessionOptions.details = MarvelDetailSource(client: client, ordersComics: kind.ordersComics)
        sessionOptions.search = search
        sessionOptions.canonicalLink = { InProcessURLs.canonical($0) }
        sessionOptions.localLink = { InProcessURLs.local($0) }
        let savedStore = SavedStore(directory: SavedStore.defaultDirectory())
        let (saved, savedProblems) = savedStore.load()
        sessionOptions.saved = saved.mappingThumbnails(InProcessURLs.local)
        sessionOptions.savedStore = savedStore
        sessionOptions.savedProblems = savedProblems
        if options.headlessSize == nil { sessionOptions.clipboard = TmuxBufferClipboard.forThisProcess() }
        let backend: any Backend
        if let size = options.headlessSize {
            backend = HeadlessBackend(size: size)
            sessionOptions.finishWhenGridComplete = true
        } else {
            backend = try TerminalBackendFactory.make(display: options.display.request(settings.config))
        }
        let thumbnails = PipelineThumbnails(pipeline: pipeline, colorDepth: await backend.colorDepth,
                                            graphics: await backend.graphics, dither: dither)
        var signalExit: Int32?
        var openFailure: String?
        var unsaved: [String] = []
        do {
            let (state, stats) = try await GallerySession.run(
                backend: backend, pages: MarvelPageSource(client: client, searchesAnywhere: kind.searchesAnywhere,
                                                creatorsOrder: kind.creatorsOrder, ordersComics: kind.ordersComics),
                thumbnails: thumbnails, options: sessionOptions)
            if let headless = backend as? HeadlessBackend,
               let path = ProcessInfo.processInfo.environment["MARVEL_GALLERY_DUMP_FRAME"] {
                try? await headless.screen.write(toFile: path, atomically: true, encoding: .utf8)
            }
            if options.headlessSize != nil {
                // One write(2), so the benchmark reading the pipe sees it at once.
                let line = Array((state.isScreenComplete ? "grid-complete\n" : "grid-incomplete\n").utf8)
                _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            }
            openFailure = state.details.standaloneFailure
            unsaved = state.unsavedChanges(since: sessionOptions.saved, store: savedStore)
            if let signal = stats.terminatingSignal {
                signalExit = RunStats.exitStatus(forSignal: signal)
            } else if state.interruptedByKey {
                signalExit = RunStats.exitStatus(forSignal: SIGINT)
            }
        } catch {
            await shutDown(thumbnails, transports: [imageTransport, client.transport])
            throw error
        }
        await shutDown(thumbnails, transports: [imageTransport, client.transport])
        // The terminal is restored by now: report the signal the shell way (SIGTERM 143).
        for line in unsaved { PlainOutput.note("marvel-gallery: " + line) }
        if let signalExit { throw ExitCode(signalExit) }
        // `marvel-gallery comic 99999999` that could not open: the reason once more where the
        // shell keeps it, and the status a script can test (as `--plain` does).
        if let openFailure { throw PlainOutput.failure(openFailure) }
    }

    /// Loads cancelled and drained before the disk index is written and the transports stop:
    /// a worker still hashing or writing when the process exits would meet libcrypto already
    /// cleaned up by `exit`.
    static func shutDown(_ thumbnails: PipelineThumbnails, transports: [HTTPTransport]) async {
        await thumbnails.drain()
        await LiveSources.settle()
        thumbnails.pipeline.close()
        for transport in transports { transport.shutdown() }
    }
}
