/// Handing out work: our own priority order decides which transfer, disk read, decode or
/// render starts next; nothing is queued inside libcurl. Lock held throughout.
extension Scheduler {
    func priority(of fetch: FetchJob) -> ImagePriority {
        fetch.renderKeys.compactMap { renderJobs[$0]?.priority }.max() ?? .veryLow
    }

    func priority(of work: CPUWork) -> ImagePriority {
        switch work {
        case .diskDecode(let f), .decode(let f, _): return priority(of: f)
        case .render(let r, _): return r.priority
        }
    }

    func pump() {
        promoteWaiting()
        dispatchCPU()
        dispatchTransfers()
    }

    private func promoteWaiting() {
        guard !waiting.isEmpty else { return }
        let t = Self.monotonicNanos()
        var next: UInt64?
        var still: [FetchJob] = []
        for fetch in waiting {
            guard case .waiting(let at, let network) = fetch.state else { continue }
            if at <= t {
                if network || disk == nil {
                    fetch.state = .netQueued
                    netQueue.append(fetch)
                } else {
                    fetch.state = .diskQueued
                    cpuQueue.append(.diskDecode(fetch))
                }
            } else {
                still.append(fetch)
                next = min(next ?? at, at)
            }
        }
        waiting = still
        if let next { scheduleWake(at: next) }
    }

    private func scheduleWake(at time: UInt64) {
        if let wakeAt, wakeAt <= time, wakeAt > Self.monotonicNanos() { return }
        wakeAt = time
        // A time already past (it went by while the queue was scanned) wakes at once: the
        // wrapping difference slept 60 s, and requests in their start delay waited that long.
        let now = Self.monotonicNanos()
        let delay = time > now ? time - now : 0
        Task.detached { [weak self] in
            try? await Task.sleep(nanoseconds: min(delay, 60_000_000_000))
            self?.wake(scheduledFor: time)
        }
    }

    /// The wake scheduled for `time` clears itself even when the sleep ended a little early
    /// (a wake that left `wakeAt` set but found nothing eligible yet scheduled no other, and
    /// the requests still in their start delay then waited for unrelated activity: with only
    /// prefetches held back, forever).
    private func wake(scheduledFor time: UInt64) {
        lock.withLock { _ in
            if wakeAt == time { wakeAt = nil }
            pump()
        }
    }

    /// Highest priority first; among equals, the oldest.
    private func dispatchCPU() {
        while runningCPU < limits.maxCPU {
            var best: Int?
            var bestPriority = ImagePriority.veryLow
            for i in cpuQueue.indices {
                let p = priority(of: cpuQueue[i])
                if best == nil || p > bestPriority { best = i; bestPriority = p }
            }
            guard let best else { return }
            let work = cpuQueue.remove(at: best)
            runningCPU += 1
            launch(work)
        }
    }

    private func dispatchTransfers() {
        // Pictures on screen are fetched before prefetch: no prefetch starts while a visible
        // request is still in its start delay or reading the disk (a prefetch asked for a moment
        // earlier, as the window's two loads arrive in either order, would otherwise take the
        // host's slots first). While visible requests queue for a slot, prefetches get 2
        // transfers; when none waits they may use idle slots up to `maxIdlePrefetchTransfers`
        // (at a 50 ms latency, 2 transfers cannot keep up with 10 rows/s of a 6-column grid).
        let visibleComing = waiting.contains { !priority(of: $0).isPrefetch }
            || cpuQueue.contains { if case .diskDecode(let f) = $0 { !priority(of: f).isPrefetch } else { false } }
        let visibleQueued = netQueue.contains { !priority(of: $0).isPrefetch }
        let prefetchCap = visibleComing ? 0 : visibleQueued ? limits.maxPrefetchTransfers
            : max(limits.maxPrefetchTransfers, limits.maxIdlePrefetchTransfers)
        while runningTransfers.count < limits.maxTransfers, !netQueue.isEmpty {
            let runningPrefetch = runningTransfers.values.filter { priority(of: $0).isPrefetch }.count
            var best: Int?
            var bestPriority = ImagePriority.veryLow
            for (i, fetch) in netQueue.enumerated() {
                if perHost[fetch.host, default: 0] >= limits.maxPerHost { continue }
                let p = priority(of: fetch)
                if p.isPrefetch && runningPrefetch >= prefetchCap { continue }
                if let b = best, !Self.startsBefore(fetch, p, netQueue[b], bestPriority) { continue }
                best = i
                bestPriority = p
            }
            guard let best else { return }
            let fetch = netQueue.remove(at: best)
            runningTransfers[ObjectIdentifier(fetch)] = fetch
            perHost[fetch.host, default: 0] += 1
            let loader = self.loader
            let url = fetch.url
            let transfer = Task.detached { [weak self] in
                let result: Result<[UInt8], any Error>
                do { result = .success(try await loader.loadData(from: url, priority: bestPriority)) } catch { result = .failure(error) }
                self?.downloaded(fetch, result)
            }
            fetch.state = .netRunning(transfer)
        }
    }

    /// Which of two queued transfers starts first: the higher priority; among pictures on
    /// screen the one asked for first; among prefetches the one asked for last. A band ahead of
    /// a held key grows at its far end, a round trip before those tiles show: the newest asks
    /// can still land in time, while the oldest, next to the screen, cannot if they have not
    /// started yet (they are shown in a moment, and their picture would come after they left).
    static func startsBefore(_ a: FetchJob, _ pa: ImagePriority, _ b: FetchJob, _ pb: ImagePriority) -> Bool {
        if pa != pb { return pa > pb }
        return pa.isPrefetch ? a.seq > b.seq : a.seq < b.seq
    }

    private func launch(_ work: CPUWork) {
        switch work {
        case .diskDecode(let fetch):
            fetch.state = .diskRunning
            let disk = self.disk, decoder = self.decoder, drawnSize = fetch.drawnSize
            workers.run { [weak self] in
                guard let data = disk?.data(for: fetch.diskKey) else { self?.diskMissed(fetch); return }
                let start = Self.monotonicNanos()
                let result = Result { try decoder.decode(data, cancellation: fetch.cancellation, drawnSize: drawnSize) }
                self?.decoded(fetch, result, fromNetwork: false, bytes: data.count, nanos: Self.monotonicNanos() - start)
            }
        case .decode(let fetch, let data):
            fetch.state = .decoding
            let disk = self.disk, decoder = self.decoder, drawnSize = fetch.drawnSize
            workers.run { [weak self] in
                let start = Self.monotonicNanos()
                let result = Result { try decoder.decode(data, cancellation: fetch.cancellation, drawnSize: drawnSize) }
                let nanos = Self.monotonicNanos() - start
                // Only bytes that decoded are kept: failures never reach a cache. A decode stopped
                // because its tile left keeps its bytes too, so scrolling back costs no download
                // (a bad copy is healed on its next decode from disk).
                switch result {
                case .success, .failure(ImagePipelineError.cancelled): disk?.store(data, for: fetch.diskKey)
                case .failure: break
                }
                self?.decoded(fetch, result, fromNetwork: true, bytes: data.count, nanos: nanos)
            }
        case .render(let job, let pixels):
            job.state = .running
            let renderer = self.renderer
            workers.run { [weak self] in
                let start = Self.monotonicNanos()
                let result = Result { try renderer.render(pixels, for: job.request) }
                self?.rendered(job, pixels, result, nanos: Self.monotonicNanos() - start)
            }
        }
    }
}
