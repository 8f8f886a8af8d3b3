import Catalog
import CatalogServer
import Foundation
import XCTest

/// `nameContains` / `titleContains`: the embedded server's search anywhere in a name, ranked
/// name start, then word start, then any substring, with accents folded.
final class SearchAnywhereTests: XCTestCase {
    private func names(_ page: CatalogPage, field: String = "name") throws -> [String] {
        try page.results.map {
            let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            return object?[field] as? String ?? ""
        }
    }

    func testManFindsSpiderManIronManAndAntManRankedByWordStart() throws {
        var q = CharacterFilter()
        q.nameContains = "man"
        q.limit = 100
        let found = try names(try TestCatalogs.embeddedStore().characters(q))
        for name in ["Spider-Man (Peter Parker)", "Iron Man", "Ant-Man (Scott Lang)", "Man-Thing", "Mantis", "Iceman"] {
            XCTAssertTrue(found.contains(name), "\(name) missing from \(found)")
        }
        // Name starts first, then word starts, then substrings (Iceman, Human Torch...).
        let rank: (String) -> Int = { n in
            let key = TextFold.fold(n)
            if key.hasPrefix("man") { return 0 }
            let words = " " + key.map { "-(/.".contains($0) ? " " : $0 }.map(String.init).joined()
            return words.contains(" man") ? 1 : 2
        }
        XCTAssertEqual(found.map(rank), found.map(rank).sorted(), "\(found)")
        XCTAssertEqual(found.first.map(rank), 0)
        XCTAssertLessThan(found.firstIndex(of: "Iron Man")!, found.firstIndex(of: "Iceman")!)
    }

    func testAccentsFoldAndPagingIsStable() throws {
        var q = CharacterFilter()
        q.nameContains = "arana"
        XCTAssertEqual(try names(try TestCatalogs.embeddedStore().characters(q)), ["Araña (Anya Corazón)"])
        q.nameContains = "corazon"
        XCTAssertEqual(try names(try TestCatalogs.embeddedStore().characters(q)), ["Araña (Anya Corazón)"])

        q.nameContains = "an"
        q.limit = 100
        let all = try TestCatalogs.embeddedStore().characters(q)
        var paged: [String] = []
        for offset in stride(from: 0, to: all.total, by: 7) {
            q.limit = 7; q.offset = offset
            paged += try TestCatalogs.embeddedStore().characters(q).results
        }
        XCTAssertEqual(paged, all.results)
    }

    func testTitleContainsOverComics() throws {
        var q = ComicFilter()
        q.titleContains = "spider-man"
        q.limit = 100
        let titles = try names(try TestCatalogs.embeddedStore().comics(q), field: "title")
        XCTAssertFalse(titles.isEmpty)
        XCTAssertTrue(titles.allSatisfy { TextFold.fold($0).contains("spider-man") }, "\(titles)")
        XCTAssertTrue(titles.contains { !TextFold.fold($0).hasPrefix("spider-man") }, "only prefixes: \(titles)")
    }

    func testServerTakesNameContainsAndItsBlankRule() async throws {
        let http = LoopbackHTTP(port: try await TestCatalogs.server().port)
        let reply = try http.get("/v1/public/characters?nameContains=spider&orderBy=name&limit=5")
        XCTAssertEqual(reply.status, 200)
        let data = try jsonObject(reply)["data"] as? [String: Any]
        let results = data?["results"] as? [[String: Any]] ?? []
        XCTAssertTrue(results.contains { $0["name"] as? String == "Spider-Man (Peter Parker)" }, "\(results)")
        XCTAssertEqual(try http.get("/v1/public/characters?nameContains=").status, 409)
        XCTAssertEqual(try http.get("/v1/public/comics?titleContains=man&limit=3").status, 200)
    }
}
