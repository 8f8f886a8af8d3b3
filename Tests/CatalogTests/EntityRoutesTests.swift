import Catalog
import CatalogServer
import Foundation
import XCTest

/// Every list, by-id and cross route of creators, events, series and stories: the envelope, the
/// per-type 404 texts, the documented filters and orderings, and the 409 texts for bad ones.
final class EntityRoutesTests: XCTestCase {
    func raw() async throws -> LoopbackHTTP { LoopbackHTTP(port: try await TestCatalogs.server().port) }

    func testEveryRouteOfEveryTypeAnswers() async throws {
        let http = try await raw()
        for kind in EntityKind.allCases {
            let list = try http.get("/v1/public/\(kind.rawValue)?limit=5")
            XCTAssertEqual(list.status, 200, "\(kind.rawValue): \(list.text.prefix(200))")
            let first = try XCTUnwrap(results(try jsonObject(list)).first, "no \(kind.rawValue)")
            let id = try XCTUnwrap(first["id"] as? Int)
            let one = try http.get("/v1/public/\(kind.rawValue)/\(id)")
            XCTAssertEqual(one.status, 200)
            XCTAssertEqual(results(try jsonObject(one)).first?["id"] as? Int, id)
            for sub in kind.subCollections {
                let reply = try http.get("/v1/public/\(kind.rawValue)/\(id)/\(sub.rawValue)?limit=100")
                XCTAssertEqual(reply.status, 200, "/\(kind.rawValue)/\(id)/\(sub.rawValue): \(reply.text.prefix(200))")
                // The embedded list and the cross route are the same set (up to the 20-item cap).
                let embedded = (first[sub.rawValue] as? [String: Any])?["available"] as? Int
                let data = try XCTUnwrap(try jsonObject(reply)["data"] as? [String: Any])
                if let embedded, kind != .characters, kind != .comics {
                    XCTAssertEqual(data["total"] as? Int, embedded, "/\(kind.rawValue)/\(id)/\(sub.rawValue)")
                }
            }
        }
    }

    func testNotFoundTextsPerType() async throws {
        let http = try await raw()
        let nouns: [EntityKind: String] = [.characters: "character", .comics: "comic_issue", .creators: "creator",
                                           .events: "event", .series: "series", .stories: "comic_story"]
        for (kind, noun) in nouns {
            let reply = try http.get("/v1/public/\(kind.rawValue)/999999999")
            XCTAssertEqual(reply.status, 404)
            XCTAssertEqual(reply.text, "{\"code\":404,\"status\":\"We couldn't find that \(noun)\"}")
            let cross = try http.get("/v1/public/\(kind.rawValue)/999999999/\(kind.subCollections[0].rawValue)")
            XCTAssertEqual(cross.text, "{\"code\":404,\"status\":\"We couldn't find that \(noun)\"}")
        }
        let missing = try http.get("/v1/public/creators/1/characters")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.text.contains("\"code\":\"ResourceNotFound\""), missing.text)
    }

    func testFiltersAndOrderings() async throws {
        let http = try await raw()
        let cases: [(String, String)] = [
            ("/v1/public/series?orderBy=name", "name is not a valid ordering parameter."),
            ("/v1/public/events?orderBy=title", "title is not a valid ordering parameter."),
            ("/v1/public/stories?orderBy=name", "name is not a valid ordering parameter."),
            ("/v1/public/creators?orderBy=fullName", "fullName is not a valid ordering parameter."),
            ("/v1/public/series?title=", "title cannot be blank if it is set"),
            ("/v1/public/events?nameStartsWith=0", "nameStartsWith cannot be blank if it is set"),
            ("/v1/public/creators?name=Stan", "We don't recognize the parameter name"),
            ("/v1/public/series?comics=x", "You must pass at least one valid issue id if you set the issue filter."),
            ("/v1/public/events?series=1,2,3,4,5,6,7,8,9,10,11", "You may not submit more than 10 series ids."),
            ("/v1/public/characters/1011334/series?characters=1", "We don't recognize the parameter characters"),
            ("/v1/public/stories?limit=101", "You may not request more than 100 items."),
        ]
        for (target, text) in cases {
            let reply = try http.get(target)
            XCTAssertEqual(reply.status, 409, target)
            XCTAssertEqual(reply.text, "{\"code\":409,\"status\":\(JSONQuote.quote(text))}", target)
        }
        let byYear = try jsonObject(try http.get("/v1/public/series?startYear=1963&orderBy=-title"))
        let titles = results(byYear).compactMap { $0["title"] as? String }
        XCTAssertFalse(titles.isEmpty)
        XCTAssertTrue(titles.allSatisfy { $0.contains("1963") }, "\(titles)")
        XCTAssertEqual(titles, titles.sorted(by: >))
        let stan = results(try jsonObject(try http.get("/v1/public/creators?lastNameStartsWith=le")))
        XCTAssertEqual(stan.compactMap { $0["fullName"] as? String }, ["Stan Lee"])
        let stories = results(try jsonObject(try http.get("/v1/public/stories?limit=100")))
        XCTAssertTrue(stories.allSatisfy { ($0["originalIssue"] as? [String: Any])?["resourceURI"] != nil })
        let collections = results(try jsonObject(try http.get("/v1/public/series?contains=hardcover&limit=100")))
        XCTAssertFalse(collections.isEmpty)
        XCTAssertTrue(collections.allSatisfy { $0["type"] as? String == "collection" })
    }
}

private enum JSONQuote {
    static func quote(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]), as: UTF8.self)
            .dropFirst().dropLast().description
    }
}
