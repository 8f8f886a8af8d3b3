import ArgumentParser
import Catalog
import CatalogServer
import Foundation
import HTTPTransport

/// `marvel-bench contract`: for each of the six resource types, 50 connections on loopback each
/// asking pages of 100 in turn (offsets and orderings vary); prints p50/p99 latency per type, cold
/// (every answer built) and cached (the same requests answered before), and the requests that
/// failed (counted, never fatal).
/// Target (issue 13): p99 at most 20 ms.
struct ContractBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "contract",
                                                    abstract: "p99 of a page of 100 of every type under 50 connections.")

    @Option(help: "Concurrent connections.")
    var connections = 50

    @Option(help: "Requests per connection and type.")
    var requests = 20

    @Option(help: "Resource types to measure, comma-separated (default: all six).")
    var types = EntityKind.allCases.map(\.rawValue).joined(separator: ",")

    @Flag(help: "The client unzips every answer (as the app does) instead of counting its gzip bytes.")
    var clientUnzips = false

    @Flag(help: "Only the in-process server (no marvel-gallery child).")
    var inProcessOnly = false

    @OptionGroup var gallery: GalleryExecutable

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("contract-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = try EmbeddedCatalog.open(cacheDirectory: scratch)
        let binary = inProcessOnly ? nil : try gallery.path()
        // Cold: no answer cache, so every request builds its page (SQL, JSON, envelope, gzip).
        // Cached: the same requests again on a server that has answered them once.
        var coldOptions = CatalogServerOptions(source: .reader(store))
        coldOptions.answerCacheBytes = 0
        let cold = try await CatalogServer.start(coldOptions)
        // A cached server per type, with room for every page the run asks (1,000 pages of comics
        // are 280 MB; the default 64 MB would be cleared mid-run and measure builds again).
        var cachedOptions = CatalogServerOptions(source: .reader(store))
        cachedOptions.answerCacheBytes = 1 << 30
        // The same servers as `marvel-gallery serve` children, so that the client's work (curl,
        // and unzipping with --client-unzips) does not share the server's process.
        let coldChild = try binary.map { try ServeChild(binary: $0, arguments: ["--answer-cache-mb", "0"]) }
        let transport = try HTTPTransport(configuration: .init(maxConcurrentTransfers: connections,
                                                               maxConnectionsPerHost: connections))
        print("\(connections) connections x \(requests) requests per type, limit=100, embedded catalog; the client asks gzip and "
              + (clientUnzips ? "unzips every answer" : "counts the gzip bytes (does not unzip)") + ":")
        for kind in EntityKind.allCases where types.split(separator: ",").contains(Substring(kind.rawValue)) {
            let total = try store.summaryTotal(kind)
            let name = kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            print("  \(name) (\(total) in catalog)")
            // Where a cold page's time goes, without queueing behind other connections: the
            // catalog's part (SQL and JSON) in-process, then whole requests one at a time.
            print("    alone  catalog \(try catalogTime(kind, total: total, store)), "
                  + "request " + (await measure(kind, total: total, base: cold.baseURL, transport, connections: 1)))
            // Cold figures are a running server's steady state: its first pass over these pages
            // renders the catalog's entities once (kept per store), the measured pass builds
            // every answer from them (SQL, JSON, envelope, gzip).
            print("    in-process server:")
            _ = await measure(kind, total: total, base: cold.baseURL, transport)
            print("      cold   " + (await measure(kind, total: total, base: cold.baseURL, transport)))
            let cached = try await CatalogServer.start(cachedOptions)
            _ = await measure(kind, total: total, base: cached.baseURL, transport)
            print("      cached " + (await measure(kind, total: total, base: cached.baseURL, transport)))
            await cached.stop()
            guard let binary, let coldChild else { continue }
            print("    marvel-gallery serve (a separate process):")
            _ = await measure(kind, total: total, base: coldChild.baseURL, transport)
            print("      cold   " + (await measure(kind, total: total, base: coldChild.baseURL, transport, server: coldChild)))
            let cachedChild = try ServeChild(binary: binary, arguments: ["--answer-cache-mb", "1024"])
            _ = await measure(kind, total: total, base: cachedChild.baseURL, transport)
            print("      cached " + (await measure(kind, total: total, base: cachedChild.baseURL, transport, server: cachedChild)))
            cachedChild.stop()
        }
        coldChild?.stop()
        await cold.stop()
    }

    /// Every connection asks its pages in turn; the figures of all answered requests, one line,
    /// with the CPU time a separate `server` spent per request (its own cost, whatever else
    /// the machine runs at the time).
    private func measure(_ kind: EntityKind, total: Int, base: URL, _ transport: HTTPTransport,
                         connections: Int? = nil, server: ServeChild? = nil) async -> String {
        let orderings: [EntityKind: [String]] = [
            .characters: ["name", "-name", "modified", "-modified"],
            .comics: ["title", "-title", "onsaleDate", "-onsaleDate", "issueNumber", "modified"],
            .creators: ["lastName", "-lastName", "firstName", "modified"],
            .events: ["name", "-name", "startDate", "modified"],
            .series: ["title", "-title", "startYear", "-startYear", "modified"],
            .stories: ["id", "-id", "modified", "-modified"],
        ]
        let base = base.absoluteString + "/v1/public/\(kind.rawValue)"
        let unzip = clientUnzips
        let orders = orderings[kind] ?? ["modified"]
        let (connections, requests) = (connections ?? self.connections, self.requests)
        let clock = ContinuousClock()
        let started = clock.now
        let serverCPU = server?.cpuSeconds
        // A failed request (an error or a status other than 200) is counted, not fatal: the
        // run goes on and the figures say how many failed and why the first one did.
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for worker in 0..<connections {
                group.addTask {
                    var mine = Outcome()
                    for i in 0..<requests {
                        let n = worker * requests + i
                        let offset = total > 100 ? (n * 37) % (total - 99) : 0
                        let url = URL(string: "\(base)?limit=100&offset=\(offset)&orderBy=\(orders[n % orders.count])")!
                        let t = clock.now
                        do {
                            // Without unzipping, curl hands over the gzip bytes as they came.
                            let request = unzip ? HTTPRequest(url: url)
                                : HTTPRequest(url: url, headers: [("Accept-Encoding", "gzip")], acceptCompressed: false)
                            let response = try await transport.send(request)
                            if response.status == 200 {
                                mine.latencies.append(Self.ms(clock.now - t))
                            } else {
                                mine.failures.append("\(url.path)?\(url.query ?? ""): HTTP \(response.status)")
                            }
                        } catch {
                            mine.failures.append("\(url.path)?\(url.query ?? ""): \(error)")
                        }
                    }
                    return mine
                }
            }
            return await group.reduce(into: Outcome()) { $0.latencies += $1.latencies; $0.failures += $1.failures }
        }
        let latencies = outcomes.latencies.sorted()
        let wall = Self.ms(clock.now - started)
        let failed = outcomes.failures.isEmpty ? ", 0 failed"
            : ", \(outcomes.failures.count) failed (first: \(outcomes.failures[0]))"
        guard !latencies.isEmpty else { return "no request succeeded\(failed)" }
        func pct(_ p: Double) -> String { String(format: "%.1f", latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]) }
        var cpu = ""
        if let before = serverCPU, let after = server?.cpuSeconds {
            cpu = String(format: ", server CPU %.3f ms/request", (after - before) * 1000 / Double(latencies.count))
        }
        return "p50 \(pct(0.50)) ms, p99 \(pct(0.99)) ms, max \(pct(1.0)) ms, \(Int(Double(latencies.count) / wall * 1000)) req/s"
            + cpu + failed
    }

    /// p50 of the catalog's answer to the pages `measure` asks (first 20 of them), in-process,
    /// each on a store opened for it: the first time those entities are rendered, and again
    /// (rendered once per store).
    private func catalogTime(_ kind: EntityKind, total: Int, _ store: CatalogStore) throws -> String {
        let clock = ContinuousClock()
        var first: [Double] = [], again: [Double] = []
        for n in 0..<20 {
            let offset = total > 100 ? (n * 37) % (total - 99) : 0
            let fresh = try CatalogStore(path: store.path ?? "")
            var t = clock.now
            _ = try fresh.summaryPage(kind, offset: offset)
            first.append(Self.ms(clock.now - t))
            t = clock.now
            _ = try fresh.summaryPage(kind, offset: offset)
            again.append(Self.ms(clock.now - t))
        }
        return String(format: "p50 %.2f ms first, %.2f ms again", first.sorted()[first.count / 2], again.sorted()[again.count / 2])
    }

    /// What one connection saw: the latency of each answered request, and each failure.
    struct Outcome: Sendable {
        var latencies: [Double] = []
        var failures: [String] = []
    }

    static func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
}

private extension CatalogStore {
    func summaryPage(_ kind: EntityKind, offset: Int) throws -> CatalogPage {
        switch kind {
        case .characters:
            var q = CharacterFilter(); q.limit = 100; q.offset = offset
            return try characters(q)
        case .comics:
            var q = ComicFilter(); q.limit = 100; q.offset = offset
            return try comics(q)
        default:
            var q = EntityFilter(); q.limit = 100; q.offset = offset
            return try entities(kind, q)
        }
    }

    func summaryTotal(_ kind: EntityKind) throws -> Int {
        switch kind {
        case .characters: return try characters(CharacterFilter()).total
        case .comics: return try comics(ComicFilter()).total
        default: return try entities(kind, EntityFilter()).total
        }
    }
}

private extension ServeChild {
    /// The child's CPU time so far (user and system), from /proc (Linux); nil elsewhere.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return nil }
        // After the command name come the state (field 3) ... utime (14) and stime (15), in clock ticks.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
