import CatalogServer
import ComicVineSource
import Foundation
import HTTPTransport
import LiveSourceKit
import MarvelAPI
import TestSupport
import XCTest

/// What the Comic Vine tests set up alike: a scratch folder (the budget file, the response
/// cache), one transport, a client of a stand-in, `serve --source comicvine` over it and a GET
/// on the served contract. Subclasses are the test classes.
class ComicVineLoopbackTestCase: ScratchTestCase {
    var budgetFile: URL { folder.appendingPathComponent("budget.json") }
    var cacheFolder: URL { folder.appendingPathComponent("cache") }

    /// A client of the stand-in, with no spacing unless asked (the budget tests ask for it).
    func client(_ cv: ComicVineTestServer, key: String? = nil, windows: BudgetWindows = BudgetWindows(perResourcePerHour: 190),
                longestWait: TimeInterval? = nil, maxRetries: Int = 1) -> ComicVineClient {
        ComicVineClient(baseURL: cv.baseURL, apiKey: key ?? cv.apiKey, transport: transport,
                        limiter: BudgetLimiter(file: budgetFile, source: "Comic Vine", windows: windows),
                        cache: ResponseCache(directory: cacheFolder),
                        retryPolicy: RetryPolicy(maxRetries: maxRetries, maxRetryAfter: .seconds(5)),
                        longestWait: longestWait)
    }

    func serve(_ client: ComicVineClient) async throws -> CatalogServer {
        try await CatalogServer.start(CatalogServerOptions(source: .live(ComicVineServing(client: client))))
    }

    func get(_ server: CatalogServer, _ target: String) async throws -> (Int, [String: Any], HTTPResponse) {
        let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return (response.status, object, response)
    }

    func results(_ envelope: [String: Any]) -> [[String: Any]] {
        (envelope["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
    }

    func total(_ envelope: [String: Any]) -> Int? { (envelope["data"] as? [String: Any])?["total"] as? Int }
}
