import ArgumentParser
import CatalogServer
import Foundation
import GalleryApp
import HTTPTransport
import ImagePipeline
import MarvelAPI

/// `marvel-bench pipeline`: a scripted steady scroll through the synthetic characters on the
/// in-process loopback server (50 ms latency by default), with the pipeline wired as in the app
/// (libcurl, disk + memory caches; as the app's window does: visible tiles at high priority, the
/// next screen at low, anything that leaves the window cancelled).
/// Prints the share of thumbnails already in memory when their row became visible, downloads
/// per distinct image, peak RSS and wasted prefetch bytes.
struct PipelineBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pipeline",
                                                    abstract: "Image pipeline scroll figures.")

    @Option(help: "Synthetic characters.") var characters = 1562
    @Option(help: "Server latency per response, ms.") var latency = 50
    @Option(help: "Scroll speed, grid rows per second.") var rowsPerSecond = 10.0
    @Option(help: "Grid columns.") var columns = 6
    @Option(help: "Grid rows on screen.") var visibleRows = 3
    @Option(help: "Thumbnail box in cells, COLSxROWS.") var box = "10x8"
    @Option(help: "Prefetch transfers while a visible request waits (pipeline default 2).") var prefetchTransfers = 2
    @Option(help: "Prefetch transfers when no visible request waits (pipeline default 4).") var idlePrefetchTransfers = 4
    @Option(help: "Keep the disk cache and metrics in this folder (default: a temporary one, removed).")
    var cacheDir: String?

    func run() async throws {
        let parts = box.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--box must look like 10x8") }
        let cellBox = CellBox(cols: parts[0], rows: parts[1])
        var faults = FaultOptions()
        faults.latencyMS = latency
        let server = try await CatalogServer.start(CatalogServerOptions(source: .synthetic(characters: characters, comics: 1), faults: faults))
        let transport = try HTTPTransport()
        let scratch = cacheDir.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-bench-\(getpid())")
        defer { if cacheDir == nil { try? FileManager.default.removeItem(at: scratch) } }

        let requests = try await loadCharacterRequests(server: server, transport: transport, box: cellBox)
        print("characters: \(requests.count) (\(requests.filter { MarvelImage.isNotAvailable(url: $0.url) }.count) with Marvel's placeholder)")
        server.resetStatistics()

        var config = ImagePipeline.Configuration(dataLoader: CurlDataLoader(transport: transport),
                                                 dataCache: DiskCache(directory: scratch))
        config.maxPrefetchTransfers = prefetchTransfers
        config.maxIdlePrefetchTransfers = idlePrefetchTransfers
        config.metricsURL = scratch.appendingPathComponent(PipelineMetrics.fileName)
        config.isNotAvailable = MarvelImage.isNotAvailable(url:)
        let pipeline = ImagePipeline(configuration: config)
        var window: [Int: ImageTask] = [:]

        let totalRows = (requests.count + columns - 1) / columns
        let lastTop = max(0, totalRows - visibleRows)
        let step = Duration.seconds(1.0 / rowsPerSecond)
        var seen = Set<Int>()
        var ready = 0, arrivals = 0
        let clock = ContinuousClock()
        let start = clock.now
        for top in 0...lastTop {
            let visible = (top * columns)..<min(requests.count, (top + visibleRows) * columns)
            for i in visible where seen.insert(i).inserted {
                guard !MarvelImage.isNotAvailable(url: requests[i].url) else { continue }
                arrivals += 1
                if pipeline.cachedResult(for: requests[i])?.thumbnail != nil { ready += 1 }
            }
            let ahead = visible.upperBound..<min(requests.count, visible.upperBound + visible.count)
            window = Self.keep(window, visible: visible, ahead: ahead, requests: requests, pipeline: pipeline)
            try await clock.sleep(until: start + step * (top + 1))
        }
        // Let the last screen finish before counting downloads.
        for _ in 0..<200 where pipeline.activity.fetchJobs > 0 { try await Task.sleep(for: .milliseconds(25)) }
        let elapsed = clock.now - start

        let stats = server.statistics()
        let imagePaths = stats.paths.filter { $0.key.hasSuffix(".jpg") || $0.key.hasSuffix(".png") || $0.key.hasSuffix(".gif") }
        let hits = imagePaths.values.reduce(0) { $0 + $1.hits }
        let metrics = pipeline.metrics
        pipeline.close()
        for task in window.values { task.cancel() }
        transport.shutdown()
        await server.stop()

        let share = arrivals == 0 ? 0 : Double(ready) / Double(arrivals) * 100
        print(String(format: "scroll: %d rows at %.0f rows/s (%d columns x %d rows on screen, box %@) in %.1f s, latency %d ms, prefetch transfers %d (%d when no visible request waits)",
                     lastTop + visibleRows, rowsPerSecond, columns, visibleRows, box,
                     Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, latency, prefetchTransfers, max(prefetchTransfers, idlePrefetchTransfers)))
        print(String(format: "ready on arrival: %d of %d thumbnails = %.1f %% (target >= 95 %%)", ready, arrivals, share))
        print(String(format: "downloads per distinct image: %d hits / %d images = %.3f (max per image %d; target exactly 1)",
                     hits, imagePaths.count, imagePaths.isEmpty ? 0 : Double(hits) / Double(imagePaths.count),
                     imagePaths.values.map(\.hits).max() ?? 0))
        print("pipeline: network loads \(metrics.networkLoads), bytes downloaded \(metrics.bytesDownloaded), memory hits \(metrics.memoryHits), coalesced \(metrics.coalescedJoins), cancels \(metrics.cancels), aborted \(metrics.abortedTransfers), retries \(metrics.retries), decode \(String(format: "%.1f", Double(metrics.decodeNanoseconds) / 1e6)) ms")
        print("wasted prefetch bytes: \(metrics.wastedPrefetchBytes)")
        print("peak RSS: \(Self.peakRSSMegabytes()) MB (whole process, server included; target <= 150 MB)")
    }

    /// Every character's thumbnail request, pages of 100 from the server, image URLs pointed at
    /// the loopback server (as the app does for its embedded catalog).
    func loadCharacterRequests(server: CatalogServer, transport: HTTPTransport, box: CellBox) async throws -> [ImageRequest] {
        var out: [ImageRequest] = []
        var offset = 0
        while true {
            let url = URL(string: "\(server.baseURL.absoluteString)/v1/public/characters?limit=100&offset=\(offset)&orderBy=name")!
            let response = try await transport.send(HTTPRequest(url: url))
            let root = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            let data = root?["data"] as? [String: Any]
            let results = data?["results"] as? [[String: Any]] ?? []
            for r in results {
                guard let thumb = r["thumbnail"] as? [String: Any], let path = thumb["path"] as? String,
                      let ext = thumb["extension"] as? String else { continue }
                let local = path.replacingOccurrences(of: #"^https?://[^/]+"#, with: server.baseURL.absoluteString,
                                                      options: .regularExpression)
                if let request = ImageRequest.marvel(MarvelImage(path: local, fileExtension: ext), box: box) { out.append(request) }
            }
            offset += results.count
            if results.isEmpty || offset >= (data?["total"] as? Int ?? 0) { break }
        }
        return out
    }

    /// The window after a scroll step: visible items at high priority, the screen ahead at low
    /// (a running task changes priority, it is not asked again), every other task cancelled.
    static func keep(_ window: [Int: ImageTask], visible: Range<Int>, ahead: Range<Int>, requests: [ImageRequest],
                     pipeline: ImagePipeline) -> [Int: ImageTask] {
        var next: [Int: ImageTask] = [:]
        for (indices, priority) in [(visible, ImagePriority.high), (ahead, .low)] {
            for i in indices {
                if let task = window[i] {
                    task.priority = priority
                    next[i] = task
                } else {
                    next[i] = pipeline.loadImage(requests[i], priority: priority) { _ in }
                }
            }
        }
        for (i, task) in window where next[i] == nil { task.cancel() }
        return next
    }

    static func peakRSSMegabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return -1 }
        let kb = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        return kb / 1024
    }
}
