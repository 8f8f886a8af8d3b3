/// Results coming back from detached work. Deliveries happen after the lock is released.
extension Scheduler {
    func downloaded(_ fetch: FetchJob, _ result: Result<[UInt8], any Error>) {
        let deliveries = lock.withLock { _ in downloadedLocked(fetch, result) }
        for (task, result) in deliveries { task.deliver(result) }
    }

    private func downloadedLocked(_ fetch: FetchJob, _ result: Result<[UInt8], any Error>) -> [(ImageTask, ImageResult)] {
        let wasRunning = runningTransfers[ObjectIdentifier(fetch)] != nil
        endTransfer(fetch)
        guard wasRunning, !fetch.abandoned else { pump(); return [] }
        var deliveries: [(ImageTask, ImageResult)] = []
        switch result {
        case .success(let data):
            metrics.networkLoads += 1
            metrics.bytesDownloaded += data.count
            if !fetch.everVisible { prefetchOnlyBytes[fetch.url.hashValue] = data.count }
            fetch.state = .decodeQueued(data)
            cpuQueue.append(.decode(fetch, data))
        case .failure(let error):
            let pipelineError = error as? ImagePipelineError
            if pipelineError?.isRetriable == true, fetch.retries < limits.retry.maxRetries {
                let delay = limits.retry.delay(beforeRetry: fetch.retries, retryAfter: nil)
                fetch.retries += 1
                metrics.retries += 1
                fetch.state = .waiting(eligibleAt: Self.monotonicNanos() + delay.nanoseconds, network: true)
                waiting.append(fetch)
            } else {
                deliveries = fail(fetch, because: error)
            }
        }
        pump()
        return deliveries
    }

    func diskMissed(_ fetch: FetchJob) {
        lock.withLock { _ in
            runningCPU -= 1
            if !fetch.abandoned {
                fetch.state = .netQueued
                netQueue.append(fetch)
            }
            pump()
        }
    }

    func decoded(_ fetch: FetchJob, _ drawn: Result<DrawnPixels, any Error>, fromNetwork: Bool,
                 bytes: Int, nanos: UInt64) {
        // Pixels decoded below full size serve only the boxes they were decoded for.
        let reduced = (try? drawn.get())?.reduced ?? false
        let deliveries = lock.withLock { _ in decodedLocked(fetch, drawn, fromNetwork: fromNetwork, nanos: nanos, reduced: reduced) }
        for (task, result) in deliveries { task.deliver(result) }
    }

    private func decodedLocked(_ fetch: FetchJob, _ drawn: Result<DrawnPixels, any Error>, fromNetwork: Bool, nanos: UInt64,
                               reduced: Bool) -> [(ImageTask, ImageResult)] {
        runningCPU -= 1
        var deliveries: [(ImageTask, ImageResult)] = []
        // A damaged picture is shown like a good one but kept out of both caches (the bytes were
        // not stored either), so a later visit downloads it again.
        var result = drawn.map(\.image)
        var damaged = false
        if case .failure(ImagePipelineError.damaged(_, let partial)) = result {
            result = .success(partial)
            damaged = true
            if damagedURLs.insert(fetch.url).inserted { metrics.damagedImages += 1 }
        }
        switch result {
        case .success(let pixels):
            if !failedURLs.isEmpty { failedURLs.remove(fetch.url) }
            metrics.decodes += 1
            metrics.decodeNanoseconds += nanos
            if !fromNetwork { metrics.diskHits += 1 }
            if !damaged && !reduced { memory.set(.pixels(pixels), for: .pixels(fetch.url), cost: pixels.cacheCost) }
            if fetchJobs[fetch.url] === fetch { fetchJobs[fetch.url] = nil }
            for key in fetch.renderKeys {
                guard let job = renderJobs[key], job.state == .waitingForPixels else { continue }
                job.state = .queued
                cpuQueue.append(.render(job, pixels))
            }
        case .failure(ImagePipelineError.cancelled):
            // Abandoned mid-decode: neither the disk copy nor the URL is at fault.
            if fetchJobs[fetch.url] === fetch { fetchJobs[fetch.url] = nil }
        case .failure(let error):
            if !fromNetwork, !fetch.healedFromDisk {
                // The disk copy is bad (it passed the checksum, so it was stored bad or the
                // decoder changed): delete it and fetch once more from the network.
                metrics.corruptEntries += 1
                fetch.healedFromDisk = true
                disk?.remove(for: fetch.diskKey)
                if !fetch.abandoned {
                    fetch.state = .netQueued
                    netQueue.append(fetch)
                }
            } else if !fetch.abandoned {
                deliveries = fail(fetch, because: error)
            } else if fetchJobs[fetch.url] === fetch {
                fetchJobs[fetch.url] = nil
            }
        }
        pump()
        return deliveries
    }

    func rendered(_ job: RenderJob, _ pixels: PixelImage, _ result: Result<CellImage, any Error>, nanos: UInt64) {
        let (subscribers, outcome) = lock.withLock { _ in renderedLocked(job, pixels, result, nanos: nanos) }
        for task in subscribers { task.deliver(outcome) }
    }

    private func renderedLocked(_ job: RenderJob, _ pixels: PixelImage, _ result: Result<CellImage, any Error>,
                                nanos: UInt64) -> ([ImageTask], ImageResult) {
        runningCPU -= 1
        if renderJobs[job.request] === job { renderJobs[job.request] = nil }
        let subscribers = job.subscribers.values.map(\.task)
        job.subscribers.removeAll()
        let outcome: ImageResult
        switch result {
        case .success(let cells):
            metrics.renders += 1
            metrics.renderNanoseconds += nanos
            memory.set(.cells(cells), for: .cells(job.request), cost: cells.byteCost)
            outcome = .image(PipelineImage(request: job.request, cells: cells, pixels: pixels))
        case .failure:
            metrics.failures += subscribers.count
            outcome = .placeholder(.failed)
        }
        pump()
        return (subscribers, outcome)
    }

    /// Ends `fetch` with the failed placeholder for all its requesters, negative-caches the
    /// URL and remembers why. Lock held; returns the deliveries to make after unlocking.
    func fail(_ fetch: FetchJob, because error: any Error) -> [(ImageTask, ImageResult)] {
        if fetchJobs[fetch.url] === fetch { fetchJobs[fetch.url] = nil }
        failedURLs.insert(fetch.url)
        lastFailure = (error as? ImagePipelineError)?.description ?? "\(error)"
        negative[fetch.url] = now() + limits.negativeTTL.nanoseconds
        var out: [(ImageTask, ImageResult)] = []
        for key in fetch.renderKeys {
            guard let job = renderJobs[key], job.state == .waitingForPixels else { continue }
            renderJobs[key] = nil
            for (task, _) in job.subscribers.values { out.append((task, .placeholder(.failed))) }
            job.subscribers.removeAll()
        }
        metrics.failures += out.count
        return out
    }
}
