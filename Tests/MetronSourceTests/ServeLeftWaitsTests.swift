import CatalogServer
import Foundation
import HTTPTransport
import LiveSourceKit
import MetronSource
import TestSupport
import XCTest

/// `serve --source metron` while the window's budget is spent: a picture request whose client
/// closes its connection (the gallery aborts a tile's transfer when the tile leaves the screen)
/// stops waiting for the budget, so the next slot goes to a picture still wanted, even one
/// less urgent, and the picture left behind is never looked up at Metron.
final class ServeLeftWaitsTests: MetronLoopbackTestCase {
    /// A 3 s window (the algorithm of the minute in seconds) of 2 requests, 1 for pictures.
    static let window = SlidingWindow(length: 3, margin: 0.25)

    private func serve(_ metron: MetronTestServer) async throws -> CatalogServer {
        let client = MetronClient(baseURL: metron.baseURL,
                                  credentials: MetronCredentials(username: metron.username, password: metron.password),
                                  transport: transport,
                                  limiter: MetronRateLimiter(file: budgetFile, budget: MetronBudget(perMinute: 2, perDay: 5_000),
                                                             window: Self.window),
                                  retryPolicy: RetryPolicy(maxRetries: 0, sleep: { _ in }))
        return try await CatalogServer.start(CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: []))))
    }

    private func lookups(_ metron: MetronTestServer, _ id: Int) -> Int {
        metron.requests.filter { $0 == "/api/character/\(id)/" }.count
    }

    func testAPictureWhoseClientLeftSpendsNoBudget() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let server = try await serve(metron)
        // The list spends the pictures' share of the window.
        let (status, envelope, _) = try await get(server, "/v1/public/characters?limit=3")
        XCTAssertEqual(status, 200)
        let ids = results(envelope).compactMap { $0["id"] as? Int }
        XCTAssertEqual(ids.count, 3)
        let (left, wanted) = (ids[0], ids[1])
        let picture = { (id: Int, urgency: Int) in
            HTTPRequest(url: URL(string: server.baseURL.absoluteString + "/metron-character-image/\(id)/standard_medium.jpg")!,
                        headers: [("Priority", "u=\(urgency)")])
        }

        // A tile on screen asks (u=1) and waits; the user pages on and its transfer is aborted.
        let transport = self.transport!
        let first = picture(left, 1)
        let leaving = Task { try await transport.send(first) }
        try await Task.sleep(for: .milliseconds(500))
        leaving.cancel()
        _ = try? await leaving.value
        // A picture still wanted, at prefetch urgency (u=5), asked after it.
        let started = ContinuousClock.now
        let answer = try await transport.send(picture(wanted, 5))
        let took = ContinuousClock.now - started
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.headers["connection"]?.lowercased(), "close", "the server says it closes the connection it watched")
        XCTAssertEqual(lookups(metron, wanted), 1)
        XCTAssertEqual(lookups(metron, left), 0, "the picture whose client left was not looked up before the one still wanted")

        // Another window: the picture left behind is never looked up.
        try await Task.sleep(for: .seconds(Self.window.span + 1))
        print("picture left: \(lookups(metron, left)) lookups; the one still wanted answered in \(took); Metron saw \(metron.requests)")
        XCTAssertEqual(lookups(metron, left), 0, "a wait whose client went away spends no budget")
        XCTAssertEqual(metron.tooManyRequests, 0)
    }
}
