import Foundation
import MarvelAPI
import XCTest

final class RecordedOtherTests: XCTestCase {
    func testThanosSeries() throws {
        let page = try RecordedFixtures.page(MarvelSeries.self, "o-i-marvel-2014/characters/character_series.json")
        XCTAssertEqual([page.data.total, page.data.count], [42, 20])
        let first = try XCTUnwrap(page.data.results.first)
        XCTAssertEqual(first.id, 2116)
        XCTAssertEqual(first.title, "Alpha Flight (1983 - 1994)")
        XCTAssertEqual(first.startYear, 1983)
        XCTAssertEqual(first.endYear, 1994)
        XCTAssertNil(first.description)
        XCTAssertNil(first.modified)
        XCTAssertNil(first.next)
        XCTAssertEqual([first.comics.available, first.comics.returned], [130, 20])
        XCTAssertEqual(page.data.results.filter { $0.thumbnail?.isPlaceholder == true }.count, 6)
        XCTAssertEqual(page.data.results.last?.title, "Paradise X Vol. 1 (2007)")
    }

    func testThanosEvents() throws {
        let page = try RecordedFixtures.page(MarvelEvent.self, "o-i-marvel-2014/characters/character_events.json")
        XCTAssertEqual([page.data.total, page.data.count], [4, 4])
        let first = try XCTUnwrap(page.data.results.first)
        XCTAssertEqual(first.title, "Blood and Thunder")
        XCTAssertEqual(first.start, RecordedFixtures.date("1993-11-10T00:00:00Z"))
        XCTAssertEqual(first.end, RecordedFixtures.date("1994-02-10T00:00:00Z"))
        XCTAssertEqual(first.next?.name, "Siege of Darkness")
        XCTAssertEqual(first.next?.id, 219)
        XCTAssertEqual([first.stories.available, first.stories.returned], [29, 20])
        XCTAssertEqual(page.data.results.last?.title, "The Thanos Imperative")
    }

    func testThanosStories() throws {
        let page = try RecordedFixtures.page(MarvelStory.self, "o-i-marvel-2014/characters/character_stories.json")
        XCTAssertEqual([page.data.total, page.data.count], [68, 20])
        let first = try XCTUnwrap(page.data.results.first)
        XCTAssertEqual(first.id, 695)
        XCTAssertEqual(first.title, "Interior #695")
        XCTAssertEqual(first.type, "story")
        XCTAssertNil(first.thumbnail, "thumbnail null")
        XCTAssertEqual(first.originalIssue?.name, "Thanos (2003) #3")
        XCTAssertTrue(page.data.results.allSatisfy { $0.modified == nil && $0.description == nil })
    }

    func testErrorBodies() throws {
        let expected: [(String, MarvelErrorBody.Code, String)] = [
            ("empty_parameter", .number(409), "name cannot be blank if it is set"),
            ("excessive_filter_values", .number(409), "You may not submit more than 10 issue ids."),
            ("invalid_credentials", .name("InvalidCredentials"), "The passed API key is invalid."),
            ("invalid_filter_value", .number(409),
             "You must pass at least one valid issue id if you set the issue filter."),
            ("invalid_hash_ts_key_combo", .name("InvalidCredentials"),
             "That hash, timestamp and key combination is invalid."),
            ("invalid_ordering", .number(409), "goofiness is not a valid ordering parameter."),
            ("invalid_parameter", .number(409), "We don't recognize the parameter invalid_param"),
            ("limit_invalid", .number(409), "You must pass an integer limit greater than 0."),
            ("limit_over_100", .number(409), "You may not request more than 100 items."),
            ("resource_not_found", .number(404), "We couldn't find that character"),
        ]
        for (file, code, message) in expected {
            let body = try JSONDecoder().decode(
                MarvelErrorBody.self, from: RecordedFixtures.data("o-i-marvel-2014/errors/\(file).json"))
            XCTAssertEqual(body.code, code, file)
            XCTAssertEqual(body.message, message, file)
            // Round trip keeps the shape: Int code ↔ status, String code ↔ message.
            let json = try XCTUnwrap(String(data: JSONEncoder().encode(body), encoding: .utf8))
            XCTAssertTrue(json.contains(code == .number(409) || code == .number(404) ? "\"status\"" : "\"message\""), json)
            XCTAssertEqual(try JSONDecoder().decode(MarvelErrorBody.self, from: Data(json.utf8)), body)
        }
    }

    /// Every recorded file decodes (nothing left out), and re-encoding round-trips.
    func testEveryRecordedFileDecodesAndRoundTrips() throws {
        let root = try RecordedFixtures.url("")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        XCTAssertEqual(files.count, 22)
        for file in files {
            let data = try Data(contentsOf: file)
            let name = file.lastPathComponent
            if file.path.contains("/errors/") {
                XCTAssertNoThrow(try JSONDecoder().decode(MarvelErrorBody.self, from: data), name)
            } else if name.contains("omic") && !name.contains("characters") {
                try assertRoundTrip(MarvelComic.self, data, name)
            } else if name.contains("series") {
                try assertRoundTrip(MarvelSeries.self, data, name)
            } else if name.contains("events") {
                try assertRoundTrip(MarvelEvent.self, data, name)
            } else if name.contains("stories") {
                try assertRoundTrip(MarvelStory.self, data, name)
            } else {
                try assertRoundTrip(MarvelCharacter.self, data, name)
            }
        }
    }

    private func assertRoundTrip<T: Codable & Sendable & Equatable>(_ type: T.Type, _ data: Data, _ name: String) throws {
        let page = try JSONDecoder().decode(DataWrapper<T>.self, from: data)
        XCTAssertFalse(page.data.results.isEmpty, name)
        let again = try JSONDecoder().decode(DataWrapper<T>.self, from: JSONEncoder().encode(page))
        XCTAssertEqual(again, page, name)
    }
}
