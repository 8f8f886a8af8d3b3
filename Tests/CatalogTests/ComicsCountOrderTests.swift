import Catalog
import CatalogServer
import Foundation
import TestSupport
import XCTest

/// Issue 26: the built-in catalog's own `orderBy=comics` / `-comics` on character lists (the
/// gallery's "sort by comics count"): by `comics.available` as the answer shows it, ties by name,
/// on the SQLite catalog and the synthetic one; the contract's orders still refuse others.
final class ComicsCountOrderTests: XCTestCase {
    /// Every character of a list (all pages): its name and `comics.available` (-1 when absent).
    private func characters(_ target: String, _ http: LoopbackHTTP, line: UInt = #line) throws -> [(name: String, comics: Int)] {
        try http.everyResult(target, line: line).map {
            ($0["name"] as? String ?? "", (($0["comics"] as? [String: Any])?["available"] as? Int) ?? -1)
        }
    }

    /// Ordered by comics (most first when descending), then by name in byte order.
    private func assertOrdered(_ list: [(name: String, comics: Int)], descending: Bool, _ what: String) {
        for (a, b) in zip(list, list.dropFirst()) {
            let countOK = descending ? a.comics >= b.comics : a.comics <= b.comics
            XCTAssertTrue(countOK, "\(what): \(a) before \(b)")
            if a.comics == b.comics {
                XCTAssertTrue(Array(a.name.utf8).lexicographicallyPrecedes(Array(b.name.utf8)), "\(what): ties by name: \(a) before \(b)")
            }
        }
    }

    func testTheCatalogOrdersCharactersByComicsCount() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        let byName = try characters("/v1/public/characters?orderBy=name", http)
        let most = try characters("/v1/public/characters?orderBy=-comics", http)
        let fewest = try characters("/v1/public/characters?orderBy=comics", http)
        XCTAssertGreaterThan(byName.count, 100)
        XCTAssertEqual(Set(most.map(\.name)), Set(byName.map(\.name)), "the same characters")
        XCTAssertEqual(most.count, byName.count)
        assertOrdered(most, descending: true, "-comics")
        assertOrdered(fewest, descending: false, "comics")
        XCTAssertGreaterThan(most.first?.comics ?? 0, most.last?.comics ?? 0, "the counts differ")
        print("orderBy=-comics: \(most.count) characters, first \(most[0].name) (\(most[0].comics) comics), last \(most[most.count - 1].comics)")
        // A filtered list (a name prefix) takes the other SQL path.
        let prefixed = try characters("/v1/public/characters?nameStartsWith=s&orderBy=-comics", http)
        XCTAssertFalse(prefixed.isEmpty)
        assertOrdered(prefixed, descending: true, "nameStartsWith=s&orderBy=-comics")
        XCTAssertEqual(try http.get("/v1/public/characters?orderBy=comic").status, 409, "still only known fields")
    }

    func testTheSyntheticCatalogOrdersByComicsCountToo() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(source: .synthetic(characters: 300, comics: 2_000)))
        let http = LoopbackHTTP(port: server.port)
        let most = try characters("/v1/public/characters?orderBy=-comics", http)
        XCTAssertEqual(most.count, 300)
        assertOrdered(most, descending: true, "synthetic -comics")
        XCTAssertGreaterThan(most.first?.comics ?? 0, most.last?.comics ?? 0)
        await server.stop()
    }
}
