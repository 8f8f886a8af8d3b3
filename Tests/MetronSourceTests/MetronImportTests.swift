import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import MetronSource
import XCTest

/// `catalog import` of the Metron recordings folder, then `serve --catalog` of the snapshot.
final class MetronImportTests: XCTestCase {
    func testTheRecordingsFolderImportsAndServesOffline() async throws {
        let recordings = try MetronRecordings.folder()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("metron-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("catalog.sqlite").path
        let store = try CatalogStore(path: path)
        var report = ImportReport()
        let outcome = MetronRecordingsImport.run(folder: recordings.path, into: store, report: &report)
        XCTAssertEqual(report.failures, [])
        // 141 less 26 team (a team's issue lists are comics), 4 publisher, 4 universe, 3 imprint,
        // 1 role and 1 series type files.
        XCTAssertEqual(report.files, 102, "every file with a Marvel counterpart: \(report.summaryLine)")
        XCTAssertGreaterThanOrEqual(report.characters.count, 1371 + 2, "the name=man pages, Black Bolt and 150")
        XCTAssertTrue(report.characters.isSuperset(of: [1, 150, 23843, 6029]))
        XCTAssertEqual(report.comics.count >= 537, true)
        XCTAssertEqual(outcome.notes.filter { $0.contains("name is the number") }.count, 4, "\(outcome.notes)")
        XCTAssertTrue(outcome.notes.contains("team: 26 files skipped (no Marvel counterpart)"), "\(outcome.notes)")

        let server = try await CatalogServer.start(CatalogServerOptions(source: .database(path)))
        defer { Task { await server.stop() } }
        let transport = try HTTPTransport()
        defer { transport.shutdown() }
        func get(_ target: String) async throws -> [String: Any] {
            let response = try await transport.send(HTTPRequest(url: URL(string: server.baseURL.absoluteString + target)!))
            XCTAssertEqual(response.status, 200, target)
            let top = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return top?["data"] as? [String: Any] ?? [:]
        }
        let black = try await get("/v1/public/characters/1")
        let character = (black["results"] as? [[String: Any]])?.first
        XCTAssertEqual(character?["name"] as? String, "Black Bolt")
        XCTAssertTrue((character?["description"] as? String)?.hasPrefix("Black Bolt (Blackagar") == true)
        let comics = try await get("/v1/public/characters/1/comics?limit=1")
        XCTAssertEqual(comics["total"] as? Int, 537, "the issue list's comics are linked to their character")
        let issue = try await get("/v1/public/comics/1")
        XCTAssertEqual(((issue["results"] as? [[String: Any]])?.first)?["title"] as? String, "Death of the Inhumans (2018) #1")
    }
}

/// Issue list items name their series without its id: an imported comic's series is linked
/// by id (the owner of a series' issue list, or the series of that name and start year the
/// recordings hold), never by a search URL that clients cannot take an id from.
final class MetronImportSeriesLinkTests: XCTestCase {
    func testEveryImportedComicsSeriesLinkIsASeriesID() throws {
        let recordings = try MetronRecordings.folder()
        let store = try CatalogStore()
        var report = ImportReport()
        _ = MetronRecordingsImport.run(folder: recordings.path, into: store, report: &report)
        XCTAssertEqual(report.failures, [])
        var filter = ComicFilter()
        filter.limit = 100
        var byID = 0, empty = 0, other: [String] = []
        while true {
            let page = try store.comics(filter)
            for json in page.results {
                let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                guard let uri = (object["series"] as? [String: Any])?["resourceURI"] as? String else { continue }
                if uri.isEmpty {
                    empty += 1
                } else if uri.hasPrefix("http://gateway.marvel.com/v1/public/series/"), Int(uri.split(separator: "/").last ?? "") != nil {
                    byID += 1
                } else {
                    other.append(uri)
                }
            }
            filter.offset += page.results.count
            if page.results.isEmpty || filter.offset >= page.total { break }
        }
        XCTAssertEqual(other, [], "series links that are not /series/{id}")
        // Series' issue lists and the series the recordings hold give ids; an issue of a series
        // the recordings never name keeps the contract's empty link.
        XCTAssertGreaterThan(byID, 0, "\(byID) by id, \(empty) unknown")
        print("imported comics' series links: \(byID) /series/{id}, \(empty) empty (series not in the recordings)")
    }
}
