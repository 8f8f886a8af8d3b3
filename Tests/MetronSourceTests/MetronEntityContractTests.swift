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
    private var transport: HTTPTransport!
    private var fake: FakeClock!
    private var limiter: MetronRateLimiter!

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

    private func serve(_ metron: MetronTestServer) async throws -> CatalogServer {
        try await serve(metron.baseURL, username: metron.username, password: metron.password)
    }

    private func serve(_ metronURL: URL, username: String = "tester", password: String = "s3cret-pw") async throws -> CatalogServer {
        let client = MetronClient(baseURL: metronURL, credentials: MetronCredentials(username: username, password: password),
                                  transport: transport, limiter: limiter,
                                  cache: ResponseCache(directory: folder.appendingPathComponent("metron")),
                                  retryPolicy: RetryPolicy(maxRetries: 1, sleep: fake.clock.sleep))
        let server = try await CatalogServer.start(CatalogServerOptions(source: .live(MetronServing(client: client, imageHosts: []))))
        base = server.baseURL.absoluteString
        return server
    }

    private func metronServer() throws -> MetronTestServer {
        guard let server = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        return server
    }

    /// What the loopback Metron answers for `path` (its own data, links rewritten to it).
    private func metronsOwn(_ metron: MetronTestServer, _ path: String) async throws -> [String: Any] {
        let auth = "Basic " + Data("\(metron.username):\(metron.password)".utf8).base64EncodedString()
        let response = try await transport.send(HTTPRequest(url: URL(string: metron.baseURL.absoluteString + path)!,
                                                            headers: [("Authorization", auth)]))
        XCTAssertEqual(response.status, 200, path)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any], path)
    }

    private func results(_ server: CatalogServer, _ target: String) async throws -> [[String: Any]] {
        let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
        XCTAssertEqual(response.status, 200, target)
        let envelope = try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any], target)
        return (envelope["data"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
    }

    private func one(_ server: CatalogServer, _ target: String) async throws -> [String: Any] {
        let all = try await results(server, target)
        return try XCTUnwrap(all.first, target)
    }

    private func listed(_ server: CatalogServer, _ target: String, id: Int) async throws -> [String: Any] {
        let all = try await results(server, target)
        return try XCTUnwrap(all.first { $0["id"] as? Int == id }, "\(id) in \(target)")
    }

    /// Every field of `expected` is in `answer` with that value, and `answer` has no other.
    private func assertFields(_ answer: [String: Any], _ expected: [String: Any], _ what: String,
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

    private func empty(_ kind: String, of owner: String, _ id: Int) -> [String: Any] {
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

    /// With half the minute spent, a list fills nothing (the rest is kept for what the user
    /// asks and for pictures): the unknown fields are the contract's empty values, not
    /// numbers. Once the detail has been asked for, the list says what the detail says.
    func testAListWithNoRoomToFillSaysTheEmptyValuesThenWhatTheDetailSaid() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        for _ in 0..<10 { _ = try await limiter.acquire() }
        let shell = try await listed(server, "/v1/public/characters?name=Batman", id: 12)
        XCTAssertNil(metron.hits["/api/character/12/"], "no detail asked without spare budget")
        XCTAssertNil(metron.hits["/api/character/12/issue_list/"])
        XCTAssertEqual(try CanonicalText.of(shell["comics"]), try CanonicalText.of(empty("comics", of: "characters", 12)),
                       "an unknown count is the contract's empty list")
        XCTAssertEqual(shell["description"] as? String, "")
        let detail = try await one(server, "/v1/public/characters/12")
        XCTAssertEqual((detail["comics"] as? [String: Any])?["available"] as? Int, 2)
        let filled = try await listed(server, "/v1/public/characters?name=Batman", id: 12)
        try assertFields(filled, detail, "Batman's list form after its detail")
        XCTAssertLessThanOrEqual(try limiter.usage().thisMinute, 20)
    }

    /// A list of 100 fills as many items as half the minute allows, through the one limiter,
    /// and no more in that minute; the next minute fills the next ones.
    func testFillsSpendOnlyTheSpareHalfOfTheMinute() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        func fills() -> Int {
            metron.requests.filter { $0.range(of: #"^/api/character/[0-9]+/"#, options: .regularExpression) != nil }.count
        }
        let half = limiter.budget.perMinute / 2  // 9 of the standard 18
        let first = try await results(server, "/v1/public/characters?limit=100")
        XCTAssertEqual(first.count, 100)
        XCTAssertEqual(metron.hits["/api/character/"], 1)
        XCTAssertEqual(fills(), half - 1, "half the minute's budget, less the list page")
        XCTAssertEqual(try limiter.usage().thisMinute, half)
        let described = first.filter { ($0["urls"] as? [Any])?.isEmpty == false }
        XCTAssertEqual(described.count, half - 1, "the items whose detail came are their detail form")
        XCTAssertEqual(described.compactMap { $0["id"] as? Int }, first.prefix(half - 1).compactMap { $0["id"] as? Int }, "in list order")
        _ = try await results(server, "/v1/public/characters?limit=100&offset=100")
        XCTAssertEqual(fills(), half - 1, "no room left in this minute")
        fake.advance(61)
        let again = try await results(server, "/v1/public/characters?limit=100")
        XCTAssertEqual(fills(), 2 * half - 1, "the next minute fills \(half) more (the page is stored: no request for it)")
        XCTAssertEqual(again.filter { ($0["urls"] as? [Any])?.isEmpty == false }.count, 2 * half - 1,
                       "the answer was not kept while partial: the second ask says more")
    }

    /// Details that take Metron 8 s: the list answers after the fill wait (1.5 s), its items
    /// the list's own fields; the fetches go on, and once their answers are stored the same
    /// list (not kept while partial) says what the details said.
    func testSlowDetailsHoldAListNoLongerThanTheFillWait() async throws {
        let metron = try LoopbackHTTPServer { request in
            let json = ["Content-Type": "application/json"]
            if request.path == "/api/character/" {
                let items = (1...5).map { #"{"id": \#($0), "name": "Name \#($0)", "modified": "2024-01-02T03:04:05-05:00"}"# }
                let page = #"{"count": 5, "next": null, "previous": null, "results": [\#(items.joined(separator: ","))]}"#
                return .respond(status: 200, headers: json, body: Data(page.utf8))
            }
            let id = request.path.split(separator: "/").dropFirst(2).first.map(String.init) ?? "0"
            let body = request.path.hasSuffix("/issue_list/")
                ? #"{"count": 3, "next": null, "previous": null, "results": []}"#
                : #"{"id": \#(id), "name": "Name \#(id)", "desc": "Told late", "image": null, "modified": "2024-01-02T03:04:05-05:00"}"#
            return .stream(status: 200, headers: json, contentLength: body.utf8.count, chunks: [Data(body.utf8)], delay: .seconds(8))
        }
        let server = try await serve(metron.baseURL)
        defer { Task { await server.stop() } }
        let clock = ContinuousClock()
        let started = clock.now
        let items = try await results(server, "/v1/public/characters?limit=5")
        let took = clock.now - started
        print("a list over 8 s details answered in \(took)")
        XCTAssertEqual(items.count, 5)
        XCTAssertLessThan(took, .seconds(6), "held for the fill wait, not until the details came")
        XCTAssertTrue(items.allSatisfy { $0["description"] as? String == "" }, "the list's own fields meanwhile")
        XCTAssertEqual(metron.requests.filter { $0.path != "/api/character/" }.count, 8, "the spare budget: 9 of 18, less the page")
        var later: [[String: Any]] = []
        for _ in 0..<100 {
            later = try await results(server, "/v1/public/characters?limit=5")
            if later.allSatisfy({ $0["description"] as? String == "Told late" }) { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        XCTAssertEqual(later.compactMap { $0["description"] as? String }, Array(repeating: "Told late", count: 5),
                       "the fetches went on after the answer, and the next ask is filled from them")
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
