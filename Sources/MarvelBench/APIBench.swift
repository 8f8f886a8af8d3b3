import ArgumentParser
import Foundation
import HTTPTransport
import MarvelAPI

/// `marvel-bench api --base-url URL`: HTTP transport and client figures against any
/// Marvel-compatible server (e.g. `marvel-gallery serve`): N concurrent requests over pooled
/// connections, then paging through the character list.
struct APIBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api", abstract: "Transport and Marvel client figures against a server.")

    @Option(name: .customLong("base-url"), help: "The server, e.g. http://127.0.0.1:8080.")
    var baseURL: String

    @Option(help: "Concurrent requests in the burst.")
    var requests = 100

    @Option(name: .customLong("per-host"), help: "Connections per host.")
    var perHost = 8

    @Option(help: "Pages of the character list to load (limit 100 each).")
    var pages = 5

    func run() async throws {
        guard let base = URL(string: baseURL), base.host != nil else { throw ValidationError("bad --base-url") }
        let transport = try HTTPTransport(configuration: .init(maxConnectionsPerHost: perHost))
        let url = base.appendingPathComponent("v1/public/characters")
        let start = ContinuousClock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<requests {
                group.addTask {
                    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
                    components.queryItems = [URLQueryItem(name: "limit", value: "1"),
                                             URLQueryItem(name: "offset", value: String(index))]
                    return try await transport.send(HTTPRequest(url: components.url!)).status
                }
            }
            return try await group.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
        }
        let burst = ContinuousClock.now - start
        let stats = transport.statistics
        print("burst: \(requests) concurrent GETs in \(ms(burst)) ms, statuses \(statuses), "
              + "\(stats.connectionsOpened) connections opened, \(stats.wireBytes) wire / \(stats.bodyBytes) body bytes")

        let client = MarvelClient(baseURL: base, transport: transport, retryPolicy: .none)
        let paginator = client.paginator(try .characters(.init(orderBy: .name)), pageSize: 100)
        var loaded = 0
        for page in 1...max(1, pages) {
            let pageStart = ContinuousClock.now
            guard let update = try await paginator.loadNextPage() else { break }
            loaded = update.loadedCount
            print("page \(page): +\(update.newItems.count) (\(loaded)/\(update.total)) in \(ms(ContinuousClock.now - pageStart)) ms")
            if update.isExhausted { break }
        }
    }

    private func ms(_ d: Duration) -> String {
        String(format: "%.1f", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
}
