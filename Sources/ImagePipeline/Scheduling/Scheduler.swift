import Foundation
import HTTPTransport
import Synchronization

/// The pipeline's coordinator: a lock-protected state machine (not an actor) so that bind,
/// priority change and cancel are synchronous and strictly ordered from the app's frame loop.
/// It never does I/O or decoding itself and never calls out while holding its lock; work runs
/// in detached tasks that report back. Model: kean/Nuke `Internal/TaskQueue.swift`.
final class Scheduler: @unchecked Sendable {
    struct Limits: Sendable {
        var maxTransfers = 16
        var maxPerHost = 6
        var maxPrefetchTransfers = 2
        var maxIdlePrefetchTransfers = 4
        var maxCPU = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// A request waits this long before it may start disk or network work, so rows a fling
        /// passes in less time cost nothing.
        var startDelay: Duration = .milliseconds(20)
        /// HTTPTransport's one rule, the API client's too.
        var retry = RetryPolicy.standard
        var negativeTTL: Duration = .seconds(30)
    }

    let limits: Limits
    let loader: any DataLoading
    let disk: (any DataCaching)?
    let decoder: any ImageDecoding
    let renderer: any CellRendering
    let memory: MemoryCache<MemoryKey, MemoryValue>
    /// Decodes and renders run here, never on the cooperative pool.
    let workers: WorkerThreads
    /// Seconds-resolution clock for the negative cache (tests move it forward).
    let now: @Sendable () -> UInt64

    /// Guards the fields below, which the methods of this type and its extensions share (a
    /// state machine spread over files), so the lock holds no value of its own.
    let lock = Mutex(())
    var renderJobs: [ImageRequest: RenderJob] = [:]
    var fetchJobs: [String: FetchJob] = [:]
    var waiting: [FetchJob] = []
    var netQueue: [FetchJob] = []
    var cpuQueue: [CPUWork] = []
    var runningTransfers: [ObjectIdentifier: FetchJob] = [:]
    var perHost: [String: Int] = [:]
    var runningCPU = 0
    var seq = 0
    var wakeAt: UInt64?
    var negative: [String: UInt64] = [:]
    /// Downloads made for prefetch only, by the URL's hash → bytes; removed when shown. By hash,
    /// not by URL: a held walk asks nearly every picture at prefetch priority, so this keeps one
    /// entry per picture fetched for the whole run, and a URL key (about 130 bytes of string
    /// each) would hold 4-5 MB at 30,000 pictures (`marvel-bench walk`). Two URLs of one hash
    /// would only miscount the wasted bytes.
    var prefetchOnlyBytes: [Int: Int] = [:]
    var abortedPrefetchCount = 0
    var metrics = PipelineMetrics()
    /// URLs that decoded damaged (each counted once, however often it is shown again).
    var damagedURLs: Set<String> = []
    /// URLs whose picture could not be shown (download or decode failed), until one loads, and
    /// why the last one failed: the status line says it instead of leaving a hatched tile unexplained.
    var failedURLs: Set<String> = []
    var lastFailure: String?

    init(limits: Limits, loader: any DataLoading, disk: (any DataCaching)?, decoder: any ImageDecoding,
         renderer: any CellRendering, memory: MemoryCache<MemoryKey, MemoryValue>,
         now: @escaping @Sendable () -> UInt64) {
        self.limits = limits
        self.loader = loader
        self.disk = disk
        self.decoder = decoder
        self.renderer = renderer
        self.memory = memory
        self.now = now
        self.workers = WorkerThreads.shared
    }

    static func monotonicNanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    // MARK: - Requests

    /// Registers `task`; the result arrives through `task.deliver`.
    /// `startsAtOnce`: without the start delay (`ImagePipeline.loadImage`).
    func submit(_ task: ImageTask, priority: ImagePriority, startsAtOnce: Bool = false) {
        lock.withLock { _ in submitLocked(task, priority: priority, startsAtOnce: startsAtOnce) }
    }

    private func submitLocked(_ task: ImageTask, priority: ImagePriority, startsAtOnce: Bool) {
        let key = task.request
        if priority >= .normal { markVisible(key.url) }
        if let job = renderJobs[key] {
            job.subscribers[task.id] = (task, priority)
            metrics.coalescedJoins += 1
        } else {
            seq += 1
            let job = RenderJob(request: key, seq: seq)
            job.subscribers[task.id] = (task, priority)
            renderJobs[key] = job
            if case .pixels(let pixels)? = memory.value(for: .pixels(key.url)) {
                metrics.memoryPixelHits += 1
                job.state = .queued
                cpuQueue.append(.render(job, pixels))
            } else if let fetch = fetchJobs[key.url] {
                fetch.renderKeys.insert(key)
                metrics.coalescedJoins += 1
            } else {
                seq += 1
                let eligible = Self.monotonicNanos() + (startsAtOnce ? 0 : limits.startDelay.nanoseconds)
                let fetch = FetchJob(url: key.url, host: key.host, seq: seq,
                                     state: .waiting(eligibleAt: eligible, network: disk == nil))
                fetch.renderKeys.insert(key)
                fetchJobs[key.url] = fetch
                waiting.append(fetch)
            }
        }
        if priority >= .normal { fetchJobs[key.url]?.everVisible = true }
        pump()
    }

    func setPriority(_ task: ImageTask, _ priority: ImagePriority) {
        lock.withLock { _ in setPriorityLocked(task, priority) }
    }

    private func setPriorityLocked(_ task: ImageTask, _ priority: ImagePriority) {
        guard let job = renderJobs[task.request], job.subscribers[task.id] != nil else { return }
        job.subscribers[task.id]!.priority = priority
        if priority >= .normal {
            markVisible(task.request.url)
            fetchJobs[task.request.url]?.everVisible = true
        }
        pump()
    }

    func cancel(_ task: ImageTask) { cancel([task]) }

    /// Cancels several requesters at once with one dispatch at the end, so dropping a whole
    /// prefetch window does not start (and then abort) the window's queued transfers one by one.
    func cancel(_ tasks: [ImageTask]) {
        lock.withLock { _ in
            for task in tasks { removeSubscriber(task) }
            pump()
        }
    }

    private func removeSubscriber(_ task: ImageTask) {
        let key = task.request
        guard let job = renderJobs[key], job.subscribers.removeValue(forKey: task.id) != nil else { return }
        metrics.cancels += 1
        guard job.subscribers.isEmpty else { return }
        renderJobs[key] = nil
        switch job.state {
        case .queued:
            cpuQueue.removeAll { if case .render(let j, _) = $0 { return j === job } else { return false } }
        case .running:
            break // finishes and fills the memory cache; nobody is told
        case .waitingForPixels:
            if let fetch = fetchJobs[key.url] {
                fetch.renderKeys.remove(key)
                if fetch.renderKeys.isEmpty { abandon(fetch) }
            }
        }
    }

    /// The last requester of `fetch` left: drop it if it has not started, abort a transfer.
    private func abandon(_ fetch: FetchJob) {
        fetch.abandoned = true
        if fetchJobs[fetch.url] === fetch { fetchJobs[fetch.url] = nil }
        switch fetch.state {
        case .waiting:
            waiting.removeAll { $0 === fetch }
        case .netQueued:
            netQueue.removeAll { $0 === fetch }
        case .diskQueued, .decodeQueued:
            cpuQueue.removeAll {
                switch $0 {
                case .diskDecode(let j), .decode(let j, _): return j === fetch
                case .render: return false
                }
            }
        case .netRunning(let transfer):
            endTransfer(fetch)
            transfer.cancel()
            metrics.abortedTransfers += 1
            if !fetch.everVisible { abortedPrefetchCount += 1 }
        case .diskRunning, .decoding:
            // Nobody will see it: stop the decode at its next row/scan (a bomb must not keep a
            // worker busy after its tile left the screen).
            fetch.cancellation.cancel()
        }
    }

    func endTransfer(_ fetch: FetchJob) {
        guard runningTransfers.removeValue(forKey: ObjectIdentifier(fetch)) != nil else { return }
        perHost[fetch.host, default: 1] -= 1
        if perHost[fetch.host] == 0 { perHost[fetch.host] = nil }
    }

    // MARK: - Negative cache and bookkeeping (lock held unless noted)

    /// Whether `url` failed within the TTL. Takes the lock.
    func isNegative(_ url: String) -> Bool {
        lock.withLock { _ in
            guard let until = negative[url] else { return false }
            if now() < until { metrics.negativeCacheHits += 1; return true }
            negative[url] = nil
            return false
        }
    }

    /// Counters that the façade bumps on its synchronous paths. Takes the lock.
    func count(_ body: (inout PipelineMetrics) -> Void) {
        lock.withLock { _ in body(&metrics) }
    }

    /// A URL shown at visible priority: its prefetched bytes were not wasted.
    func markVisible(_ url: String) {
        if !prefetchOnlyBytes.isEmpty { prefetchOnlyBytes[url.hashValue] = nil }
    }

    func noteShown(_ url: String) {
        lock.withLock { _ in markVisible(url) }
    }

    var metricsSnapshot: PipelineMetrics {
        lock.withLock { _ in
            var m = metrics
            m.wastedPrefetchBytes += prefetchOnlyBytes.values.reduce(0, +)
            return m
        }
    }

    /// Damaged pictures so far (cheap: asked after every thumbnail).
    var damagedPictures: Int { lock.withLock { _ in metrics.damagedImages } }

    /// Pictures that could not be shown, and why the last one could not (cheap, as above).
    var failedPictures: (count: Int, lastReason: String?) { lock.withLock { _ in (failedURLs.count, lastFailure) } }

    /// Running/queued counts (tests).
    var activity: (transfers: Int, queuedTransfers: Int, cpu: Int, fetchJobs: Int, renderJobs: Int) {
        lock.withLock { _ in (runningTransfers.count, netQueue.count + waiting.count, runningCPU, fetchJobs.count, renderJobs.count) }
    }
}

extension Duration {
    var nanoseconds: UInt64 {
        let (s, atto) = components
        return UInt64(max(0, s)) * 1_000_000_000 + UInt64(max(0, atto) / 1_000_000_000)
    }
}
