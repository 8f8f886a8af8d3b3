import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// The targets, measured in real time against the loopback Metron server set to
/// Metron's 20 requests a minute: prints figures, asserts only what is not a timing (every
/// picture arrived, zero 429s). Takes minutes, so it runs only with MARVEL_METRON_MEASURE=1.
final class MetronTargetsMeasurement: XCTestCase {
    func testFirstScreenOf24TilesAndAComicsScreen() async throws {
        guard ProcessInfo.processInfo.environment["MARVEL_METRON_MEASURE"] == "1" else {
            throw XCTSkip("set MARVEL_METRON_MEASURE=1 to measure (takes about two minutes)")
        }
        guard let metron = try MetronTestServer(perMinute: 20) else { throw XCTSkip("../shared/metron-recorded is absent") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metron-measure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = try HTTPTransport(configuration: .init(timeouts: HTTPTimeouts(stallWindow: .seconds(150), total: .seconds(180))))
        defer { transport.shutdown() }
        let client = MetronClient(baseURL: metron.baseURL,
                                  credentials: MetronCredentials(username: metron.username, password: metron.password),
                                  transport: try HTTPTransport(),
                                  limiter: MetronRateLimiter(file: folder.appendingPathComponent("budget.json")),
                                  cache: ResponseCache(directory: folder.appendingPathComponent("metron")))
        let server = try await CatalogServer.start(CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: []))))
        let start = ContinuousClock.now
        func seconds() -> Double { let d = ContinuousClock.now - start; return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        func get(_ target: String) async throws -> HTTPResponse {
            try await transport.send(HTTPRequest(url: URL(string: target.hasPrefix("http") ? target : server.baseURL.absoluteString + target)!))
        }

        // First screen: 24 character tiles. The names come with the one list page.
        let list = try await get("/v1/public/characters?limit=24&offset=0")
        let namesAt = seconds()
        let top = try JSONSerialization.jsonObject(with: list.body) as? [String: Any]
        let items = ((top?["data"] as? [String: Any])?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(items.count, 24)
        // The tiles' pictures, six at a time in screen order (as the image pipeline asks).
        let paths = items.compactMap { ($0["thumbnail"] as? [String: Any])?["path"] as? String }.map { $0 + "/portrait_xlarge.jpg" }
        var arrivals: [Double] = []
        var next = 0
        try await withThrowingTaskGroup(of: (Int, Double).self) { group in
            func launch() {
                guard next < paths.count else { return }
                let path = paths[next]
                next += 1
                group.addTask { let r = try await get(path); return (r.status, seconds()) }
            }
            for _ in 0..<6 { launch() }
            while let (status, at) = try await group.next() {
                XCTAssertEqual(status, 200)
                arrivals.append(at)
                launch()
            }
        }
        let picturesAt = arrivals.max() ?? 0

        // A comics screen: issue lists carry their covers, pictures are not API calls.
        let comicsStart = seconds()
        let comics = try await get("/v1/public/characters/1/comics?limit=24&offset=0")
        let comicTop = try JSONSerialization.jsonObject(with: comics.body) as? [String: Any]
        let covers = (((comicTop?["data"] as? [String: Any])?["results"] as? [[String: Any]]) ?? [])
            .compactMap { ($0["thumbnail"] as? [String: Any])?["path"] as? String }.map { $0 + "/portrait_xlarge.jpg" }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for cover in covers { group.addTask { try await get(cover).status } }
            for try await status in group { XCTAssertEqual(status, 200) }
        }
        let coversTook = seconds() - comicsStart
        let apiHits = metron.hits.filter { $0.key.hasPrefix("/api/") }.values.reduce(0, +)
        let mediaHits = metron.hits.filter { $0.key.hasPrefix("/media/") }.values.reduce(0, +)
        print(String(format: "metron targets: 24 names after %.2f s; 24 portraits after %.1f s (first %.1f s, 12th %.1f s); "
                     + "%d comic covers in %.2f s; Metron API requests %d, image requests %d, 429s %d",
                     namesAt, picturesAt, arrivals.sorted().first ?? 0, arrivals.sorted()[min(11, arrivals.count - 1)],
                     covers.count, coversTook, apiHits, mediaHits, metron.tooManyRequests))
        XCTAssertEqual(covers.count, 24)
        XCTAssertEqual(metron.tooManyRequests, 0)
        await server.stop()
    }

    /// The real gallery, headless (no terminal), on a fresh cache: how long until every tile of
    /// the first screen has its picture, and what it cost Metron.
    func testTheGalleryFirstScreen() throws {
        guard ProcessInfo.processInfo.environment["MARVEL_METRON_MEASURE"] == "1" else {
            throw XCTSkip("set MARVEL_METRON_MEASURE=1 to measure (takes about two minutes)")
        }
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else { throw XCTSkip("marvel-gallery is not built") }
        guard let metron = try MetronTestServer(perMinute: 20) else { throw XCTSkip("../shared/metron-recorded is absent") }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("metron-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_CONFIG_HOME=\(home.path)/config",
                   "METRON_USERNAME=\(metron.username)", "METRON_PASSWORD=\(metron.password)"]
        for (run, size) in [(1, "120x40"), (2, "120x40")] {
            let before = metron.totalHits
            let start = Date()
            let (status, output) = try Spawn.status(["/usr/bin/env"] + env + [RepoPaths.executable.path, "characters", "--source", "metron",
                                                     "--metron-url", metron.baseURL.absoluteString, "--headless", size])
            let took = Date().timeIntervalSince(start)
            XCTAssertEqual(status, 0, output)
            XCTAssertTrue(output.contains("grid-complete"), output)
            let api = metron.hits.filter { $0.key.hasPrefix("/api/") }.values.reduce(0, +)
            print(String(format: "metron gallery run %d (%@): every tile's picture after %.1f s; Metron requests this run %d "
                         + "(API so far %d); 429s %d", run, size, took, metron.totalHits - before, api, metron.tooManyRequests))
        }
        XCTAssertEqual(metron.tooManyRequests, 0)
    }
}
