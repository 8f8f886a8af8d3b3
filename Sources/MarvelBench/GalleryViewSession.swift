import CatalogServer
import Foundation
import GalleryApp
import HTTPTransport
import ImagePipeline
import MarvelAPI
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
        let program = DrawnGallery(inner: GalleryProgram(), watch: watch)
        let runner = ProgramRunner(program: program, backend: backend, maxFramesPerSecond: 60,
                                   perform: EffectRunner(pages: MarvelPageSource(client: client), thumbnails: thumbnails).performer)
        run = Task { _ = try await runner.run(state, initialEffects: initial) }
    }

    /// Starts the built-in catalog in this process (one per benchmark run).
    static func startCatalog() async throws -> CatalogServer {
        try await CatalogServer.start(CatalogServerOptions(source: .embedded))
    }

    /// Waits until the screen is complete, nothing is loading (pages, on-screen and prefetched
    /// pictures), the last update has been drawn, and no byte was written for `quiet` (the
    /// runner writes a drawn update within one 60 Hz frame). Returns the model.
    @discardableResult
    func settle(_ what: String, timeout: Duration = .seconds(120), quiet: Duration = .milliseconds(60)) async throws -> AppState {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var quietSince: ContinuousClock.Instant?
        var lastBytes = -1
        while clock.now < deadline {
            let (model, drawn) = watch.snapshot
            let bytes = await backend.bytes
            if let model, drawn, model.isScreenComplete, !model.current.isLoading, model.requestedThumbnails.isEmpty,
               bytes == lastBytes {
                if let since = quietSince, clock.now - since >= quiet { return model }
                quietSince = quietSince ?? clock.now
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
        let before = await record
        await backend.send(.input(.key(KeyEvent(key))))
        try await settle("the screen after \(key)")
        return await record - before
    }

    /// A full repaint of the settled screen: the terminal reports its size again (SIGWINCH
    /// without a change), which makes the runner repaint everything.
    func redraw() async throws -> FrameRecord {
        let before = await record
        await backend.send(.resize(backend.size))
        try await settle("the repainted screen")
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

/// The model after every update, and whether the runner has drawn since (`view` ran on it).
private final class DrawWatch: Sendable {
    private struct State { var model: AppState?; var updates = 0; var viewed = 0; var viewStart: ContinuousClock.Instant? }
    private let state = Mutex(State())

    func updated(_ model: AppState) { state.withLock { $0.model = model; $0.updates += 1 } }
    func viewing() { state.withLock { $0.viewed = $0.updates; $0.viewStart = ContinuousClock.now } }
    /// Time since the last `view` began (the frame being written now), ms.
    func renderMillis() -> Double {
        guard let start = state.withLock({ $0.viewStart }) else { return 0 }
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
    }
    var snapshot: (model: AppState?, drawn: Bool) { state.withLock { ($0.model, $0.viewed == $0.updates) } }
}

/// The gallery program with the benchmark's eyes on every update and every `view`.
private struct DrawnGallery: Program {
    let inner: GalleryProgram
    let watch: DrawWatch

    func message(for event: TerminalEvent) -> GalleryApp.Msg? { inner.message(for: event) }
    func update(_ model: inout AppState, _ msg: GalleryApp.Msg) -> [GalleryApp.Effect] {
        let effects = inner.update(&model, msg)
        watch.updated(model)
        return effects
    }
    func view(_ model: AppState, into buffer: inout Buffer) {
        watch.viewing()
        inner.view(model, into: &buffer)
    }
    func isFinished(_ model: AppState) -> Bool { inner.isFinished(model) }
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
        record.renderMillis += watch.renderMillis()
    }
    func suspend() {}
    func writeOutOfBand(_ bytes: [UInt8]) { record.bytes += bytes.count }
    func events() -> AsyncStream<TerminalEvent> { stream }
    func send(_ event: TerminalEvent) { continuation.yield(event) }
}
