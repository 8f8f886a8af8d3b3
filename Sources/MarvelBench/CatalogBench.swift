import ArgumentParser
import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI

/// `marvel-bench catalog`: figures of the catalog and its server, in-process on loopback:
/// embedded catalog open (cold build and warm), raw request rate, 1,000 sequential client
/// calls, 100 concurrent, image variants, and the synthetic 1562x50000 catalog paged.
struct CatalogBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "catalog", abstract: "Catalog store and server figures.")

    @Option(help: "Synthetic catalog size for the paging run.")
    var synthetic = "1562x50000"

    func run() async throws {
        let clock = ContinuousClock()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var t = clock.now
        let cpuBefore = processCPUMilliseconds()
        // Held until timed: closing the store (its WAL checkpoint flushes the new file) is not
        // part of a first launch, which keeps it open.
        var built: CatalogStore? = try EmbeddedCatalog.open(cacheDirectory: scratch)
        let cold = clock.now - t
        let cpu = processCPUMilliseconds() - cpuBefore
        t = clock.now
        _ = built
        built = nil
        let closed = clock.now - t
        t = clock.now
        let store = try EmbeddedCatalog.open(cacheDirectory: scratch)
        let warm = clock.now - t
        let phases = EmbeddedCatalog.lastBuildPhases
        print("embedded catalog: cold build \(ms(cold)) ms (CPU time of all threads \(Int(cpu)) ms), warm open \(ms(warm)) ms"
              + "; target cold build <= 150 ms: \(seconds(cold) <= 0.150 ? "PASS" : "FAIL")")
        print("  build steps: " + phases.map { String(format: "%@ %.1f ms", $0.name, $0.milliseconds) }.joined(separator: ", ")
              + "; then closing it \(ms(closed)) ms")
        try serializationFigures()

        let server = try await CatalogServer.start(CatalogServerOptions(source: .reader(store)))
        let transport = try HTTPTransport()
        let client = MarvelClient(baseURL: server.baseURL, transport: transport, retryPolicy: .none)
        let list = URL(string: server.baseURL.absoluteString + "/v1/public/characters?limit=20&offset=40")!
        t = clock.now
        for _ in 0..<2000 { _ = try await transport.send(HTTPRequest(url: list)) }
        let raw = clock.now - t
        print("raw GET (cached page, one connection): \(Int(2000 / seconds(raw))) req/s")

        t = clock.now
        for i in 0..<1000 {
            _ = try await client.characters(CharacterQuery(nameStartsWith: ["A", "B", "S", "Ir", "T"][i % 5], limit: 20, offset: 0))
        }
        let sequential = clock.now - t
        print("1000 sequential client calls (decode included): \(ms(sequential)) ms, \(Int(1000 / seconds(sequential))) req/s")

        t = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<100 { group.addTask { _ = try await client.comics(ComicQuery(limit: 20, offset: i * 3)) } }
            try await group.waitForAll()
        }
        print("100 concurrent client calls: \(ms(clock.now - t)) ms")

        let first = try await client.characters(CharacterQuery(limit: 100))
        let thumbs = first.results.compactMap { $0.thumbnail }.filter { !$0.isPlaceholder }
        t = clock.now
        for thumb in thumbs { _ = try await transport.send(HTTPRequest(url: thumb.url(.portraitXlarge)!)) }
        let render = clock.now - t
        t = clock.now
        for thumb in thumbs { _ = try await transport.send(HTTPRequest(url: thumb.url(.portraitXlarge)!)) }
        let cached = clock.now - t
        print("portrait_xlarge of \(thumbs.count) originals: first (resize+encode) \(ms(render)) ms, again (cached) \(ms(cached)) ms")
        await server.stop()

        let parts = synthetic.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--synthetic CxK") }
        t = clock.now
        let big = try await CatalogServer.start(CatalogServerOptions(source: .synthetic(characters: parts[0], comics: parts[1])))
        print("synthetic \(synthetic): built in \(ms(clock.now - t)) ms")
        let bigClient = MarvelClient(baseURL: big.baseURL, transport: transport, retryPolicy: .none)
        t = clock.now
        var seen = Set<Int>(), offset = 0, total = 0
        repeat {
            let page = try await bigClient.comics(ComicQuery(orderBy: .title, limit: 100, offset: offset))
            seen.formUnion(page.results.map(\.id))
            total = page.total
            offset += 100
        } while offset < total
        print("synthetic comics paged by title, \(total / 100) pages of 100: \(ms(clock.now - t)) ms, \(seen.count) distinct ids")
        await big.stop()
    }

    /// The import's canonical entity text, both ways over every entity of the embedded catalog:
    /// JSONSerialization `.sortedKeys` (ICU collation, what the import used) against
    /// `CanonicalJSON` (byte order), as a ratio in one run.
    func serializationFigures() throws {
        let folder = try EmbeddedCatalog.fixturesFolder()
        var entities: [[String: Any]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let envelope = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let results = (envelope?["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
            entities += results
        }
        let clock = ContinuousClock()
        var t = clock.now
        for entity in entities {
            _ = try JSONSerialization.data(withJSONObject: entity, options: [.sortedKeys, .withoutEscapingSlashes])
        }
        let icu = clock.now - t
        t = clock.now
        for entity in entities { _ = try CanonicalJSON.string(entity) }
        let own = clock.now - t
        print("entity serialization, \(entities.count) entities: JSONSerialization .sortedKeys \(ms(icu)) ms, "
              + "CanonicalJSON \(ms(own)) ms (\(String(format: "%.1f", seconds(icu) / max(seconds(own), 1e-9))) x faster)")
    }

    /// User and system CPU time of this process so far: on a loaded machine the wall time of a
    /// build says more about the load than about the build.
    private func processCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    private func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
    private func ms(_ d: Duration) -> Int { Int(seconds(d) * 1000) }
}
