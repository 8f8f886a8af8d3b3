import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// What the Metron tests against a loopback server set up alike, in one place: a scratch folder
/// of the test's own (the shared budget file, the response cache) and one libcurl transport,
/// both gone after each test; a Metron client wired as these tests wire it (a fake clock, so a
/// 429 or a spent minute costs no wall time); `serve --source metron` over it; and a GET on
/// the served contract. Subclasses are the test classes (no tests here).
class MetronLoopbackTestCase: ScratchTestCase {
    var budgetFile: URL { folder.appendingPathComponent("budget.json") }

    /// A client of Metron at `base` over `transport`: its budget in `budgetFile` on `fake`'s
    /// time, its responses cached under `folder/cache`, `maxRetries` retries waited on `fake`.
    func metronClient(_ base: URL, username: String, password: String, clock fake: FakeClock = FakeClock(),
                      cache: String = "metron", freshness: MetronClient.Freshness = .init(),
                      maxRetries: Int = 1, maxRetryAfter: Duration = .seconds(20)) -> MetronClient {
        MetronClient(baseURL: base, credentials: MetronCredentials(username: username, password: password),
                     transport: transport,
                     limiter: MetronRateLimiter(file: budgetFile, clock: fake.clock),
                     cache: ResponseCache(directory: folder.appendingPathComponent(cache)),
                     freshness: freshness,
                     retryPolicy: RetryPolicy(maxRetries: maxRetries, maxRetryAfter: maxRetryAfter, sleep: fake.clock.sleep))
    }

    /// `serve --source metron` (the in-process contract server) over Metron at `base`.
    func serve(_ base: URL, username: String = "tester", password: String = "s3cret-pw",
               freshness: MetronClient.Freshness = .init(), keys: APIKeys? = nil) async throws -> CatalogServer {
        let client = metronClient(base, username: username, password: password, freshness: freshness)
        var options = CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: [])))
        options.keys = keys
        return try await CatalogServer.start(options)
    }

    /// The same over a loopback Metron, with its account unless `password` is given.
    func serve(_ metron: MetronTestServer, password: String? = nil, freshness: MetronClient.Freshness = .init(),
               keys: APIKeys? = nil) async throws -> CatalogServer {
        try await serve(metron.baseURL, username: metron.username, password: password ?? metron.password,
                        freshness: freshness, keys: keys)
    }

    /// GET `target` of `server` over `transport`.
    func response(_ server: CatalogServer, _ target: String) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
    }

    /// GET `target` of `server`: the status, the body as a JSON object ([:] when it is not one)
    /// and the bytes.
    func get(_ server: CatalogServer, _ target: String) async throws -> (Int, [String: Any], Data) {
        let response = try await response(server, target)
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return (response.status, object, response.body)
    }

    /// An envelope's `data.results`.
    func results(_ envelope: [String: Any]) -> [[String: Any]] {
        (envelope["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
    }
}
