import Foundation
import Synchronization
import GalleryApp
import HTTPTransport
import ImagePipeline
import MarvelAPI
import PictureProtocols
import TerminalUI

/// One gallery run for the walk benchmark, wired as the app wires it (MarvelClient over libcurl,
/// the image pipeline with a scratch disk cache, the real `ProgramRunner` at 60 frames a
/// second), drawing into a backend that only counts bytes. The benchmark presses keys on it and
/// reads the model after every update.
final class WalkSession: @unchecked Sendable {
    private let backend: CountingBackend
    private let model = Mutex<AppState?>(nil)
    private let observers = Mutex<[@Sendable (AppState, ContinuousClock.Instant) -> Void]>([])
    private var run: Task<Void, Error>?
    private let thumbnails: PipelineThumbnails
    private let transports: [HTTPTransport]
    private let scratch: URL

    /// `assumedRoundTripMillis`: prefetch as if every picture took that long (nil: measured).
    init(baseURL: URL, size: Size, assumedRoundTripMillis: Int? = nil) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("walk-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        let pageTransport = try HTTPTransport()
        let imageTransport = try HTTPTransport()
        transports = [pageTransport, imageTransport]
        let client = MarvelClient(baseURL: baseURL, transport: pageTransport, retryPolicy: .none)
        thumbnails = PipelineThumbnails(pipeline: ImagePipeline.standard(transport: imageTransport, cacheDirectory: scratch))
        backend = CountingBackend(size: size)
        var config = AppConfig(source: .mirror(baseURL.absoluteString))
        config.assumedRoundTripMillis = assumedRoundTripMillis
        var state = AppState(config: config, size: size)
        let initial = state.update(.resized(size))
        let program = WatchedGallery(updated: { [self] in updated($0) })
        let runner = ProgramRunner(program: program, backend: backend, maxFramesPerSecond: 60, pictures: PixelPictureLayer(),
                                   perform: EffectRunner(pages: MarvelPageSource(client: client), thumbnails: thumbnails).performer)
        run = Task { _ = try await runner.run(state, initialEffects: initial) }
    }

    /// Called by the program after every update.
    fileprivate func updated(_ state: AppState) {
        let now = ContinuousClock.now
        model.withLock { $0 = state }
        for watch in observers.withLock({ $0 }) { watch(state, now) }
    }

    /// The model after the latest update.
    var latest: AppState? { model.withLock { $0 } }

    /// Waits (polling every 5 ms, at most `timeout`) until the model satisfies `condition`.
    @discardableResult
    func wait(_ what: String, timeout: Duration = .seconds(60),
              until condition: (AppState) -> Bool) async throws -> AppState {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let model = latest, condition(model) { return model }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw WalkTimeout(what: what)
    }

    /// Runs `observer` after every update from now on (with the time of the update).
    func observe(_ observer: @escaping @Sendable (AppState, ContinuousClock.Instant) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    func press(_ code: KeyCode) async { await backend.send(.input(.key(KeyEvent(code)))) }

    var bytesWritten: Int { get async { await backend.bytes } }

    /// Quits the gallery and waits for the pipeline to drain.
    func stop() async {
        await press(.char("q"))
        _ = try? await run?.value
        await thumbnails.drain()
        thumbnails.pipeline.close()
        for transport in transports { transport.shutdown() }
        try? FileManager.default.removeItem(at: scratch)
    }
}

struct WalkTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// A terminal that keeps nothing: it counts the bytes of each frame (a long walk must not
/// measure the frames it kept) and takes scripted key presses.
private actor CountingBackend: Backend {
    let size: Size
    let colorDepth: ColorDepth = .truecolor
    let synchronizedOutput = false
    private(set) var bytes = 0
    private let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    init(size: Size) {
        self.size = size
        (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    func enter() {}
    func leave() {}
    func write(_ bytes: [UInt8], frame: Buffer) { self.bytes += bytes.count }
    func suspend() {}
    func writeOutOfBand(_ bytes: [UInt8]) { self.bytes += bytes.count }
    func events() -> AsyncStream<TerminalEvent> { stream }
    func send(_ event: TerminalEvent) { continuation.yield(event) }
}
