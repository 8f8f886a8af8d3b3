import TerminalUI
import Foundation
import ImageCore
import ImagePipeline
import MarvelAPI
import Synchronization

/// Thumbnails through the image pipeline: one `ImageTask` per key in flight, re-prioritised
/// when the core asks again at another priority, cancelled when a tile leaves the window.
/// Pictures already in the pipeline's memory cache come back before `load` returns, so a
/// scroll back shows them in the same frame.
public final class PipelineThumbnails: ThumbnailProviding, Sendable {
    public let pipeline: ImagePipeline
    private let tasks = Mutex<[ThumbnailKey: ImageTask]>([:])
    /// Whether a tile has left the window yet. Until one has, nothing was scrolled past, so the
    /// screen's pictures skip the pipeline's start delay (it spares rows a fling passes): the
    /// first screen comes 20 ms sooner.
    private let scrolled = Atomic<Bool>(false)
    /// The terminal's colour depth: palette depths get pictures dithered onto the palette.
    public let colorDepth: ColorMode
    /// The terminal's pixel protocol: pictures then carry their pixel rendition too.
    public let graphics: GraphicsMode
    /// How pictures are put on the palette (`--dither`).
    public let dither: Dither

    public init(pipeline: ImagePipeline, colorDepth: ColorMode = .truecolor, graphics: GraphicsMode = .blocks,
                dither: Dither = .diffusion) {
        self.pipeline = pipeline
        self.colorDepth = colorDepth
        self.graphics = graphics
        self.dither = dither
    }

    /// The pipeline request for a key: the smallest portrait variant that covers the box,
    /// cropped to fill it (tiles are portrait boxes; Marvel portraits are 2:3).
    public static func request(for key: ThumbnailKey, colorDepth: ColorMode = .truecolor,
                               graphics: GraphicsMode = .blocks, dither: Dither = .diffusion) -> ImageRequest? {
        if key.use == .full { return fullScreen(key, colorDepth: colorDepth, graphics: graphics, dither: dither) }
        var request = ImageRequest.marvel(MarvelImage(path: key.image.path, fileExtension: key.image.extension),
                                          box: CellBox(cols: key.columns, rows: key.rows), shape: .portrait, fit: .cover,
                                          color: colorDepth, graphics: graphics)
        // kitty (placed directly) keeps the whole picture under the backdrop's panel (issue 26);
        // the other protocols cut it in pieces around it.
        if graphics.usesPixels && !graphics.picturesUnderText { request?.hole = key.hole }
        request?.dither = dither
        // A page's picture is large: never scaled up past where its pixels show.
        if case .detail = key.use { request?.maxUpscale = PipelineThumbnails.maxUpscale }
        return request
    }

    /// `z`: the picture whole (contain) in the screen's box, from the source's full-size image
    /// (the largest it has), never scaled up past `maxUpscale`.
    static func fullScreen(_ key: ThumbnailKey, colorDepth: ColorMode, graphics: GraphicsMode, dither: Dither) -> ImageRequest? {
        let image = MarvelImage(path: key.image.path, fileExtension: key.image.extension)
        guard let url = image.url(.fullSize) ?? image.url(.detail) else { return nil }
        var request = ImageRequest(url: url.absoluteString, box: CellBox(cols: key.columns, rows: key.rows), fit: .contain,
                                   color: colorDepth, graphics: graphics)
        request.dither = dither
        request.maxUpscale = maxUpscale
        return request
    }

    /// The most a page's picture is scaled up in the terminal's pixels (`ImageRequest.maxUpscale`).
    public static let maxUpscale = 2.0

    public func load(_ key: ThumbnailKey, priority: ThumbnailPriority,
                     completion: @escaping @Sendable (HalfBlockCells?) -> Void) {
        let pipelinePriority: ImagePriority = priority == .high ? .high : .low
        if let running = tasks.withLock({ $0[key] }) {
            running.priority = pipelinePriority
            return
        }
        guard let request = PipelineThumbnails.request(for: key, colorDepth: colorDepth, graphics: graphics,
                                                                  dither: dither) else {
            completion(nil)
            return
        }
        let startsAtOnce = pipelinePriority == .high && !scrolled.load(ordering: .relaxed)
        let task = pipeline.loadImage(request, priority: pipelinePriority, startsAtOnce: startsAtOnce) { [weak self] result in
            _ = self?.tasks.withLock { $0.removeValue(forKey: key) }
            completion(result.thumbnail.map { $0.cells })
        }
        tasks.withLock {
            // A completion on another thread may already have run; then there is nothing to keep.
            if !task.isFinished { $0[key] = task }
        }
    }

    public func cancel(_ key: ThumbnailKey) {
        scrolled.store(true, ordering: .relaxed)
        tasks.withLock { $0.removeValue(forKey: key) }?.cancel()
    }

    /// A screen left behind, in one pass: cancelled one by one, each freed transfer slot went
    /// at once to the next queued tile of the same screen (as urgent, and asked earlier than
    /// the screen paged to), which a live source then held as the newest on-screen request.
    public func cancel(_ keys: [ThumbnailKey]) {
        if !keys.isEmpty { scrolled.store(true, ordering: .relaxed) }
        ImageTask.cancel(tasks.withLock { tasks in keys.compactMap { tasks.removeValue(forKey: $0) } })
    }

    /// Cancels every load in flight (leaving the gallery).
    public func cancelAll() {
        scrolled.store(true, ordering: .relaxed)
        let running = tasks.withLock { tasks -> [ImageTask] in
            defer { tasks.removeAll() }
            return Array(tasks.values)
        }
        for task in running { task.cancel() }
    }

    /// Cancels everything, then waits (at most `limit`) until the pipeline has no download,
    /// decode or disk write left, so the process never exits under a worker that is still
    /// using libcrypto or the disk cache. True when it went idle.
    @discardableResult
    public func drain(limit: Duration = .milliseconds(500)) async -> Bool {
        cancelAll()
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let a = pipeline.activity
            if a.transfers + a.queuedTransfers + a.cpu + a.fetchJobs + a.renderJobs == 0 { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Damaged pictures shown (never cached), pictures that failed, a disk cache that refused a write.
    public var health: SourceHealth {
        let failed = pipeline.failedPictures
        return SourceHealth(damagedPictures: pipeline.damagedPictures, failedPictures: failed.count,
                            pictureFailure: failed.count > 0 ? failed.lastReason : nil,
                            imageCacheProblem: pipeline.diskCacheProblem)
    }

    /// Loads in flight (tests, diagnostics).
    public var inFlight: Int { tasks.withLock { $0.count } }
}
