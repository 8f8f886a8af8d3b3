import CatalogServer
import Foundation
import HTTPTransport
import ImageCore
import MarvelAPI
@testable import MetronSource
import TestSupport
import XCTest

/// Issue 24's bad input not covered elsewhere (wrong types and endless `next` links:
/// MetronContractTests; Retry-After extremes: HostileRateLimitHeaderTests, ServeLongestWaitTests;
/// the budget file: HostileBudgetFileTests): redirects that loop on Metron's own host or move to
/// another port, detail records of the wrong types behind a picture, and pictures of any size.
/// Every answer bounded and honest, the account never sent elsewhere, the budget never exceeded.
final class MetronBadInputTests: XCTestCase {
    private var folder: URL!
    private var transport: HTTPTransport!
    private static let password = "pa55-secret-24e"

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metron-bad-input-\(UUID().uuidString)")
        transport = try HTTPTransport()
    }

    override func tearDownWithError() throws {
        transport.shutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    private func client(_ base: URL, fake: FakeClock, perMinute: Int = 20) -> MetronClient {
        MetronClient(baseURL: base, credentials: MetronCredentials(username: "tester", password: Self.password),
                     transport: transport,
                     limiter: MetronRateLimiter(file: folder.appendingPathComponent("budget.json"),
                                                budget: MetronBudget(perMinute: perMinute, perDay: 5_000), clock: fake.clock),
                     cache: ResponseCache(directory: folder.appendingPathComponent("metron")),
                     retryPolicy: RetryPolicy(maxRetries: 1, sleep: fake.clock.sleep))
    }

    private func serve(_ client: MetronClient) async throws -> CatalogServer {
        try await CatalogServer.start(CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: []))))
    }

    private func get(_ server: CatalogServer, _ target: String) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
    }

    /// Sends of Metron's own host, by the times the fake clock gave them, never more than the
    /// budget in any sliding minute.
    func testARedirectLoopOnMetronsHostPaysASlotPerHopAndStopsAtFive() async throws {
        let metron = try LoopbackHTTPServer { request in
            let hop = Int(request.query["hop"] ?? "0") ?? 0
            return .respond(status: 302, headers: ["Location": "/api/character/?hop=\(hop + 1)"])
        }
        defer { metron.stop() }
        let fake = FakeClock()
        let client = client(metron.baseURL, fake: fake, perMinute: 3)
        do {
            _ = try await client.page(MetronSummary.self, "character")
            XCTFail("an endless redirect answered")
        } catch {
            XCTAssertTrue(error.description.contains("more than 5 redirects"), error.description)
            XCTAssertFalse(error.description.contains(Self.password))
        }
        let usage = try client.limiter.usage()
        print("redirect loop: \(metron.requests.count) requests to Metron, \(usage.today) slots of the budget taken, "
              + "\(fake.sleeps.count) waits for the window (budget 3 a minute)")
        XCTAssertEqual(metron.requests.count, 6, "the request and five hops, then it stops")
        XCTAssertEqual(usage.today, metron.requests.count, "every request Metron saw took a slot (curl's own following took one for six)")
        XCTAssertGreaterThan(fake.sleeps.count, 0, "a budget of 3 a minute made the hops wait for the window")
        XCTAssertTrue(metron.requests.allSatisfy { $0.headers["authorization"] != nil }, "Metron's own host is asked with the account")
    }

    func testARedirectToAnotherPortOfTheSameHostNeverCarriesTheAccount() async throws {
        let elsewhere = try LoopbackHTTPServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json"],
                     body: Data(#"{"count": 1, "next": null, "previous": null, "results": [{"id": 7, "name": "Elsewhere"}]}"#.utf8))
        }
        defer { elsewhere.stop() }
        let metron = try LoopbackHTTPServer { request in
            .respond(status: 301, headers: ["Location": "http://127.0.0.1:\(elsewhere.port)\(request.target)"])
        }
        defer { metron.stop() }
        let fake = FakeClock()
        let client = client(metron.baseURL, fake: fake)
        let page = try await client.page(MetronSummary.self, "character")
        XCTAssertEqual(page.results.map(\.id), [7], "the redirect was followed")
        XCTAssertEqual(metron.requests.count, 1)
        XCTAssertNotNil(metron.requests.first?.headers["authorization"])
        XCTAssertEqual(elsewhere.requests.count, 1)
        XCTAssertNil(elsewhere.requests.first?.headers["authorization"], "\(elsewhere.requests.map(\.headers))")
        XCTAssertEqual(try client.limiter.usage().today, 2, "both requests took a slot")
    }

    func testARedirectToAnotherSchemeOrNowhereIsAnHonestError() async throws {
        for location in ["file:///etc/passwd", "", "gopher://127.0.0.1/x"] {
            let metron = try LoopbackHTTPServer { _ in .respond(status: 302, headers: ["Location": location]) }
            defer { metron.stop() }
            let client = client(metron.baseURL, fake: FakeClock())
            do {
                _ = try await client.page(MetronSummary.self, "character")
                XCTFail("a redirect to \"\(location)\" answered")
            } catch {
                XCTAssertTrue(error.description.contains("redirected"), "\(location): \(error.description)")
                XCTAssertFalse(error.description.contains(Self.password))
            }
            XCTAssertEqual(metron.requests.count, 1, location)
        }
    }

    /// A character detail whose fields are all the wrong type: its picture is the contract's
    /// placeholder or an honest 503, never a crash or a hang.
    func testAPictureBehindADetailOfWrongTypesIsThePlaceholderOrAnHonestError() async throws {
        let bodies = [#"{"id": "5", "name": 7, "image": 12, "modified": []}"#, #"[1, 2, 3]"#, #""just text""#,
                      #"{"id": 5, "name": "Five", "image": {"url": "x"}}"#, #"{"id": 5, "name": "Five", "image": "not a url at all \u0000"}"#]
        for body in bodies {
            let metron = try LoopbackHTTPServer { _ in
                .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            }
            defer { metron.stop() }
            let server = try await serve(client(metron.baseURL, fake: FakeClock()))
            defer { Task { await server.stop() } }
            let response = try await get(server, "/metron-character-image/5/portrait_xlarge.jpg")
            let text = String(decoding: response.body, as: UTF8.self)
            print("detail \(body) -> \(response.status) \(response.status == 200 ? "\(response.body.count) bytes" : text)")
            XCTAssertTrue([200, 404, 503].contains(response.status), "\(body): \(response.status) \(text)")
            if response.status == 200 {
                let picture = try ImageDecoder.decode([UInt8](response.body))
                XCTAssertEqual([picture.width, picture.height], [150, 225], "the contract's placeholder")
            } else {
                XCTAssertTrue(text.contains("Metron"), text)
            }
            XCTAssertFalse(text.contains(Self.password))
        }
    }

    private func pictureServer(_ picture: @escaping @Sendable () -> LoopbackHTTPServer.Action) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            if request.path.hasPrefix("/media/") { return picture() }
            let detail = #"{"id": 5, "name": "Five", "image": "http://\#(request.headers["host"] ?? "")/media/5.jpg", "modified": "2024-01-02T03:04:05-05:00"}"#
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(detail.utf8))
        }
    }

    /// A picture over the transport's 32 MB cap, with no length announced: read no further than
    /// the cap, refused with words that say so, nothing kept.
    func testAPictureOverTheCapIsRefusedAtTheCapAndSaid() async throws {
        let megabyte = Data(repeating: 0xFF, count: 1 << 20)
        let metron = try pictureServer {
            .stream(status: 200, headers: ["Content-Type": "image/jpeg"], contentLength: nil,
                    chunks: Array(repeating: megabyte, count: 40), delay: .zero)
        }
        defer { metron.stop() }
        let server = try await serve(client(metron.baseURL, fake: FakeClock()))
        defer { Task { await server.stop() } }
        let started = Date()
        let response = try await get(server, "/metron-character-image/5/portrait_xlarge.jpg")
        let text = String(decoding: response.body, as: UTF8.self)
        print("a 40 MB picture -> \(response.status) \"\(text.trimmingCharacters(in: .newlines))\" in "
              + String(format: "%.2f s", Date().timeIntervalSince(started)))
        XCTAssertEqual(response.status, 503)
        XCTAssertTrue(text.contains("larger than 32 MB") && text.contains("picture"), text)
        XCTAssertFalse(text.contains(Self.password))
        let kept = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("metron").path)
            .map { folder.appendingPathComponent("metron/\($0)") }
            .compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }.max() ?? 0
        XCTAssertLessThan(kept, 1 << 20, "nothing of the 40 MB is kept in the response cache")
    }

    /// A JPEG whose header claims 65000 x 65000 pixels (4.2 G) in a few hundred bytes: the
    /// server's resize refuses it at the header (no 12 GB allocation), passes it on as it came,
    /// as the catalog does with originals it cannot decode, and the client's decoder refuses it too.
    func testAPictureClaimingFourGigapixelsIsRefusedAtItsHeader() async throws {
        var jpeg = try ImageEncoder.jpeg(RGBImage(width: 8, height: 8, fill: RGB(200, 10, 10)))
        let sof = try XCTUnwrap((0..<(jpeg.count - 9)).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) })
        jpeg[sof + 5] = 0xFD; jpeg[sof + 6] = 0xE8  // height 65000
        jpeg[sof + 7] = 0xFD; jpeg[sof + 8] = 0xE8  // width 65000
        let bomb = Data(jpeg)
        let metron = try pictureServer { .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bomb) }
        defer { metron.stop() }
        let server = try await serve(client(metron.baseURL, fake: FakeClock()))
        defer { Task { await server.stop() } }
        let started = Date()
        let response = try await get(server, "/metron-character-image/5/portrait_xlarge.jpg")
        let seconds = Date().timeIntervalSince(started)
        print("a \(bomb.count)-byte JPEG claiming 65000x65000 -> \(response.status), \(response.body.count) bytes in "
              + String(format: "%.3f s", seconds))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, bomb, "passed on as it came, never more")
        XCTAssertThrowsError(try ImageDecoder.decode([UInt8](response.body))) { error in
            guard case ImageError.imageTooLarge = error else { return XCTFail("\(error)") }
        }
    }
}
