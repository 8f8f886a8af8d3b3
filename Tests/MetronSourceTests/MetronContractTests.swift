import CatalogServer
import Foundation
import HTTPTransport
import ImageCore
import MarvelAPI
import MetronSource
import TestSupport
import XCTest

/// Every translated field against the loopback Metron server's own data (the recorded records
/// it serves), in the detail form and in the list form, and the upstream's bad input: bounded,
/// honest answers that never carry the account.
final class MetronContractTests: MetronLoopbackTestCase {
    private func recorded(_ file: String) throws -> [String: Any] {
        guard let shared = RepoPaths.shared else { throw XCTSkip("../shared/metron-recorded is absent") }
        let data = try Data(contentsOf: shared.appendingPathComponent("metron-recorded/\(file)"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func date(_ comic: [String: Any], _ type: String) -> String? {
        (comic["dates"] as? [[String: Any]])?.first { $0["type"] as? String == type }?["date"] as? String
    }

    private func names(_ list: Any?) -> [String] {
        ((list as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    func testAComicsDetailAndItsListFormAreMetronsRecordFieldByField() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let truth = try recorded("issue_1.json")
        let series = try XCTUnwrap(truth["series"] as? [String: Any])
        let seriesID = try XCTUnwrap(series["id"] as? Int)
        let server = try await serve(metron.baseURL)
        defer { Task { await server.stop() } }

        let (status, envelope, body) = try await get(server, "/v1/public/comics/1")
        XCTAssertEqual(status, 200)
        XCTAssertFalse(String(decoding: body, as: UTF8.self).contains("MARVEL"), "Metron's data carries Metron's credit only")
        XCTAssertTrue((envelope["copyright"] as? String ?? "").contains("Metron"))
        let comic = try XCTUnwrap(results(envelope).first)
        let year = try XCTUnwrap(series["year_began"] as? Int)
        XCTAssertEqual(comic["title"] as? String, "\(series["name"] as? String ?? "") (\(year)) #\(truth["number"] as? String ?? "")")
        XCTAssertEqual(comic["issueNumber"] as? Double, Double(truth["number"] as? String ?? ""))
        XCTAssertEqual(date(comic, "onsaleDate"), "\(truth["store_date"] as? String ?? "")T00:00:00-0000", "the store date")
        XCTAssertEqual(date(comic, "focDate"), "-0001-11-30T00:00:00-0500", "Metron has no FOC date here: the contract's empty date")
        XCTAssertEqual(comic["pageCount"] as? Int, truth["page"] as? Int)
        XCTAssertEqual((comic["prices"] as? [[String: Any]])?.first?["price"] as? Double, Double(truth["price"] as? String ?? ""))
        XCTAssertEqual(comic["upc"] as? String, truth["upc"] as? String)
        XCTAssertEqual(comic["description"] as? String, truth["desc"] as? String)
        XCTAssertEqual(comic["modified"] as? String, "2024-12-29T20:05:12-0500", "Metron's modified, in Marvel's shape")
        let seriesURI = try XCTUnwrap((comic["series"] as? [String: Any])?["resourceURI"] as? String)
        XCTAssertTrue(seriesURI.hasSuffix("/series/\(seriesID)"), seriesURI)
        let characters = (truth["characters"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names(comic["characters"]), Array(characters.prefix(20)))
        XCTAssertEqual((comic["characters"] as? [String: Any])?["available"] as? Int, characters.count)
        let creators = (truth["credits"] as? [[String: Any]] ?? []).compactMap { $0["creator"] as? String }
        XCTAssertEqual(names(comic["creators"]), Array(creators.prefix(20)))
        let arcs = (truth["arcs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names(comic["events"]), arcs)

        // The list form of the same comic (its series' issue list) says what the detail says.
        let (listStatus, list, _) = try await get(server, "/v1/public/series/\(seriesID)/comics?limit=100")
        XCTAssertEqual(listStatus, 200)
        let item = try XCTUnwrap(results(list).first { $0["id"] as? Int == 1 }, "issue 1 in its series' issue list")
        for field in ["title", "issueNumber", "pageCount", "upc", "description", "modified", "format"] {
            XCTAssertEqual(item[field].map { "\($0)" }, comic[field].map { "\($0)" }, field)
        }
        for field in ["dates", "prices", "series", "characters", "creators", "events", "thumbnail"] {
            XCTAssertEqual(try CanonicalText.of(item[field]), try CanonicalText.of(comic[field]), field)
        }
        // Every other item: its series is the one asked for, by id; its dates are Metron's.
        for other in results(list) {
            let uri = (other["series"] as? [String: Any])?["resourceURI"] as? String ?? ""
            XCTAssertTrue(uri.hasSuffix("/series/\(seriesID)"), uri)
            XCTAssertNotEqual(date(other, "onsaleDate"), "-0001-11-30T00:00:00-0500", "\(other["title"] ?? "")")
        }
    }

    func testIssueListItemsCarryTheirCoverDatesAndSeriesByID() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let truth = try recorded("character_1_issue_list.json")
        let server = try await serve(metron.baseURL)
        defer { Task { await server.stop() } }
        let (status, envelope, _) = try await get(server, "/v1/public/characters/1/comics?limit=20")
        XCTAssertEqual(status, 200)
        let items = results(envelope)
        let recordedItems = try XCTUnwrap(truth["results"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["id"] as? Int }, recordedItems.prefix(20).compactMap { $0["id"] as? Int })
        var linked = 0
        for (comic, record) in zip(items, recordedItems) {
            let day = (record["store_date"] as? String) ?? (record["cover_date"] as? String) ?? ""
            XCTAssertEqual(date(comic, "onsaleDate"), day + "T00:00:00-0000", "\(record["issue"] ?? "")")
            XCTAssertEqual(comic["title"] as? String, record["issue"] as? String)
            let uri = (comic["series"] as? [String: Any])?["resourceURI"] as? String ?? ""
            // Series Metron's list knows (here: those the loopback server holds) are linked by id.
            if (record["series"] as? [String: Any])?["name"] as? String == "Fantastic Four Annual" {
                XCTAssertTrue(uri.hasSuffix("/series/2818"), uri)
                linked += 1
            }
        }
        XCTAssertGreaterThan(linked, 0, "Fantastic Four Annual (1963) is among Black Bolt's first issues")
    }

    func testMissingPicturesAreTheContractsPlaceholderWith200() async throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let server = try await serve(metron.baseURL)
        defer { Task { await server.stop() } }
        for path in ["/u/prod/marvel/i/mg/b/40/image_not_available/portrait_xlarge.jpg",
                     "/u/prod/marvel/i/mg/b/40/image_not_available.jpg"] {
            let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + path)!))
            XCTAssertEqual(response.status, 200, path)
            let picture = try ImageDecoder.decode([UInt8](response.body))
            if path.contains("portrait_xlarge") { XCTAssertEqual([picture.width, picture.height], [150, 225]) }
        }
    }

    func testACharacterMetronHasNoPictureOfIsThePlaceholderWith200() async throws {
        let metron = try LoopbackHTTPServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json"],
                     body: Data(#"{"id": 5, "name": "No Picture", "desc": "", "image": null, "modified": "2024-01-02T03:04:05-05:00"}"#.utf8))
        }
        let server = try await serve(metron.baseURL)
        defer { Task { await server.stop() } }
        let url = URL(string: server.baseURL.absoluteString + "/metron-character-image/5/portrait_xlarge.jpg")!
        let response = try await transport.send(HTTPRequest(url: url))
        XCTAssertEqual(response.status, 200, "the contract's placeholder, as the catalog answers (was 404)")
        let picture = try ImageDecoder.decode([UInt8](response.body))
        XCTAssertEqual([picture.width, picture.height], [150, 225])
    }

    func testARedirectToAnotherHostNeverCarriesTheAccount() async throws {
        let elsewhere = try LoopbackHTTPServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json"],
                     body: Data(#"{"count": 1, "next": null, "previous": null, "results": [{"id": 7, "name": "Elsewhere"}]}"#.utf8))
        }
        // "localhost" is another host than the 127.0.0.1 the client was given.
        let target = "http://localhost:\(elsewhere.port)"
        let metron = try LoopbackHTTPServer { request in
            .respond(status: 302, headers: ["Location": target + request.target])
        }
        let server = try await serve(metron.baseURL, password: "pa55-secret-9")
        defer { Task { await server.stop() } }
        let (status, _, body) = try await get(server, "/v1/public/characters?limit=5")
        XCTAssertTrue(metron.requests.contains { $0.headers["authorization"] != nil }, "Metron itself is asked with the account")
        XCTAssertFalse(elsewhere.requests.isEmpty, "the redirect was followed")
        XCTAssertTrue(elsewhere.requests.allSatisfy { $0.headers["authorization"] == nil },
                      "\(elsewhere.requests.map(\.headers))")
        XCTAssertFalse(String(decoding: body, as: UTF8.self).contains("pa55-secret-9"))
        XCTAssertTrue([200, 503].contains(status), "\(status)")
    }

    func testEndlessNextLinksAndWrongTypesAreBoundedAndHonest() async throws {
        // Every page says there is another and a trillion items; names are numbers or lists.
        let metron = try LoopbackHTTPServer { request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            let items = (0..<100).map { n -> String in
                let id = (page - 1) * 100 + n + 1
                return n % 3 == 0 ? #"{"id": \#(id), "name": \#(id)}"# : n % 3 == 1 ? #"{"id": \#(id), "name": ["x"]}"#
                    : #"{"id": "\#(id)", "name": "Name \#(id)"}"#
            }
            let body = #"{"count": 1000000000000, "next": "http://127.0.0.1/api/character/?page=\#(page + 1)", "previous": null, "results": [\#(items.joined(separator: ","))]}"#
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let server = try await serve(metron.baseURL)
        defer { Task { await server.stop() } }
        let (status, envelope, _) = try await get(server, "/v1/public/characters?limit=100&offset=50")
        XCTAssertTrue([200, 503].contains(status), "\(status) \(envelope)")
        // The pages, and the items' details tried within the spare half of the minute (10).
        XCTAssertLessThanOrEqual(metron.requests.count, 4 + 10, "a window of 100 is at most two pages (plus retries)")
        let before = metron.requests.count
        let (exactStatus, _, _) = try await get(server, "/v1/public/characters?name=Name%205")
        XCTAssertTrue([200, 503].contains(exactStatus))
        XCTAssertLessThanOrEqual(metron.requests.count - before, 5 * 2, "an exact name reads at most 5 pages")
        let (startsStatus, _, _) = try await get(server, "/v1/public/characters?nameStartsWith=Name")
        XCTAssertTrue([200, 503].contains(startsStatus))
        XCTAssertLessThan(metron.requests.count, 80, "a binary search over a trillion items stays bounded")
    }
}

/// JSON values as sorted text, to compare nested fields.
enum CanonicalText {
    static func of(_ value: Any?) throws -> String {
        guard let value else { return "nil" }
        let data = try JSONSerialization.data(withJSONObject: ["v": value], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
