import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import XCTest

/// Volume through the real client: 1,000 sequential and 100 concurrent requests, and the
/// synthetic catalog paged end to end. Figures are printed, never asserted.
final class LoadAndScaleTests: XCTestCase {
    func testThousandSequentialAndHundredConcurrentRequests() async throws {
        let server = try await TestCatalogs.server()
        let client = MarvelClient(baseURL: server.baseURL, transport: try HTTPTransport(), retryPolicy: .none)
        let prefixes = ["A", "B", "C", "D", "S", "T", "M", "W", "Ir", "Sp"]
        let clock = ContinuousClock()
        let started = clock.now
        var received = 0
        for i in 0..<1000 {
            // A mix: list pages at different offsets, prefix searches and details.
            switch i % 4 {
            case 0: received += try await client.characters(CharacterQuery(limit: 20, offset: (i * 7) % 180)).count
            case 1: received += try await client.characters(CharacterQuery(nameStartsWith: prefixes[i % prefixes.count])).count
            case 2: received += try await client.comics(ComicQuery(limit: 10, offset: (i * 13) % 430)).count
            default: received += try await client.character(id: 1011334).id == 1011334 ? 1 : 0
            }
        }
        let sequential = clock.now - started
        XCTAssertGreaterThan(received, 1000)

        let concurrentStart = clock.now
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<100 {
                group.addTask { try await client.characters(CharacterQuery(limit: 10, offset: i)).count }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let concurrent = clock.now - concurrentStart
        XCTAssertEqual(counts.count, 100)
        XCTAssertTrue(counts.allSatisfy { $0 == 10 })
        XCTAssertEqual(server.statistics().paths.values.reduce(0) { $0 + ($1.statuses["200"] ?? 0) } >= 1100, true)
        print("catalog-server figures: 1000 sequential requests in \(sequential) "
              + "(\(Int(1000 / sequential.seconds)) req/s); 100 concurrent in \(concurrent)")
    }

    func testSyntheticCatalogPagedEndToEnd() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(source: .synthetic(characters: 1562, comics: 50_000)))
        defer { Task { await server.stop() } }
        let client = MarvelClient(baseURL: server.baseURL, transport: try HTTPTransport(), retryPolicy: .none)
        let clock = ContinuousClock()
        let started = clock.now
        var characterIDs: [Int] = []
        var names: [String] = []
        var offset = 0, total = 0
        repeat {
            let page = try await client.characters(CharacterQuery(limit: 100, offset: offset))
            total = page.total
            characterIDs += page.results.map(\.id)
            names += page.results.map(\.name)
            offset += 100
        } while offset < total
        XCTAssertEqual(total, 1562)
        XCTAssertEqual(characterIDs.count, 1562)
        XCTAssertEqual(Set(characterIDs).count, 1562, "every id exactly once")
        XCTAssertEqual(names, names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "byte order of names")

        var comicIDs = Set<Int>()
        var comicCount = 0
        offset = 0
        repeat {
            let page = try await client.comics(ComicQuery(orderBy: .title, limit: 100, offset: offset))
            total = page.total
            comicCount += page.count
            comicIDs.formUnion(page.results.map(\.id))
            offset += 100
        } while offset < total
        XCTAssertEqual(total, 50_000)
        XCTAssertEqual(comicCount, 50_000)
        XCTAssertEqual(comicIDs.count, 50_000, "every id exactly once")
        let elapsed = clock.now - started

        // Relations and images hold at scale too.
        let someone = characterIDs[777]
        let theirs = try await client.characterComics(id: someone, ComicQuery(limit: 100))
        XCTAssertGreaterThan(theirs.total, 0)
        XCTAssertTrue(theirs.results.allSatisfy { comic in comic.characters.items.contains { $0.resourceURI.hasSuffix("/\(someone)") } })
        let character = try await client.character(id: someone)
        let url = try XCTUnwrap(character.thumbnail?.url(.portraitXlarge))
        let image = try await HTTPTransport().send(HTTPRequest(url: url))
        XCTAssertEqual(image.status, 200)
        print("catalog-server figures: synthetic 1562x50000 paged end to end (16 + 500 pages of 100) in \(elapsed)")
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
