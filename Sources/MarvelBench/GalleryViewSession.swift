import CatalogServer
import Foundation
import GalleryApp
import HTTPTransport
import ImagePipeline
import MarvelAPI
import PictureProtocols
import Synchronization
import TerminalUI

/// The real gallery for the frame and graphics benchmarks: `GalleryProgram` over `AppState`
/// (real selection highlight, real status line), the real `ProgramRunner` and renderer, the
/// image pipeline making pictures for the backend's protocol, and the built-in catalog served
/// in-process on loopback, as `marvel-gallery characters` runs it. Only the terminal is missing:
/// a backend that records each frame's bytes and how long the runner took from `view` to
/// `write` (view + diff + encode). The renderer is read through its public API only
/// (`ProgramRunner`, `Backend`), so whatever it does about scrolls is what gets measured.
final class GalleryViewSession: @unchecked Sendable {
    private let backend: RecordingBackend
    private let watch = DrawWatch()
    private var run: Task<Void, Error>?
    private let thumbnails: PipelineThumbnails
    private let transports: [HTTPTransport]
    private let scratch: URL

    init(baseURL: URL, size: Size, graphics: GraphicsMode, colorDepth: ColorDepth) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("view-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        let pageTransport = try HTTPTransport()
        let imageTransport = try HTTPTransport()
        transports = [pageTransport, imageTransport]
        let client = MarvelClient(baseURL: baseURL, transport: pageTransport, retryPolicy: .none)
        let pipeline = ImagePipeline.standard(transport: imageTransport, cacheDirectory: scratch,
                                              isNotAvailable: MarvelImage.isNotAvailable(url:))
        thumbnails = PipelineThumbnails(pipeline: pipeline, colorDepth: colorDepth, graphics: graphics)
        backend = RecordingBackend(size: size, colorDepth: colorDepth, graphics: graphics, watch: watch)
        var state = AppState(config: AppConfig(source: .offlineCatalog), size: size)
        let initial = state.update(.resized(size))
        let program = WatchedGallery(updated: watch.updated, viewing: watch.viewing)
        let runner = ProgramRunner(program: program, backend: backend, maxFramesPerSecond: 60, pictures: PixelPictureLayer(),
                                   perform: EffectRunner(pages: MarvelPageSource(client: client), thumbnails: thumbnails).performer)
        run = Task { _ = try await runner.run(state, initialEffects: initial) }
    }

    /// Starts the built-in catalog in this process (one per benchmark run).
    static func startCatalog() async throws -> CatalogServer {
        try await CatalogServer.start(CatalogServerOptions(source: .embedded))
    }

    /// Waits until the screen is complete, nothing is loading (pages, on-screen and prefetched
    /// pictures), more than `after` updates were applied (the key or resize was taken), the last
    /// update has been drawn, and no byte was written for `quiet` (the runner writes a drawn
    /// update within one 60 Hz frame). A `view` whose frame was not written (yet: encoding; or
    /// ever: nothing changed) must stay quiet for `unwritten` instead. Returns the model.
    @discardableResult
    func settle(_ what: String, after: Int = 0, timeout: Duration = .seconds(120), quiet: Duration = .milliseconds(60),
                unwritten: Duration = .milliseconds(500)) async throws -> AppState {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var quietSince: ContinuousClock.Instant?
        var lastBytes = -1
        while clock.now < deadline {
            let seen = watch.snapshot
            let bytes = await backend.bytes
            if let model = seen.model, seen.updates > after, seen.drawn, model.isScreenComplete, !model.current.isLoading,
               model.requestedThumbnails.isEmpty, bytes == lastBytes {
                let since = quietSince ?? clock.now
                quietSince = since
                if clock.now - since >= (seen.written ? quiet : unwritten) { return model }
            } else {
                quietSince = nil
            }
            lastBytes = bytes
            try await Task.sleep(for: .milliseconds(5))
        }
        throw WalkTimeout(what: what)
    }

    /// The bytes and frames written so far.
    var record: FrameRecord { get async { await backend.record } }

    /// Presses `key` and waits until the gallery has settled again; returns what it wrote.
    func press(_ key: KeyCode) async throws -> FrameRecord {
        let before = await record, updates = watch.snapshot.updates
        await backend.send(.input(.key(KeyEvent(key))))
        try await settle("the screen after \(key)", after: updates)
        return await record - before
    }

    /// A full repaint of the settled screen: the terminal reports its size again (SIGWINCH
    /// without a change), which makes the runner repaint everything.
    func redraw() async throws -> FrameRecord {
        let before = await record, updates = watch.snapshot.updates
        await backend.send(.resize(backend.size))
        try await settle("the repainted screen", after: updates)
        return await record - before
    }

    var model: AppState? { watch.snapshot.model }

    func stop() async {
        await backend.send(.input(.key(KeyEvent(.char("q")))))
        _ = try? await run?.value
        await thumbnails.drain()
        thumbnails.pipeline.close()
        for transport in transports { transport.shutdown() }
        try? FileManager.default.removeItem(at: scratch)
    }
}

/// Bytes written, frames, and the runner's time from `view` to `write` summed over them (ms).
struct FrameRecord: Sendable {
    var bytes = 0
    var frames = 0
    var renderMillis = 0.0

    static func - (a: FrameRecord, b: FrameRecord) -> FrameRecord {
        FrameRecord(bytes: a.bytes - b.bytes, frames: a.frames - b.frames, renderMillis: a.renderMillis - b.renderMillis)
    }
}

/// The model after every update, whether the runner has drawn since (`view` ran on it), and
/// whether the frame of the last `view` was written.
private final class DrawWatch: Sendable {
    private struct State {
        var model: AppState?
        var updates = 0, viewed = 0, views = 0, writtenView = 0
        var viewStart: ContinuousClock.Instant?
    }
    private let state = Mutex(State())

    func updated(_ model: AppState) { state.withLock { $0.model = model; $0.updates += 1 } }
    func viewing() { state.withLock { $0.viewed = $0.updates; $0.views += 1; $0.viewStart = ContinuousClock.now } }
    /// A frame was written: returns the time since its `view` began, ms.
    func wrote() -> Double {
        guard let start = state.withLock({ $0.writtenView = $0.views; return $0.viewStart }) else { return 0 }
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
    }
    var snapshot: (model: AppState?, updates: Int, drawn: Bool, written: Bool) {
        state.withLock { ($0.model, $0.updates, $0.viewed == $0.updates, $0.writtenView == $0.views) }
    }
}

/// A terminal that keeps no frames: it counts each frame's bytes, times it, and takes scripted keys.
private actor RecordingBackend: Backend {
    let size: Size
    let colorDepth: ColorDepth
    let graphics: GraphicsMode
    let synchronizedOutput = true
    private let watch: DrawWatch
    private(set) var record = FrameRecord()
    private let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    init(size: Size, colorDepth: ColorDepth, graphics: GraphicsMode, watch: DrawWatch) {
        self.size = size
        self.colorDepth = colorDepth
        self.graphics = graphics
        self.watch = watch
        (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    var bytes: Int { record.bytes }

    func enter() {}
    func leave() {}
    func write(_ bytes: [UInt8], frame: Buffer) {
        record.bytes += bytes.count
        record.frames += 1
        record.renderMillis += watch.wrote()
    }
    func suspend() {}
    func writeOutOfBand(_ bytes: [UInt8]) { record.bytes += bytes.count }
    func events() -> AsyncStream<TerminalEvent> { stream }
    func send(_ event: TerminalEvent) { continuation.yield(event) }
}
