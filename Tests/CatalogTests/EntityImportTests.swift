import Catalog
import Foundation
import XCTest

/// `catalog import` of the four other resource types: what a record has is kept, links are
/// served from both sides, and each record that cannot be used is one line saying why.
final class EntityImportTests: XCTestCase {
    private func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("entity-import-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testRecordsWithNullsImportAndBadRecordsGetOneLineEach() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        let file = try write("""
            {"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":4,"count":4,"results":[
              {"id":7,"title":null,"description":null,"resourceURI":"\(gw)/series/7","startYear":null,"endYear":null,
               "rating":null,"type":null,"thumbnail":null,"modified":null,
               "creators":{"available":1,"items":[{"resourceURI":"\(gw)/creators/30","name":"Stan Lee","role":"writer"}]},
               "characters":null,"comics":{"available":1,"items":[{"resourceURI":"\(gw)/comics/5","name":"X #1"}]}},
              {"title":"no id","resourceURI":"\(gw)/series/"},
              {"id":9,"what":"not an entity"},
              {"id":11,"title":"Cover #11","resourceURI":"\(gw)/stories/11","type":"cover",
               "originalIssue":{"resourceURI":"\(gw)/comics/5","name":"X #1"}}
            ]}}
            """)
        let store = try CatalogStore()
        let report = store.importPaths([file])
        XCTAssertEqual(report.series, [7])
        XCTAssertEqual(report.stories, [11])
        XCTAssertEqual(report.failures.count, 2, "\(report.failures)")
        XCTAssertTrue(report.failures[0].hasSuffix("record 2 skipped: no numeric id"), report.failures[0])
        XCTAssertTrue(report.failures[1].contains("record 3 skipped: not a Marvel entity"), report.failures[1])

        let series = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.series, id: 7)).utf8)) as? [String: Any])
        XCTAssertTrue(series["description"] is NSNull)
        let creators = try XCTUnwrap(series["creators"] as? [String: Any])
        XCTAssertEqual(creators["available"] as? Int, 1)
        // The link the series listed is listed back by the creator.
        var filter = EntityFilter()
        filter.related = [.creators: [30]]
        XCTAssertEqual(try store.entities(.series, filter).total, 1)
        let creator = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.creators, id: 30)).utf8)) as? [String: Any])
        XCTAssertEqual(creator["fullName"] as? String, "Stan Lee")
        XCTAssertEqual(creator["lastName"] as? String, "Lee")
        let story = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.stories, id: 11)).utf8)) as? [String: Any])
        XCTAssertEqual((story["originalIssue"] as? [String: Any])?["name"] as? String, "X #1")
    }

    /// Served entities are rendered once per store; an import through the store must not leave
    /// the old lists behind (the second import gives series 7 a second creator).
    func testAnImportAfterAReadIsServed() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        func seriesFile(creators: [(Int, String)]) throws -> String {
            let items = creators.map { #"{"resourceURI":"\#(gw)/creators/\#($0.0)","name":"\#($0.1)","role":"writer"}"# }
            return try write("""
                {"code":200,"status":"Ok","data":{"offset":0,"limit":20,"total":1,"count":1,"results":[
                  {"id":7,"title":"Seven (1990)","resourceURI":"\(gw)/series/7","startYear":1990,"endYear":1991,
                   "creators":{"available":\(creators.count),"items":[\(items.joined(separator: ","))]}}]}}
                """)
        }
        func creatorsOfSeven(_ store: CatalogStore) throws -> Int? {
            let page = try store.entities(.series, EntityFilter())
            let series = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(page.results.first).utf8)) as? [String: Any])
            return (series["creators"] as? [String: Any])?["available"] as? Int
        }
        let store = try CatalogStore()
        XCTAssertEqual(store.importPaths([try seriesFile(creators: [(30, "Stan Lee")])]).failures, [])
        XCTAssertEqual(try creatorsOfSeven(store), 1)
        XCTAssertEqual(store.importPaths([try seriesFile(creators: [(30, "Stan Lee"), (31, "Jack Kirby")])]).failures, [])
        XCTAssertEqual(try creatorsOfSeven(store), 2)
        XCTAssertNotNil(try store.entity(.creators, id: 31))
    }
}
