import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import MarvelAPI
import XCTest

/// Every endpoint through the real client (MarvelClient over libcurl) against the in-process
/// server on the embedded catalog.
final class ClientEndpointTests: XCTestCase {
    static let transport = Result { try HTTPTransport() }

    func client(_ server: CatalogServer, credentials: MarvelCredentials? = nil, cache: ResponseCache? = nil) throws -> MarvelClient {
        MarvelClient(baseURL: server.baseURL, credentials: credentials, transport: try Self.transport.get(), cache: cache,
                     retryPolicy: .none)
    }

    func testCharactersListInMarvelOrderWithEnvelope() async throws {
        let server = try await TestCatalogs.server()
        let page = try await client(server).characters(CharacterQuery(limit: 5))
        XCTAssertEqual(page.results.map(\.name), ["3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack", "Abomination (Emil Blonsky)"])
        XCTAssertEqual(page.wrapper.code, 200)
        XCTAssertEqual(page.wrapper.status, "Ok")
        XCTAssertEqual(page.wrapper.data.limit, 5)
        XCTAssertEqual(page.total, try TestCatalogs.embeddedStore().summary().characters)
        XCTAssertEqual(page.count, 5)
        XCTAssertEqual(page.wrapper.etag?.count, 40)
        XCTAssertTrue(page.attributionText?.hasPrefix("Data provided by Marvel.") ?? false)
        // Thumbnails point back at this server, so images stay offline.
        let thumbnail = try XCTUnwrap(page.results.compactMap(\.thumbnail).first)
        XCTAssertTrue(thumbnail.path.hasPrefix(server.baseURL.absoluteString), thumbnail.path)
        // Default limit is 20 and is echoed.
        let defaults = try await client(server).characters()
        XCTAssertEqual(defaults.wrapper.data.limit, 20)
        XCTAssertEqual(defaults.count, 20)
    }

    func testSearchOrderAndPaging() async throws {
        let server = try await TestCatalogs.server()
        let c = try client(server)
        let spiders = try await c.characters(CharacterQuery(nameStartsWith: "spider"))
        XCTAssertEqual(spiders.total, 5)
        let thanos = try await c.characters(CharacterQuery(name: "Thanos"))
        XCTAssertEqual(thanos.results.map(\.id), [1009652])
        let reversed = try await c.characters(CharacterQuery(orderBy: .nameDescending, limit: 1))
        XCTAssertEqual(reversed.results.first?.name, "Zzzax")
        let past = try await c.characters(CharacterQuery(offset: 100_000))
        XCTAssertEqual(past.count, 0)
        XCTAssertEqual(past.results.count, 0)
        XCTAssertEqual(past.total, spiders.total > 0 ? try TestCatalogs.embeddedStore().summary().characters : 0)
        // Pages of 100 cover every character exactly once.
        var ids: [Int] = []
        var offset = 0
        repeat {
            let page = try await c.characters(CharacterQuery(limit: 100, offset: offset))
            ids += page.results.map(\.id)
            offset += 100
            if offset >= page.total { break }
        } while true
        XCTAssertEqual(ids.count, Set(ids).count)
        XCTAssertEqual(ids.count, try TestCatalogs.embeddedStore().summary().characters)
    }

    func testDetailsAndSubCollections() async throws {
        let server = try await TestCatalogs.server()
        let c = try client(server)
        let threeD = try await c.character(id: 1011334)
        XCTAssertEqual(threeD.name, "3-D Man")
        let comics = try await c.characterComics(id: 1011334, ComicQuery(limit: 100))
        XCTAssertGreaterThan(comics.total, 0)
        XCTAssertEqual(comics.total, threeD.comics.available)
        let comic = try await c.comic(id: try XCTUnwrap(comics.results.first?.id))
        let cast = try await c.comicCharacters(id: comic.id)
        XCTAssertTrue(cast.results.contains { $0.id == 1011334 })
        let series = try await c.characterSeries(id: 1011334)
        XCTAssertGreaterThan(series.total, 0)
        let stories = try await c.characterStories(id: 1011334)
        XCTAssertGreaterThan(stories.total, 0)
        _ = try await c.characterEvents(id: 1011334)   // may be empty; must decode
        let thanosEvents = try await c.characterEvents(id: 1009652, PageQuery(limit: 100))
        XCTAssertEqual(thanosEvents.total, thanosEvents.count)
    }

    func testComicsFiltersCoverEveryFormat() async throws {
        let server = try await TestCatalogs.server()
        let c = try client(server)
        for format in ComicQuery.Format.allCases {
            let page = try await c.comics(ComicQuery(format: format, limit: 100))
            XCTAssertGreaterThan(page.total, 0, "\(format)")
            XCTAssertTrue(page.results.allSatisfy { $0.format.lowercased() == format.rawValue }, "\(format)")
        }
        let all = try await c.comics(ComicQuery(limit: 100)).total
        let noVariants = try await c.comics(ComicQuery(noVariants: true, limit: 100)).total
        XCTAssertLessThan(noVariants, all)
        let collections = try await c.comics(ComicQuery(formatType: .collection, limit: 100))
        XCTAssertTrue(collections.results.allSatisfy { ["Trade Paperback", "Hardcover", "Digest", "Graphic Novel"].contains($0.format) })
    }

    func testNotFoundTextsReachTheClient() async throws {
        let server = try await TestCatalogs.server()
        let c = try client(server)
        do {
            _ = try await c.character(id: 1)
            XCTFail("expected 404")
        } catch let error as MarvelAPIError {
            XCTAssertEqual(error, .notFound("We couldn't find that character"))
        }
        do {
            _ = try await c.comic(id: 1)
            XCTFail("expected 404")
        } catch let error as MarvelAPIError {
            // The server sends the contract's own text ("that comic_issue"); people read "that comic".
            XCTAssertEqual(error, .notFound("We couldn't find that comic"))
            XCTAssertEqual(error.description, "not found (404: We couldn't find that comic)")
        }
        do {
            _ = try await c.characterComics(id: 1)
            XCTFail("expected 404")
        } catch let error as MarvelAPIError {
            XCTAssertEqual(error, .notFound("We couldn't find that character"))
        }
    }

    func testETagRevalidationThroughTheClientCache() async throws {
        let server = try await TestCatalogs.server()
        let folder = TestCatalogs.scratch.appendingPathComponent("client-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = try client(server, cache: ResponseCache(directory: folder))
        let first = try await c.characters(CharacterQuery(nameStartsWith: "Iron"))
        XCTAssertEqual(first.source, .network)
        let second = try await c.characters(CharacterQuery(nameStartsWith: "Iron"))
        XCTAssertEqual(second.source, .revalidated)
        XCTAssertEqual(second.results.map(\.id), first.results.map(\.id))
    }

    func testSignedRequestsWithKeys() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(
            source: .reader(try TestCatalogs.embeddedStore()), keys: APIKeys(publicKey: "1234", privateKey: "abcd")))
        defer { Task { await server.stop() } }
        let good = try client(server, credentials: MarvelCredentials(publicKey: "1234", privateKey: "abcd"))
        let signed = try await good.characters(CharacterQuery(limit: 1))
        XCTAssertEqual(signed.count, 1)
        let wrongPrivate = try client(server, credentials: MarvelCredentials(publicKey: "1234", privateKey: "nope"))
        do {
            _ = try await wrongPrivate.characters()
            XCTFail("expected 401")
        } catch let error as MarvelAPIError {
            XCTAssertEqual(error, .unauthorized("That hash, timestamp and key combination is invalid."))
        }
        let wrongPublic = try client(server, credentials: MarvelCredentials(publicKey: "9999", privateKey: "abcd"))
        do {
            _ = try await wrongPublic.characters()
            XCTFail("expected 401")
        } catch let error as MarvelAPIError {
            XCTAssertEqual(error, .unauthorized("The passed API key is invalid."))
        }
        do {
            _ = try await client(server).characters()
            XCTFail("expected 409")
        } catch let error as MarvelAPIError {
            XCTAssertEqual(error, .rejected("You must provide a user key."))
        }
    }
}
