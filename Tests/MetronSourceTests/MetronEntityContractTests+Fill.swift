import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// List items filled within the spare budget: none without room (the contract's empty
/// values, then the detail's once asked), half the minute at most, and an answer held no
/// longer than the fill wait when Metron is slow.
extension MetronEntityContractTests {
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

    /// What a list item does not know yet is named in `X-Unknown-Fields` (the JSON holds the
    /// contract's empty value there), on the 200 and on the 304 alike, and read by the client;
    /// once the detail and its issue list are stored, nothing is named.
    func testFieldsNotKnownYetAreNamedInAHeaderUntilTheyAre() async throws {
        let metron = try metronServer()
        let server = try await serve(metron)
        defer { Task { await server.stop() } }
        for _ in 0..<10 { _ = try await limiter.acquire() }
        let url = URL(string: server.baseURL.absoluteString + "/v1/public/characters?name=Batman")!
        let first = try await transport.send(HTTPRequest(url: url))
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.headers["x-unknown-fields"], "comics.available description=12", "Batman's count and description")
        XCTAssertEqual(first.headers["cache-control"], "no-cache")
        let etag = try XCTUnwrap(first.headers["etag"])
        let again = try await transport.send(HTTPRequest(url: url, headers: [("If-None-Match", etag)]))
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.headers["x-unknown-fields"], "comics.available description=12", "the 304 stands for the same answer")

        let client = MarvelClient(baseURL: server.baseURL, transport: transport)
        let page = try await client.characters(CharacterQuery(name: "Batman"))
        XCTAssertEqual(page.unknown.fields(of: 12), ["comics.available", "description"])
        XCTAssertEqual(page.unknown.counts(of: 12), [.comics])

        let detail = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + "/v1/public/characters/12")!))
        XCTAssertEqual(detail.status, 200)
        XCTAssertNil(detail.headers["x-unknown-fields"], "the detail asked its issue list: its count is known")
        let filled = try await transport.send(HTTPRequest(url: url))
        XCTAssertNil(filled.headers["x-unknown-fields"], "the list says what the detail said")
        let listedForm = try await listed(server, "/v1/public/characters?name=Batman", id: 12)
        let detailForm = try await one(server, "/v1/public/characters/12")
        XCTAssertEqual(try CanonicalText.of(listedForm["comics"]), try CanonicalText.of(detailForm["comics"]))
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
}
