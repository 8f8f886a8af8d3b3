import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// Characters, series, events (Metron's arcs), creators and stories, every translated field
/// against the loopback Metron server's own data (asked of it directly, as a Metron client
/// would), in the detail form and in the list form; and the list form when the budget has no
/// room to fill it: the contract's empty values, never another number.
final class MetronEntityContractTests: XCTestCase {
    private var folder: URL!
    var transport: HTTPTransport!
    var fake: FakeClock!
    var limiter: MetronRateLimiter!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("metron-entities-\(UUID().uuidString)")
        transport = try HTTPTransport()
        fake = FakeClock()
        limiter = MetronRateLimiter(file: folder.appendingPathComponent("budget.json"), clock: fake.clock)
    }

    override func tearDownWithError() throws {
        transport.shutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    func serve(_ metron: MetronTestServer) async throws -> CatalogServer {
        try await serve(metron.baseURL, username: metron.username, password: metron.password)
    }

    func serve(_ metronURL: URL, username: String = "tester", password: String = "s3cret-pw") async throws -> CatalogServer {
        let client = MetronClient(baseURL: metronURL, credentials: MetronCredentials(username: username, password: password),
                                  transport: transport, limiter: limiter,
                                  cache: ResponseCache(directory: folder.appendingPathComponent("metron")),
                                  retryPolicy: RetryPolicy(maxRetries: 1, sleep: fake.clock.sleep))
        let server = try await CatalogServer.start(CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: []))))
        base = server.baseURL.absoluteString
        return server
    }

    func metronServer() throws -> MetronTestServer {
        guard let server = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        return server
    }

    /// What the loopback Metron answers for `path` (its own data, links rewritten to it).
    func metronsOwn(_ metron: MetronTestServer, _ path: String) async throws -> [String: Any] {
        let auth = "Basic " + Data("\(metron.username):\(metron.password)".utf8).base64EncodedString()
        let response = try await transport.send(HTTPRequest(url: URL(string: metron.baseURL.absoluteString + path)!,
                                                            headers: [("Authorization", auth)]))
        XCTAssertEqual(response.status, 200, path)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any], path)
    }

    func results(_ server: CatalogServer, _ target: String) async throws -> [[String: Any]] {
        let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
        XCTAssertEqual(response.status, 200, target)
        let envelope = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any], target)
        return (envelope["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
    }

    func one(_ server: CatalogServer, _ target: String) async throws -> [String: Any] {
        let all = try await results(server, target)
        return try XCTUnwrap(all.first, target)
    }

    func listed(_ server: CatalogServer, _ target: String, id: Int) async throws -> [String: Any] {
        let all = try await results(server, target)
        return try XCTUnwrap(all.first { $0["id"] as? Int == id }, "\(id) in \(target)")
    }

    /// Every field of `expected` is in `answer` with that value, and `answer` has no other.
    func assertFields(_ answer: [String: Any], _ expected: [String: Any], _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(Set(answer.keys), Set(expected.keys), what, file: file, line: line)
        for key in expected.keys.sorted() {
            XCTAssertEqual(try CanonicalText.of(answer[key]), try CanonicalText.of(expected[key]), "\(what): \(key)", file: file, line: line)
        }
    }

    // MARK: The contract's shapes from Metron's data, written out here

    /// The server writes the contract's links to itself (`http://gateway.marvel.com/v1/public`
    /// and Marvel's placeholder are its own paths), so clients follow them there.
    private var base = ""
    private var gateway: String { base + "/v1/public" }
    private var notAvailable: [String: Any] { ["path": base + "/u/prod/marvel/i/mg/b/40/image_not_available", "extension": "jpg"] }

    /// Metron's `2025-02-18T15:13:12.604984-05:00` as Marvel writes it: `2025-02-18T15:13:12-0500`.
    private func marvelDate(_ metron: Any?) -> String {
        guard let text = metron as? String, text.count >= 25 else { return "-0001-11-30T00:00:00-0500" }
        return String(text.prefix(19)) + text.suffix(6).replacingOccurrences(of: ":", with: "")
    }

    func empty(_ kind: String, of owner: String, _ id: Int) -> [String: Any] {
        ["available": 0, "collectionURI": "\(gateway)/\(owner)/\(id)/\(kind)", "items": [Any](), "returned": 0]
    }

    /// `comics` from Metron's issue list of the entity: its count (or `count`), its first 20.
    private func comics(of owner: String, _ id: Int, _ issues: [String: Any], count: Int? = nil) -> [String: Any] {
        let items = (issues["results"] as? [[String: Any]] ?? []).prefix(20).map {
            ["resourceURI": "\(gateway)/comics/\($0["id"] as? Int ?? -1)", "name": $0["issue"] as? String ?? "?"]
        }
        return ["available": count ?? issues["count"] as? Int ?? -1, "collectionURI": "\(gateway)/\(owner)/\(id)/comics",
                "items": items, "returned": items.count]
    }

    /// Metron's image as our server serves it; none: the contract's placeholder.
    private func thumbnail(_ image: Any?, _ server: CatalogServer) -> [String: Any] {
        guard let text = image as? String, let url = URL(string: text), let host = url.host else { return notAvailable }
        let hostPort = url.port.map { "\(host):\($0)" } ?? host
        return ["path": server.baseURL.absoluteString + "/metron-image/\(url.scheme ?? "")/\(hostPort)" + url.deletingPathExtension().path,
                "extension": url.pathExtension.lowercased()]
    }

    private func urls(_ record: [String: Any]) -> [[String: Any]] {
        (record["resource_url"] as? String).map { [["type": "detail", "url": $0]] } ?? []
    }

    private func character(_ c: [String: Any], _ issues: [String: Any], _ server: CatalogServer) -> [String: Any] {
        let id = c["id"] as? Int ?? -1
        return ["id": id, "name": c["name"] as? String ?? "?", "description": c["desc"] as? String ?? "",
                "modified": marvelDate(c["modified"]), "resourceURI": "\(gateway)/characters/\(id)", "urls": urls(c),
                "thumbnail": thumbnail(c["image"], server), "comics": comics(of: "characters", id, issues),
                "series": empty("series", of: "characters", id), "stories": empty("stories", of: "characters", id),
                "events": empty("events", of: "characters", id)]
    }

    func testACharacterIsMetronsRecordFieldByFieldInItsListAndDetailForms() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        // 4-D Man: a recorded detail (description, a png portrait), no issues; Batman: two issues.
        for (id, name) in [(23843, "4-D%20Man"), (12, "Batman")] {
            let truth = try await metronsOwn(metron, "/api/character/\(id)/")
            let issues = try await metronsOwn(metron, "/api/character/\(id)/issue_list/")
            let expected = character(truth, issues, server)
            // A minute later (room in the window): the list first, its item filled within the
            // spare budget, then the detail, then a longer list from what is stored.
            fake.advance(61)
            let item = try await listed(server, "/v1/public/characters?name=\(name)", id: id)
            try assertFields(item, expected, "character \(id), list form")
            try assertFields(try await one(server, "/v1/public/characters/\(id)"), expected, "character \(id), detail form")
            let again = try await listed(server, "/v1/public/characters?nameStartsWith=\(name)&limit=100", id: id)
            try assertFields(again, expected, "character \(id), list form from what is stored")
        }
        let batman = try await one(server, "/v1/public/characters/12")
        XCTAssertEqual((batman["comics"] as? [String: Any])?["available"] as? Int, 2, "Batman is named by two recorded issues")
    }

    func testASeriesIsMetronsRecordFieldByFieldInItsListAndDetailForms() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        let truth = try await metronsOwn(metron, "/api/series/1/")
        let issues = try await metronsOwn(metron, "/api/series/1/issue_list/")
        let began = try XCTUnwrap(truth["year_began"] as? Int), ended = truth["year_end"] as? Int
        let name = try XCTUnwrap(truth["name"] as? String)
        let title = ended.map { $0 == began ? "\(name) (\(began))" : "\(name) (\(began) - \($0))" } ?? "\(name) (\(began))"
        let type = ["Limited Series": "limited", "Ongoing Series": "ongoing", "One-Shot": "one shot"][(truth["series_type"] as? [String: Any])?["name"] as? String ?? ""]
        let desc = truth["desc"] as? String ?? ""
        let expected: [String: Any] = [
            "id": 1, "title": title, "description": desc.isEmpty ? NSNull() : desc, "resourceURI": "\(gateway)/series/1",
            "urls": urls(truth), "startYear": began, "endYear": ended ?? 2099, "rating": "", "type": type ?? "",
            "modified": marvelDate(truth["modified"]), "thumbnail": thumbnail(truth["image"], server),
            // Metron's series states its issue count; the first 20 come from its issue list.
            "comics": comics(of: "series", 1, issues, count: truth["issue_count"] as? Int),
            "creators": empty("creators", of: "series", 1), "characters": empty("characters", of: "series", 1),
            "stories": empty("stories", of: "series", 1), "events": empty("events", of: "series", 1),
            "next": NSNull(), "previous": NSNull(),
        ]
        let item = try await listed(server, "/v1/public/series?titleStartsWith=Death%20of%20the%20Inhumans&limit=100", id: 1)
        try assertFields(item, expected, "series 1, list form")
        try assertFields(try await one(server, "/v1/public/series/1"), expected, "series 1, detail form")
    }

    func testAnEventIsMetronsArcFieldByFieldInItsListAndDetailForms() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        // The Witching Hour: a recorded detail with a picture; A.X.E.: Judgment Day: named by an issue.
        for (id, name) in [(2, "The%20Witching%20Hour"), (860, "A.X.E.%3A%20Judgment%20Day")] {
            let truth = try await metronsOwn(metron, "/api/arc/\(id)/")
            let issues = try await metronsOwn(metron, "/api/arc/\(id)/issue_list/")
            let expected: [String: Any] = [
                "id": id, "title": truth["name"] as? String ?? "?", "description": truth["desc"] as? String ?? "",
                "resourceURI": "\(gateway)/events/\(id)", "urls": urls(truth), "modified": marvelDate(truth["modified"]),
                "start": NSNull(), "end": NSNull(), "thumbnail": thumbnail(truth["image"], server),
                "comics": comics(of: "events", id, issues), "creators": empty("creators", of: "events", id),
                "characters": empty("characters", of: "events", id), "stories": empty("stories", of: "events", id),
                "series": empty("series", of: "events", id), "next": NSNull(), "previous": NSNull(),
            ]
            fake.advance(61)
            let item = try await listed(server, "/v1/public/events?name=\(name)", id: id)
            try assertFields(item, expected, "event \(id), list form")
            try assertFields(try await one(server, "/v1/public/events/\(id)"), expected, "event \(id), detail form")
        }
        let axe = try await one(server, "/v1/public/events/860")
        XCTAssertEqual((axe["comics"] as? [String: Any])?["available"] as? Int, 1, "one recorded issue is in A.X.E.: Judgment Day")
    }

    func testACreatorIsMetronsRecordFieldByFieldInItsListAndDetailForms() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        let id = 2916
        let truth = try await metronsOwn(metron, "/api/creator/\(id)/")
        let name = try XCTUnwrap(truth["name"] as? String)
        let words = name.split(separator: " ").map(String.init)
        let expected: [String: Any] = [
            "id": id, "firstName": words.dropLast().joined(separator: " "), "middleName": "", "lastName": words.last ?? "",
            "suffix": "", "fullName": name, "modified": marvelDate(truth["modified"]), "thumbnail": thumbnail(truth["image"], server),
            "resourceURI": "\(gateway)/creators/\(id)", "urls": urls(truth),
            // Metron keeps no issue list of a creator: the contract's empty lists.
            "comics": empty("comics", of: "creators", id), "series": empty("series", of: "creators", id),
            "stories": empty("stories", of: "creators", id), "events": empty("events", of: "creators", id),
        ]
        let item = try await listed(server, "/v1/public/creators?nameStartsWith=\(name.replacingOccurrences(of: " ", with: "%20"))", id: id)
        try assertFields(item, expected, "creator \(id), list form")
        try assertFields(try await one(server, "/v1/public/creators/\(id)"), expected, "creator \(id), detail form")
    }

    /// A comic listed before anyone asked its detail (its series' issue list) is its detail
    /// form: pages, price and characters Metron's, fetched within the spare budget.
    func testAComicListedBeforeItsDetailIsItsDetailForm() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        let truth = try await metronsOwn(metron, "/api/issue/1/")
        let item = try await listed(server, "/v1/public/series/1/comics?limit=100", id: 1)
        XCTAssertEqual(item["pageCount"] as? Int, truth["page"] as? Int)
        XCTAssertEqual((item["prices"] as? [[String: Any]])?.first?["price"] as? Double, Double(truth["price"] as? String ?? ""))
        XCTAssertEqual((item["characters"] as? [String: Any])?["available"] as? Int, (truth["characters"] as? [Any])?.count)
        try assertFields(item, try await one(server, "/v1/public/comics/1"), "issue 1: its list form before its detail")
    }

    /// Metron has no stories: the list is the contract's empty page and any story is a 404.
    func testStoriesAreTheContractsEmptyAnswers() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + "/v1/public/stories?limit=5")!))
        let envelope = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let data = try XCTUnwrap(envelope["data"] as? [String: Any])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(data["total"] as? Int, 0)
        XCTAssertEqual((data["results"] as? [Any])?.count, 0)
        let story = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + "/v1/public/stories/1")!))
        XCTAssertEqual(story.status, 404)
        XCTAssertEqual(metron.totalHits, 0, "nothing to ask Metron")
    }
}
