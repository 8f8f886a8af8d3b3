import Catalog
import Foundation
import TestSupport
import XCTest

final class CatalogStoreTests: XCTestCase {
    func testEmbeddedCatalogHasTheAdvertisedShape() throws {
        let store = try TestCatalogs.embeddedStore()
        let s = try store.summary()
        XCTAssertGreaterThanOrEqual(s.characters, 150)
        XCTAssertGreaterThanOrEqual(s.comics, 400)
        XCTAssertGreaterThan(s.images, 400)

        // Marvel's default order is byte order of the name: 3-D Man first.
        var q = CharacterFilter()
        q.limit = 4
        let first = try store.characters(q).results.map(name)
        XCTAssertEqual(first, ["3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack"])

        // Every format value, including the empty one, has comics.
        for format in ComicFilter.formats {
            var c = ComicFilter()
            c.format = format
            XCTAssertGreaterThan(try store.comics(c).total, 0, "format \(format)")
        }
        var empty = ComicFilter()
        empty.limit = 100
        empty.orderBy = [Ordering(field: "onsaleDate", descending: true)]
        XCTAssertTrue(try store.comics(empty).results.contains { ($0.contains("\"format\":\"\"")) })

        // Every character has comics.
        var all = CharacterFilter()
        all.limit = 100
        var offset = 0, seen = 0
        while true {
            all.offset = offset
            let page = try store.characters(all)
            for json in page.results {
                let id = try XCTUnwrap(object(json)["id"] as? Int)
                var c = ComicFilter()
                c.characters = [id]
                XCTAssertGreaterThan(try store.comics(c).total, 0, "character \(id) has no comics")
            }
            seen += page.results.count
            offset += 100
            if offset >= page.total { break }
        }
        XCTAssertEqual(seen, s.characters)
    }

    func testPrefixSearchIgnoresCaseAndAccents() throws {
        let store = try TestCatalogs.embeddedStore()
        var q = CharacterFilter()
        q.nameStartsWith = "ara"
        XCTAssertEqual(try store.characters(q).results.map(name), ["Araña (Anya Corazón)"])
        q.nameStartsWith = "SPIDER-"
        let spiders = try store.characters(q).results.map(name)
        XCTAssertEqual(spiders.count, 5)  // -Girl, -Gwen, -Man (Miles Morales), -Man (Peter Parker), -Woman
        XCTAssertTrue(spiders.allSatisfy { $0.hasPrefix("Spider-") })
        q.nameStartsWith = "señor"
        XCTAssertEqual(try store.characters(q).total, 1)
        q.nameStartsWith = nil
        q.name = "thanos"
        XCTAssertEqual(try store.characters(q).results.map(name), ["Thanos"])
    }

    func testImportIsIdempotentAndMergesOverlappingPages() throws {
        let store = try CatalogStore()
        let first = store.importPaths([TestCatalogs.fixtures.path])
        XCTAssertEqual(first.failures, [])
        let counts = try store.summary()
        let second = store.importPaths([TestCatalogs.fixtures.path])
        XCTAssertEqual(second.failures, [])
        XCTAssertEqual(try store.summary(), counts)
        // The comics pages overlap (ids repeat across pages): distinct ids equal stored rows.
        XCTAssertEqual(first.comics.count, counts.comics)
        XCTAssertEqual(first.characters.count, counts.characters)
    }

    func testBadFilesGetOneLineEachAndTheImportGoesOn() throws {
        let folder = TestCatalogs.scratch.appendingPathComponent("bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("a-broken.json"))
        try Data("{\"code\":409,\"status\":\"You may not request more than 100 items.\"}".utf8)
            .write(to: folder.appendingPathComponent("b-error.json"))
        try FileManager.default.copyItem(at: TestCatalogs.fixtures.appendingPathComponent("characters-1.json"),
                                         to: folder.appendingPathComponent("c-good.json"))
        let store = try CatalogStore()
        let report = store.importPaths([folder.path, folder.appendingPathComponent("missing.json").path])
        XCTAssertEqual(report.failures.count, 3, report.failures.joined(separator: "\n"))
        XCTAssertTrue(report.failures.allSatisfy { !$0.contains("\n") })
        XCTAssertTrue(report.failures[0].contains("invalid JSON"), report.failures[0])
        XCTAssertTrue(report.failures[1].contains("error body"), report.failures[1])
        XCTAssertTrue(report.failures[2].contains("no such file"), report.failures[2])
        XCTAssertEqual(report.characters.count, 100)
    }

    /// Every recorded file in ../shared/marvel-recorded: counts checked against an independent
    /// reading of the same files (distinct ids by resourceURI kind).
    func testImportOfRecordedResponses() throws {
        let recorded = try TestCatalogs.sharedFolder()
        let store = try CatalogStore()
        let report = store.importPaths([recorded.path])
        var expected: [String: Set<Int>] = [:]
        var errorBodies = 0, dataFiles = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: recorded.path).sorted() where file.hasSuffix(".json") {
            let top = try JSONSerialization.jsonObject(with: Data(contentsOf: recorded.appendingPathComponent(file))) as? [String: Any]
            guard let data = top?["data"] as? [String: Any], let list = data["results"] as? [[String: Any]] else {
                errorBodies += 1
                continue
            }
            dataFiles += 1
            for entity in list {
                guard let uri = entity["resourceURI"] as? String, let id = entity["id"] as? Int else { continue }
                let kind = uri.split(separator: "/").dropLast().last.map(String.init) ?? ""
                expected[kind, default: []].insert(id)
            }
        }
        XCTAssertEqual(report.files, dataFiles)
        XCTAssertEqual(report.failures.count, errorBodies, report.failures.joined(separator: "\n"))
        XCTAssertEqual(report.characters, expected["characters"] ?? [])
        XCTAssertEqual(report.comics, expected["comics"] ?? [])
        XCTAssertEqual(report.series, expected["series"] ?? [])
        XCTAssertEqual(report.stories, expected["stories"] ?? [])
        XCTAssertEqual(report.events, expected["events"] ?? [])
        let s = try store.summary()
        XCTAssertEqual(s.characters, report.characters.count)
        XCTAssertEqual(s.comics, report.comics.count)
        // Known facts of these recordings: 3-D Man and Thanos are in, with Thanos's comics linked.
        XCTAssertNotNil(try store.character(id: 1011334))
        XCTAssertNotNil(try store.character(id: 1009652))
        var thanosComics = ComicFilter()
        thanosComics.characters = [1009652]
        XCTAssertGreaterThan(try store.comics(thanosComics).total, 0)
        XCTAssertGreaterThan(try store.summaries(.series, ofCharacter: 1009652, orderBy: [], limit: 20, offset: 0).total, 0)
    }

    func testMarvelDatesParseWithOffsetsAndSentinels() {
        XCTAssertEqual(CatalogDate.epochSeconds("1969-12-31T19:00:00-0500"), 0)
        XCTAssertEqual(CatalogDate.epochSeconds("2014-04-29T14:18:17-0400"), 1_398_795_497)
        XCTAssertEqual(CatalogDate.epochSeconds("2014-01-01"), 1_388_534_400)
        XCTAssertNotNil(CatalogDate.epochSeconds("-0001-11-30T00:00:00-0500"))
        XCTAssertLessThan(CatalogDate.epochSeconds("-0001-11-30T00:00:00-0500")!, 0)
        XCTAssertNil(CatalogDate.epochSeconds("yesterday"))
    }

    private func object(_ json: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    private func name(_ json: String) -> String {
        ((try? object(json))?["name"] as? String) ?? ""
    }
}
