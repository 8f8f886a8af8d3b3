import CatalogServer
import ComicVineSource
import Foundation
import HTTPTransport
import ImageCore
import MarvelContract
import TestSupport
import XCTest

/// `serve --source comicvine` against the Comic Vine stand-in: the contract from Comic Vine's
/// records (one request a page, pictures and counts from the list itself), filters mapped or
/// refused, Comic Vine's statuses as the contract's, and a second visit that costs nothing.
final class ComicVineServerTests: ComicVineLoopbackTestCase {
    func testCharactersPageIsOneRequestWithOwnPicturesAndCounts() async throws {
        let cv = try ComicVineTestServer()
        let server = try await serve(client(cv))
        defer { Task { await server.stop() } }
        let (status, envelope, response) = try await get(server, "/v1/public/characters?limit=100&orderBy=name")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(total(envelope), 120, "Marvel's characters only (publisher 31)")
        // Counts Comic Vine's list does not give are named unknown, never a true 0; the comics'
        // count (count_of_issue_appearances) and the stories' empty list are known.
        let unknown = UnknownFields(headerValue: response.headers[UnknownFields.header.lowercased()])
        let ids = results(envelope).compactMap { $0["id"] as? Int }
        XCTAssertEqual(Set(ids.map { unknown.fields(of: $0) }), [["series.available", "events.available"]],
                       response.headers[UnknownFields.header.lowercased()] ?? "no header")
        XCTAssertEqual(response.headers["cache-control"], "no-cache")
        XCTAssertEqual(cv.apiHits, 1)
        let items = results(envelope)
        XCTAssertEqual(items.compactMap { $0["name"] as? String }, Array(cv.marvelCharacterNames.prefix(100)).map {
            $0.replacingOccurrences(of: "\u{1B}", with: "")
        })
        XCTAssertTrue((envelope["attributionText"] as? String)?.contains("Comic Vine") == true)
        let first = try XCTUnwrap(items.first)
        let id = try XCTUnwrap(first["id"] as? Int)
        XCTAssertEqual((first["comics"] as? [String: Any])?["available"] as? Int, 5 + (id - 1000) % 40, "count_of_issue_appearances")
        XCTAssertEqual(first["description"] as? String, "\(first["name"] as? String ?? ""), made for the stand-in.")
        let thumbnail = try XCTUnwrap(first["thumbnail"] as? [String: Any])
        let path = try XCTUnwrap(thumbnail["path"] as? String)
        XCTAssertTrue(path.contains("/comicvine-image/"), path)
        let picture = try await transport.send(HTTPRequest(url: URL(string: "\(path)/portrait_xlarge.\(thumbnail["extension"] as? String ?? "")")!))
        XCTAssertEqual(picture.status, 200)
        let decoded = try ImageDecoder.decode([UInt8](picture.body))
        XCTAssertEqual([decoded.width, decoded.height], [150, 225], "Marvel's portrait_xlarge size")
        let (r, g, b) = ComicVineTestServer.colour(ofCharacter: id)
        XCTAssertEqual(Array(decoded.pixels.prefix(3)), [r, g, b], "its own picture")
        XCTAssertEqual(cv.apiHits, 1, "a picture is no API request")

        // A second visit: no request at all.
        _ = try await get(server, "/v1/public/characters?limit=100&orderBy=name")
        XCTAssertEqual(cv.apiHits, 1)
    }

    func testNameStartsWithKeepsOnlyNamesThatStartSo() async throws {
        let cv = try ComicVineTestServer()
        let server = try await serve(client(cv))
        defer { Task { await server.stop() } }
        let (status, envelope, _) = try await get(server, "/v1/public/characters?nameStartsWith=fal&limit=50")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(results(envelope).count, 0, "Falcon is a last word: no name starts so")
        let (_, spider, _) = try await get(server, "/v1/public/characters?nameStartsWith=spider%20f&limit=50")
        let names = results(spider).compactMap { $0["name"] as? String }
        XCTAssertFalse(names.isEmpty)
        XCTAssertTrue(names.allSatisfy { $0.lowercased().hasPrefix("spider f") }, "\(names)")
        XCTAssertEqual(total(spider), cv.marvelCharacterNames.filter { $0.lowercased().hasPrefix("spider f") }.count)
    }

    func testFiltersAndOrdersComicVineCannotHonourAre409() async throws {
        let cv = try ComicVineTestServer()
        let server = try await serve(client(cv))
        defer { Task { await server.stop() } }
        for target in ["/v1/public/characters?comics=5000", "/v1/public/characters?orderBy=-id",
                       "/v1/public/comics?orderBy=title", "/v1/public/comics?format=comic", "/v1/public/events/3000/series"] {
            let (status, envelope, _) = try await get(server, target)
            XCTAssertEqual(status, 409, "\(target): \(envelope)")
        }
        XCTAssertEqual(cv.apiHits, 0, "refused before Comic Vine is asked")
    }

    func testComicsAreTitledVolumeStartYearNumberWithDates() async throws {
        let cv = try ComicVineTestServer()
        let server = try await serve(client(cv))
        defer { Task { await server.stop() } }
        let (status, envelope, _) = try await get(server, "/v1/public/series/2001/comics?orderBy=issueNumber")
        XCTAssertEqual(status, 200, "\(envelope)")
        let comics = results(envelope)
        XCTAssertEqual(comics.count, 5)
        XCTAssertEqual(comics.first?["title"] as? String, "Stand-In Stories 1 (1965) #1")
        let dates = try XCTUnwrap(comics.first?["dates"] as? [[String: Any]])
        XCTAssertEqual(dates.first?["date"] as? String, "1965-02-10T00:00:00-0000")
        let (_, series, _) = try await get(server, "/v1/public/series/2001")
        XCTAssertEqual(results(series).first?["title"] as? String, "Stand-In Stories 1 (1965)")
        XCTAssertEqual((results(series).first?["comics"] as? [String: Any])?["available"] as? Int, 5)
        let (_, detail, _) = try await get(server, "/v1/public/characters/1000")
        XCTAssertEqual(results(detail).first?["description"] as? String, "Agent Arrow & friends: a made record.\nSecond paragraph.",
                       "HTML as text")
        let (_, cast, _) = try await get(server, "/v1/public/comics/5000/characters")
        XCTAssertEqual(results(cast).count, 4)
        let (_, stories, _) = try await get(server, "/v1/public/characters/1000/stories")
        XCTAssertEqual(total(stories), 0, "Comic Vine has no stories: the contract's empty list")
        let (_, events, _) = try await get(server, "/v1/public/characters/1000/comics")
        XCTAssertFalse(results(events).isEmpty)
    }

    func testStatusesBecomeTheContractsAndTheKeyIsNeverShown() async throws {
        let cv = try ComicVineTestServer()
        let key = "wrong-key-SECRET-42"
        let client = client(cv, key: key)
        let server = try await serve(client)
        defer { Task { await server.stop() } }
        let (status, _, response) = try await get(server, "/v1/public/characters")
        XCTAssertEqual(status, 401)
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.contains("COMICVINE_API_KEY"), body)
        XCTAssertFalse(body.contains(key))
        _ = try await get(server, "/v1/public/comics")
        XCTAssertEqual(cv.apiHits, 1, "a refused key is said once, never retried")

        let good = try await serve(self.client(cv))
        defer { Task { await good.stop() } }
        let (missing, _, _) = try await get(good, "/v1/public/characters/999999")
        XCTAssertEqual(missing, 404)
        let (found, _, _) = try await get(good, "/v1/public/characters/1000")
        XCTAssertEqual(found, 200)
        let cached = try FileManager.default.subpathsOfDirectory(atPath: cacheFolder.path)
        XCTAssertFalse(cached.isEmpty)
        for file in cached {
            let data = (try? Data(contentsOf: cacheFolder.appendingPathComponent(file))) ?? Data()
            XCTAssertNil(data.range(of: Data(cv.apiKey.utf8)), "\(file) holds the key")
        }
    }

    func testA420IsWaitedOutOrAnswered429WithRetryAfter() async throws {
        let cv = try ComicVineTestServer()
        cv.force420(count: 1)
        let server = try await serve(client(cv, longestWait: 0.5))
        defer { Task { await server.stop() } }
        let (status, _, response) = try await get(server, "/v1/public/characters")
        XCTAssertEqual(status, 429)
        XCTAssertNotNil(response.headers["retry-after"], "the gallery counts it down")
    }
}
