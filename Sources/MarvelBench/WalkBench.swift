import ArgumentParser
import Foundation
import GalleryApp
import HTTPTransport
import Synchronization
import TerminalUI

/// `marvel-bench walk`: the gallery driven by keys against `marvel-gallery serve` in a child
/// process (so this process holds the client alone, as the app would), in three cases:
/// 1. PageDown held at 30 Hz through the embedded catalog: the share of tiles drawn (picture
///    in, or an item with no picture loaded) within 100 ms of their position appearing on
///    screen, the image requests and the prefetched pictures never shown. First walks (a cold
///    server resizing every picture on demand, empty client caches) with the prefetch sized by
///    the measured round trip, then by the old assumed 100 ms (a new server each), then a walk
///    with the server's variants made;
/// 2. End, then `G`, once each on the synthetic 50,000: list requests (the server's
///    `/debug/stats`) and time until the last character's screen is complete;
/// 3. PageDown held from the first to the last of the 50,000: peak RSS of this process (VmHWM,
///    reset by `/proc/self/clear_refs` before the walk), list and image requests.
struct WalkBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk", abstract: "Held PageDown, End/G on 50,000 and the peak RSS of a 50,000 walk.")

    @OptionGroup var gallery: GalleryExecutable
    @Option(help: "Screen size for the held-key and End cases, WIDTHxHEIGHT.")
    var size = "120x40"
    @Option(help: "Screen size for the 50,000 walk, WIDTHxHEIGHT.")
    var walkSize = "200x60"
    @Option(help: "Key repeat rate of the held key, per second.")
    var rate = 30.0
    @Option(help: "Server latency per response for every case, ms (serve --latency).")
    var latency = 0
    @Flag(help: "Skip the 50,000 walk (the longest case).")
    var skipWalk = false
    @Flag(help: "Only the 50,000 walk (its peak RSS), without the held-key and End/G cases.")
    var onlyWalk = false
    @Option(help: "The fixed round trip (ms) the measured prefetch is compared with.")
    var assumedRoundTrip = 100

    func run() async throws {
        let binary = try gallery.path()
        guard let screen = Self.parseSize(size), let walkScreen = Self.parseSize(walkSize) else {
            throw ValidationError("sizes look like 120x40")
        }
        let serveFlags = ["--debug"] + (latency > 0 ? ["--latency", String(latency)] : [])

        // First walks on a cold server each (every picture resized on demand), the prefetch by
        // the measured round trip, then by the fixed assumption, to the end and let go halfway
        // (what the prefetch asked for past the last screen shown is waste); then a server warm.
        let halfway = 4
        let passes: [(name: String, assumed: Int?, coldServer: Bool, letGoAfter: Int?)] = [
            ("first walk, measured round trip", nil, true, nil),
            ("first walk, assumed \(assumedRoundTrip) ms round trip", assumedRoundTrip, true, nil),
            ("first walk, measured round trip, let go after \(halfway) presses", nil, true, halfway),
            ("first walk, assumed \(assumedRoundTrip) ms round trip, let go after \(halfway) presses", assumedRoundTrip, true, halfway),
            ("server warm, measured round trip", nil, false, nil),
        ]
        var embedded: ServeChild?
        for pass in passes where !onlyWalk {
            if pass.coldServer || embedded == nil {
                embedded?.stop()
                embedded = try ServeChild(binary: binary, arguments: serveFlags)
            }
            guard let server = embedded else { continue }
            let held = try await heldPageDown(server, screen: screen, assumedRoundTripMillis: pass.assumed,
                                              letGoAfter: pass.letGoAfter)
            print(String(format: "held PageDown at %.0f Hz, embedded catalog, %@, %@: %d of %d tiles drawn within 100 ms = %.1f %% (target >= 50 %%): %@; median %.0f ms, p90 %.0f ms; %d list requests, %d image requests, %d pictures delivered, %d of them never on screen; round trip %.0f ms at the end; %@",
                         rate, size, pass.name, held.within, held.appeared, held.share, held.share >= 50 ? "PASS" : "FAIL",
                         held.median, held.p90, held.listRequests, held.imageRequests, held.delivered, held.neverShown, held.roundTrip,
                         held.lateCauses))
        }
        embedded?.stop()

        let synthetic = try ServeChild(binary: binary, arguments: serveFlags + ["--synthetic", "50000x2000"])
        for key in [KeyCode.end, .char("G")] where !onlyWalk {
            let jump = try await jumpToEnd(synthetic, screen: screen, key: key)
            print(String(format: "%@ on 50,000, %@: last screen complete in %.0f ms, %d list requests (targets <= 2000 ms, <= 5): %@",
                         key == .end ? "End" : "G", size, jump.ms, jump.listRequests,
                         jump.ms <= 2000 && jump.listRequests <= 5 ? "PASS" : "FAIL"))
        }
        if !skipWalk {
            let walk = try await heldPageDown(synthetic, screen: walkScreen, resetPeak: true)
            let peak = walk.peakMegabytes
            let withBookkeeping = Self.peakRSSMegabytes()
            print(String(format: "50,000 walk (PageDown held at %.0f Hz to the end, %@): %.1f s, %d list requests, %d image requests; %d of %d tiles drawn within 100 ms = %.1f %% (target >= 50 %%): %@; median %.0f ms, p90 %.0f ms; round trip %.0f ms at the end; %@; peak RSS %d MB (target <= 100 MB): %@ (%d MB with the benchmark's stats read after the walk)",
                         rate, walkSize, walk.seconds, walk.listRequests, walk.imageRequests, walk.within, walk.appeared, walk.share,
                         walk.share >= 50 ? "PASS" : "FAIL", walk.median, walk.p90, walk.roundTrip, walk.lateCauses,
                         peak, peak <= 100 ? "PASS" : "FAIL", withBookkeeping))
        }
        synthetic.stop()
    }

    struct Held {
        var appeared = 0, within = 0, listRequests = 0, imageRequests = 0
        var share = 0.0, median = 0.0, p90 = 0.0, seconds = 0.0
        /// This process's peak RSS during the walk (VmHWM), MB (0: not measured).
        var peakMegabytes = 0
        /// Pictures that reached the model during the walk, and those of items never on screen
        /// (the pipeline's own "wasted prefetch" counts a prefetched picture drawn without a
        /// second, visible request as wasted, so the model is asked instead).
        var delivered = 0, neverShown = 0
        /// The measured round trip when the walk ended, ms (0: none measured).
        var roundTrip = 0.0
        /// Tiles not drawn within 100 ms: their item not loaded when they appeared, their
        /// picture not asked for before they appeared, or asked for before and late.
        var lateNoItem = 0, lateNotAsked = 0, lateAsked = 0
        /// Median time between a picture asked for and its tile appearing, ms, for the tiles
        /// drawn in time and for the late ones asked for before appearing.
        var leadDrawn = 0.0, leadLate = 0.0

        /// The late tiles' causes, for the figures' lines.
        var lateCauses: String {
            String(format: "late: %d with no item yet, %d not asked before appearing, %d asked before (median %.0f ms ahead; in time: %.0f ms ahead)",
                   lateNoItem, lateNotAsked, lateAsked, leadLate, leadDrawn)
        }
    }

    /// Holds PageDown at `rate` from the first complete grid until the last item is selected
    /// (or `letGoAfter` presses, then waits until no picture is in flight).
    func heldPageDown(_ server: ServeChild, screen: Size, resetPeak: Bool = false,
                      assumedRoundTripMillis: Int? = nil, letGoAfter: Int? = nil) async throws -> Held {
        let session = try WalkSession(baseURL: server.baseURL, size: screen, assumedRoundTripMillis: assumedRoundTripMillis)
        try await session.wait("the first grid") { $0.isGridComplete }
        try await server.resetStats()
        if resetPeak { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
        let tracker = TileTracker()
        // The screen complete before the hold is not part of it (it counted as drawn in 0 ms
        // when an update came before the first press, and not at all otherwise).
        if let start = session.latest { tracker.skipVisible(start) }
        session.observe { state, now in tracker.observe(state, now) }
        let clock = ContinuousClock()
        let start = clock.now
        let period = Duration.seconds(1 / rate)
        var presses = 0
        while let last = session.latest, last.current.selection < last.current.count - 1, presses < letGoAfter ?? .max {
            presses += 1
            try await clock.sleep(until: start + period * presses)
            await session.press(.pageDown)
        }
        // The last screen gets its time to finish (and the prefetch its time to land) before counting.
        _ = try? await session.wait("the last screen", timeout: .seconds(10)) {
            $0.isGridComplete && (letGoAfter == nil || $0.requestedThumbnails.isEmpty)
        }
        // The walk's peak is read before the benchmark's own bookkeeping: the server's stats
        // parsed as JSON (2,000 paths, about 9 MB of dictionaries in heaptrack) and the
        // tracker's summary are not the gallery's memory.
        let peak = resetPeak ? Self.peakRSSMegabytes() : 0
        var held = tracker.summary()
        held.peakMegabytes = peak
        held.seconds = Double((clock.now - start).components.attoseconds) / 1e18 + Double((clock.now - start).components.seconds)
        let stats = try await server.stats()
        held.listRequests = stats.list
        held.imageRequests = stats.images
        held.roundTrip = session.latest?.pictureRoundTrip.millis ?? 0
        await session.stop()
        return held
    }

    /// Presses `key` once on a complete first grid; the clock stops when the last item is
    /// selected and every tile of its screen is complete.
    func jumpToEnd(_ server: ServeChild, screen: Size, key: KeyCode) async throws -> (ms: Double, listRequests: Int) {
        let session = try WalkSession(baseURL: server.baseURL, size: screen)
        try await session.wait("the first grid") { $0.isGridComplete }
        try await server.resetStats()
        let start = ContinuousClock.now
        await session.press(key)
        try await session.wait("the last screen") {
            $0.current.count > 0 && $0.current.selection == $0.current.count - 1 && $0.isGridComplete
        }
        let elapsed = ContinuousClock.now - start
        let requests = try await server.stats().list
        await session.stop()
        return (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15, requests)
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : nil
    }

    static func peakRSSMegabytes() -> Int { PipelineBench.peakRSSMegabytes() }
}

/// When each screen position appeared and when its tile was drawn, from the model after every
/// update. A position counts from the update that first shows it (a gap included) to the
/// update where its item is loaded with its picture at the grid's size, or with no picture
/// to load; a position that leaves the screen undrawn counts as late.
final class TileTracker: @unchecked Sendable {
    /// Guards the fields below (read together by `held`), so the lock holds no value.
    private let lock = Mutex(())
    /// Per position, ns since `origin` when it appeared and ns from then until drawn (-1: not
    /// yet). Flat arrays: dictionaries over 50,000 positions hold about 6 MB by their capacity,
    /// the bench's own, counted in the peak RSS it reports.
    private let origin = ContinuousClock.now
    private var appearedAt: [Int64] = []
    private var drawnAfter: [Int64] = []
    /// Per position, ns since `origin` when its item was first seen loaded and when its picture
    /// was first asked for (-1: not yet), within the screen and the four screens past it: why a
    /// tile was late (its item unknown, its picture asked too late, or asked in time and slow).
    private var loadedAt: [Int64] = []
    private var askedAt: [Int64] = []
    private var appearedCount = 0
    private var listID: Int?
    /// Items whose picture reached the model, and items that were on screen.
    private var delivered: Set<Int> = []
    private var shown: Set<Int> = []
    /// Positions on screen before the walk.
    private var skipped: Set<Int> = []

    /// Leaves the positions on screen in `state` out of the count.
    func skipVisible(_ state: AppState) {
        guard let grid = state.layout.tileGrid else { return }
        let list = state.current
        let visible = grid.visibleRange(topRow: list.topRow, count: list.count)
        lock.withLock { _ in
            listID = list.id
            skipped.formUnion(visible)
            shown.formUnion(visible.compactMap { list.item(at: $0)?.id })
        }
    }

    func observe(_ state: AppState, _ now: ContinuousClock.Instant) {
        guard let grid = state.layout.tileGrid, state.details.isEmpty else { return }
        let list = state.current
        lock.withLock { _ in
            if listID == nil { listID = list.id }
            guard listID == list.id else { return }
            delivered.formUnion(state.thumbnails.keys)
            let visible = grid.visibleRange(topRow: list.topRow, count: list.count)
            shown.formUnion(visible.compactMap { list.item(at: $0)?.id })
            let reach = min(list.count, visible.upperBound + Self.screensWatchedAhead * grid.tilesPerScreen)
            if reach > appearedAt.count {
                // Sized once for the whole list: grown by doubling, the four arrays would hold
                // up to twice the positions (and both copies while one grows), in the peak.
                if appearedAt.capacity < list.count {
                    appearedAt.reserveCapacity(list.count)
                    drawnAfter.reserveCapacity(list.count)
                    loadedAt.reserveCapacity(list.count)
                    askedAt.reserveCapacity(list.count)
                }
                let more = reach - appearedAt.count
                appearedAt.append(contentsOf: repeatElement(-1, count: more))
                drawnAfter.append(contentsOf: repeatElement(-1, count: more))
                loadedAt.append(contentsOf: repeatElement(-1, count: more))
                askedAt.append(contentsOf: repeatElement(-1, count: more))
            }
            let stamp = Self.nanos(now - origin)
            for index in visible.lowerBound..<reach where askedAt[index] < 0 {
                guard let item = list.item(at: index) else { continue }
                if loadedAt[index] < 0 { loadedAt[index] = stamp }
                guard let key = state.thumbnailKey(for: item, in: grid) else { askedAt[index] = stamp; continue }
                if state.requestedThumbnails[key] != nil || state.thumbnails[item.id] != nil { askedAt[index] = stamp }
            }
            for index in visible where drawnAfter[index] < 0 && !skipped.contains(index) {
                if appearedAt[index] < 0 {
                    appearedAt[index] = Self.nanos(now - origin)
                    appearedCount += 1
                }
                let since = appearedAt[index]
                guard let item = list.item(at: index) else { continue }
                if let key = state.thumbnailKey(for: item, in: grid) {
                    guard let picture = state.thumbnails[item.id], picture.cols == key.columns, picture.rows == key.rows else { continue }
                }
                drawnAfter[index] = max(0, Self.nanos(now - origin) - since)
            }
        }
    }

    /// How far past the screen the item and ask times are watched (the prefetch's cap).
    static let screensWatchedAhead = 4

    private static func nanos(_ d: Duration) -> Int64 {
        d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000
    }

    func summary() -> WalkBench.Held {
        lock.withLock { _ in
            var held = WalkBench.Held()
            held.appeared = appearedCount
            held.delivered = delivered.count
            held.neverShown = delivered.subtracting(shown).count
            let times = drawnAfter.filter { $0 >= 0 }.map { Double($0) / 1e6 }.sorted()
            held.within = times.filter { $0 <= 100 }.count
            held.share = held.appeared == 0 ? 0 : Double(held.within) / Double(held.appeared) * 100
            // Undrawn positions count as infinitely late in the percentiles.
            let all = times + Array(repeating: Double.infinity, count: held.appeared - times.count)
            held.median = all.isEmpty ? 0 : all[all.count / 2]
            held.p90 = all.isEmpty ? 0 : all[min(all.count - 1, all.count * 9 / 10)]
            // The late tiles by cause, and how long before appearing the drawn and the late
            // pictures were asked for.
            var leadsDrawn: [Double] = [], leadsLate: [Double] = []
            for index in appearedAt.indices where appearedAt[index] >= 0 {
                let late = drawnAfter[index] < 0 || drawnAfter[index] > 100_000_000
                let lead = askedAt[index] < 0 ? nil : Double(appearedAt[index] - askedAt[index]) / 1e6
                if late {
                    if loadedAt[index] < 0 || loadedAt[index] > appearedAt[index] { held.lateNoItem += 1 }
                    else if lead.map({ $0 <= 0 }) ?? true { held.lateNotAsked += 1 }
                    else { held.lateAsked += 1 }
                    if let lead, lead > 0 { leadsLate.append(lead) }
                } else if let lead, lead > 0 {
                    leadsDrawn.append(lead)
                }
            }
            leadsDrawn.sort()
            leadsLate.sort()
            held.leadDrawn = leadsDrawn.isEmpty ? 0 : leadsDrawn[leadsDrawn.count / 2]
            held.leadLate = leadsLate.isEmpty ? 0 : leadsLate[leadsLate.count / 2]
            return held
        }
    }
}

/// `marvel-gallery serve --port 0` in a child process, with its `/debug/stats`.
final class ServeChild: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    private let transport: HTTPTransport

    init(binary: String, arguments: [String]) throws {
        transport = try HTTPTransport()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let (found, text) = Loopback.announcedURL(in: out.fileHandleForReading, of: process, timeout: 120)
        guard let found else {
            if process.isRunning { process.terminate() }
            throw ValidationError("serve did not start: \(text)")
        }
        baseURL = found
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        stop()
        transport.shutdown()
    }

    func resetStats() async throws { _ = try await get("/debug/reset") }

    /// Hits on the characters list route and on image files since the last reset.
    func stats() async throws -> (list: Int, images: Int) {
        let root = try JSONSerialization.jsonObject(with: try await get("/debug/stats")) as? [String: Any]
        let paths = root?["paths"] as? [String: Any] ?? [:]
        var list = 0, images = 0
        for (path, value) in paths {
            let hits = (value as? [String: Any])?["hits"] as? Int ?? 0
            if path == "/v1/public/characters" { list += hits }
            // Past the first 2,000 paths the server counts new ones under "(other)": images here.
            if [".jpg", ".png", ".gif"].contains(where: path.hasSuffix) || path.hasPrefix("(") { images += hits }
        }
        return (list, images)
    }

    private func get(_ path: String) async throws -> Data {
        try await transport.send(HTTPRequest(url: URL(string: baseURL.absoluteString + path)!)).body
    }
}
