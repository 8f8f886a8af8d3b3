import Foundation
import HTTPTransport
import ImageCore
import Synchronization

/// Turns "show image X in a W×H cell box" into cells: from memory when it can (synchronously,
/// same frame), from disk when it must, from the network as rarely as possible.
///
/// For the app:
/// - build: `ImagePipeline.standard(transport:cacheDirectory:)` (libcurl, disk cache in
///   `defaultCacheDirectory`, ImageCore decode, half-block cells, metrics saved on `close()`);
/// - request: `ImageRequest(url:box:)` (GalleryApp's Runtime picks the Marvel variant for the
///   box); URLs the configuration's `isNotAvailable` names come back as
///   `.placeholder(.notAvailable)` without a download;
/// - draw path: `cachedResult(for:)` (sync: cells, `.notAvailable`, or `.failed` while
///   negative-cached; nil = load it);
/// - loads: `loadImage(_:priority:completion:)` → `ImageTask` (`priority` may change while it
///   runs: visible `.high`, look-ahead `.low`; `cancel()` when the cell leaves the window), or
///   `try await image(for:priority:)`. The app keeps its own window (GalleryApp's
///   `PipelineThumbnails`); the pipeline orders and caps the work;
/// - `metrics`, `close()` (flush the disk index, save counters for `cache info`).
///
/// Why a lock-based coordinator rather than an actor: bind, priority change and cancel must be
/// synchronous and strictly ordered from the frame loop ("no callback after cancel").
public final class ImagePipeline: Sendable {
    public struct Configuration: Sendable {
        public var dataLoader: any DataLoading
        public var dataCache: (any DataCaching)?
        public var decoder: any ImageDecoding
        public var renderer: any CellRendering
        public var memoryCostLimit = 128 << 20
        public var memoryCountLimit = 10_000
        public var maxConcurrentTransfers = 16
        public var maxTransfersPerHost = 6
        /// Prefetch transfers while a visible request waits for a slot.
        public var maxPrefetchTransfers = 2
        /// Prefetch transfers when no visible request waits (never more than the per-host cap
        /// minus 2, so a visible request arriving finds a free slot on its host).
        public var maxIdlePrefetchTransfers = 4
        public var maxConcurrentDecodes = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// How long a request must stay wanted before disk or network work starts for it
        /// (rows a fling passes faster cost nothing). Memory hits are never delayed.
        public var startDelay: Duration = .milliseconds(20)
        /// HTTPTransport's one retry rule, with these delays.
        public var retryPolicy = RetryPolicy.standard
        /// The source's own "no image" pictures (Marvel's `image_not_available`): drawn as
        /// `.notAvailable` without a download. The pipeline knows no source; the app says.
        public var isNotAvailable: @Sendable (String) -> Bool = { _ in false }
        public var negativeCacheTTL: Duration = .seconds(30)
        /// Where `close()` saves the metrics (usually beside the disk cache).
        public var metricsURL: URL?
        /// Clock for the negative cache, in nanoseconds (tests move it forward).
        public var clock: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

        public init(dataLoader: any DataLoading, dataCache: (any DataCaching)?,
                    decoder: any ImageDecoding = ImageCoreDecoder(), renderer: any CellRendering = HalfBlockCellRenderer()) {
            self.dataLoader = dataLoader
            self.dataCache = dataCache
            self.decoder = decoder
            self.renderer = renderer
        }
    }

    public let configuration: Configuration
    public let memoryCache: MemoryCache<MemoryKey, MemoryValue>
    let scheduler: Scheduler
    private let ids = IDCounter()

    public init(configuration: Configuration) {
        self.configuration = configuration
        memoryCache = MemoryCache(limits: .init(costLimit: configuration.memoryCostLimit,
                                                countLimit: configuration.memoryCountLimit))
        var limits = Scheduler.Limits()
        limits.maxTransfers = configuration.maxConcurrentTransfers
        limits.maxPerHost = configuration.maxTransfersPerHost
        limits.maxPrefetchTransfers = configuration.maxPrefetchTransfers
        limits.maxIdlePrefetchTransfers = min(configuration.maxIdlePrefetchTransfers,
                                              max(configuration.maxPrefetchTransfers, configuration.maxTransfersPerHost - 2))
        limits.maxCPU = configuration.maxConcurrentDecodes
        limits.startDelay = configuration.startDelay
        limits.retry = configuration.retryPolicy
        limits.negativeTTL = configuration.negativeCacheTTL
        scheduler = Scheduler(limits: limits, loader: configuration.dataLoader, disk: configuration.dataCache,
                              decoder: configuration.decoder, renderer: configuration.renderer,
                              memory: memoryCache, now: configuration.clock)
    }

    /// The result available right now without any work: the source's placeholder, the failed glyph
    /// of a negative-cached URL, or cells from memory; nil means "load it".
    public func cachedResult(for request: ImageRequest) -> ImageResult? {
        if configuration.isNotAvailable(request.url) {
            scheduler.count { $0.placeholderHits += 1 }
            return .placeholder(.notAvailable)
        }
        if case .cells(let cells)? = memoryCache.value(for: .cells(request)) {
            let pixels: PixelImage?
            if case .pixels(let p)? = memoryCache.value(for: .pixels(request.url)) { pixels = p } else { pixels = nil }
            scheduler.count { $0.memoryHits += 1 }
            scheduler.noteShown(request.url)
            return .image(PipelineImage(request: request, cells: cells, pixels: pixels))
        }
        if scheduler.isNegative(request.url) { return .placeholder(.failed) }
        return nil
    }

    /// Loads `request`. When the result is at hand (`cachedResult`), `completion` runs before this
    /// returns; otherwise later, on another thread, exactly once, unless the task is cancelled
    /// first (then never). `startsAtOnce`: no start delay, for a request the caller knows no
    /// fling will pass over (a screen's first pictures, with nothing scrolled yet).
    @discardableResult
    public func loadImage(_ request: ImageRequest, priority: ImagePriority = .high, startsAtOnce: Bool = false,
                          completion: @escaping @Sendable (ImageResult) -> Void) -> ImageTask {
        let task = ImageTask(id: ids.next(), request: request, priority: priority, completion: completion)
        if let ready = cachedResult(for: request) {
            task.deliver(ready)
            return task
        }
        task.scheduler = scheduler
        scheduler.submit(task, priority: priority, startsAtOnce: startsAtOnce)
        return task
    }

    /// Async form of `loadImage`; cancelling the calling task cancels the request and throws
    /// `CancellationError`.
    public func image(for request: ImageRequest, priority: ImagePriority = .high) async throws -> ImageResult {
        if let ready = cachedResult(for: request) { return ready }
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (cont: CheckedContinuation<ImageResult, any Error>) in
                let task = loadImage(request, priority: priority) { cont.resume(returning: $0) }
                box.set(task) { cont.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Counters so far (wasted prefetch bytes counted as of now).
    public var metrics: PipelineMetrics {
        var m = scheduler.metricsSnapshot
        if let disk = configuration.dataCache as? DiskCache {
            m.corruptEntries += disk.eventCounts.corruptEntriesRemoved
            m.diskWriteFailures += disk.eventCounts.writeFailures
        }
        return m
    }

    /// Distinct pictures shown damaged so far (what `metrics.damagedImages` counts, without
    /// the rest of the snapshot: the gallery asks after every thumbnail).
    public var damagedPictures: Int { scheduler.damagedPictures }

    /// Distinct pictures that could not be shown (their download or decode failed; one that
    /// loads later is no longer counted) and why the last one failed.
    public var failedPictures: (count: Int, lastReason: String?) { scheduler.failedPictures }

    /// Why pictures are no longer kept on disk (the gallery says it once on its status line);
    /// nil while the disk cache stores them.
    public var diskCacheProblem: String? {
        guard let disk = configuration.dataCache as? DiskCache, let reason = disk.eventCounts.firstWriteError else { return nil }
        return "image cache \(disk.configuration.directory.path) refused a write (\(reason)): pictures kept in memory"
    }

    /// Writes the disk index and the metrics file. Call when the program ends.
    public func close() {
        configuration.dataCache?.flush()
        if let url = configuration.metricsURL { try? metrics.save(to: url) }
    }

    /// Queue and worker counts (tests and diagnostics).
    public var activity: (transfers: Int, queuedTransfers: Int, cpu: Int, fetchJobs: Int, renderJobs: Int) {
        scheduler.activity
    }
}

/// Monotonic ids for tasks.
final class IDCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}

/// Bridges `ImageTask` cancellation and a continuation that must resume exactly once.
private final class TaskBox: @unchecked Sendable {
    /// Guards the three fields below (the cancel closure is not `Sendable`, so it stays a field).
    private let lock = Mutex(())
    private var task: ImageTask?
    private var onCancel: (() -> Void)?
    private var cancelled = false

    func set(_ task: ImageTask, onCancel: @escaping () -> Void) {
        let already = lock.withLock { _ -> Bool in
            if cancelled { return true }
            self.task = task
            self.onCancel = onCancel
            return false
        }
        if already, task.cancelIfLive() { onCancel() }
    }

    func cancel() {
        let (task, resume) = lock.withLock { _ -> (ImageTask?, (() -> Void)?) in
            cancelled = true
            defer { self.task = nil; self.onCancel = nil }
            return (self.task, self.onCancel)
        }
        if let task, task.cancelIfLive() { resume?() }
    }
}
