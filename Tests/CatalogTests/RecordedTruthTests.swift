import Catalog
import CatalogServer
import Foundation
import GRDB
import TestSupport
import XCTest

/// Whole answers compared with the records behind them (scripts/recorded_truth.py: every
/// recorded entity asked for by id and compared field by field, roles included; each list's
/// `available` against its collection's `total`; every item and `originalIssue` link followed).
final class RecordedTruthTests: XCTestCase {
    struct Counts {
        var line = ""
        func value(_ name: String) -> Int? {
            guard let range = line.range(of: "\(name) ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// scripts/recorded_truth.py against `server` for the records in `folder`: its last line,
    /// and the differences (for failure messages).
    static func compare(_ server: CatalogServer, _ folder: URL) throws -> (counts: Counts, output: String) {
        let script = RepoPaths.root.appendingPathComponent("scripts/recorded_truth.py").path
        let output = try EsakEnvironment.runProcess("/usr/bin/env", ["python3", script, server.baseURL.absoluteString, folder.path]).output
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        guard last.hasPrefix("entities ") else { throw XCTSkip("python3 could not run the comparison: \(output.suffix(300))") }
        return (Counts(line: last), output)
    }

    /// The embedded catalog answers every fixture record as recorded: roles included (a story's
    /// creators are listed with their roles on that story, not their greatest role anywhere).
    func testFixtureAnswersAreTheirRecords() async throws {
        let server = try await TestCatalogs.server()
        let (counts, output) = try Self.compare(server, TestCatalogs.fixtures)
        XCTAssertGreaterThan(counts.value("entities") ?? 0, 1_500, counts.line)
        XCTAssertEqual(counts.value("roles"), 0, String(output.prefix(3_000)))
        XCTAssertEqual(counts.value("wrong fields"), 0, String(output.prefix(3_000)))
        XCTAssertEqual(counts.value("totals != available"), 0, String(output.prefix(3_000)))
        XCTAssertEqual(counts.value("dead links"), 0, String(output.prefix(3_000)))
        print("fixtures: \(counts.line)")
    }

    /// The differences between the served answers and the last record of each id that come
    /// from the recordings themselves, not from the catalog:
    /// - ten characters are recorded in May 2014 and again in 2022 with other lists; the
    ///   catalog keeps every item both name, so a list's `available` is at least their union;
    /// - creator 452 is "Virtual Calligr" in 2022 and "Chris Eliopoulos" in 2014's lists.
    static let contradictions = [
        #"^characters/(1009144|1009148|1009150|1011031|1011136|1011198|1011297|1011334|1016823|1017100)\.\w+\.available: "#,
        #"^\w+/\d+\.creators /v1/public/creators/452\.name: recorded 'Chris Eliopoulos', served 'Virtual Calligr'$"#,
    ]

    /// Real recordings imported (`catalog import`): each series', event's and story's creators
    /// carry the roles recorded in that entity's own list, a nameless record keeps its key, and
    /// every list's `available` is its collection's `total` (the recorded count when the
    /// catalog holds fewer: event 29 has 56 characters, the recordings name 20 of them).
    func testImportedRecordingsKeepTheirRolesAndNames() async throws {
        let recorded = try TestCatalogs.sharedFolder()
        let store = try CatalogStore()
        _ = store.importPaths([recorded.path])
        let server = try await CatalogServer.start(CatalogServerOptions(source: .reader(store)))
        defer { Task { await server.stop() } }
        let (counts, output) = try Self.compare(server, recorded)
        XCTAssertEqual(counts.value("roles"), 0, String(output.prefix(3_000)))
        XCTAssertEqual(counts.value("names"), 0, String(output.prefix(3_000)))
        XCTAssertEqual(counts.value("totals != available"), 0, String(output.prefix(3_000)))
        // A comic or character a list names is served by id (by that name, the rest the
        // contract's empty values); a story the recordings give no original issue of is not
        // served (clients require one) and so is not listed either: no link answers 404.
        XCTAssertEqual(counts.value("dead links"), 0, String(output.prefix(3_000)))
        // Every item a recorded list names is listed, named-only ones included; what still
        // differs is where the recordings contradict each other (see `contradictions`).
        let unexplained = output.split(separator: "\n").filter { line in
            !line.hasPrefix("entities ") && !line.hasSuffix("not listed, not served")
                && !Self.contradictions.contains { line.range(of: $0, options: .regularExpression) != nil }
        }
        XCTAssertEqual(unexplained, [], "differences the recordings do not explain")
        XCTAssertLessThanOrEqual(counts.value("wrong fields") ?? .max, 21, counts.line)
        let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.events, id: 29)).utf8)) as? [String: Any])
        XCTAssertEqual((event["characters"] as? [String: Any])?["available"] as? Int, 56)
        let http = LoopbackHTTP(port: server.port)
        XCTAssertEqual(container(try jsonObject(try http.get("/v1/public/events/29/characters")))["total"] as? Int, 56)
        XCTAssertEqual(container(try jsonObject(try http.get("/v1/public/events/29/characters?nameStartsWith=Th")))["total"] as? Int,
                       container(try jsonObject(try http.get("/v1/public/events/29/characters?nameStartsWith=Th&limit=100")))["count"] as? Int,
                       "a filtered collection counts what it lists")
        print("recordings: \(counts.line)")
    }

    /// An event, a story and a series name a character and a comic that have no record of their
    /// own: imported (`catalog import` of a recorded envelope) and served, every record is
    /// answered field by field as recorded (scripts/recorded_truth.py), the named-only items in
    /// its lists included, and each collection lists them with a total equal to `available`.
    /// The story's record calls it `story` and every list `interiorStory`, as Marvel's answers
    /// did (story 13095 and event 29): each list keeps the type it gave.
    func testListsNameTheEntitiesKnownOnlyByName() async throws {
        let gw = "http://gateway.marvel.com/v1/public"
        func item(_ kind: String, _ id: Int, _ name: String, type: String? = nil) -> [String: Any] {
            var item: [String: Any] = ["resourceURI": "\(gw)/\(kind)/\(id)", "name": name]
            if let type { item["type"] = type }
            return item
        }
        func list(_ owner: String, _ field: String, _ items: [[String: Any]]) -> [String: Any] {
            ["available": items.count, "returned": items.count, "collectionURI": "\(gw)/\(owner)/\(field)", "items": items]
        }
        let five = item("characters", 5, "Five"), six = item("characters", 6, "Six")
        let one = item("comics", 1, "C (1963) #1"), two = item("comics", 2, "Named Only (1964) #2")
        let story = item("stories", 9, "Interior", type: "interiorStory"), series = item("series", 10, "S (1963)")
        let event = item("events", 1, "E")
        let records: [[String: Any]] = [
            ["id": 5, "name": "Five", "description": "", "resourceURI": "\(gw)/characters/5",
             "comics": list("characters/5", "comics", [one]), "series": list("characters/5", "series", [series]),
             "stories": list("characters/5", "stories", [story]), "events": list("characters/5", "events", [event])],
            ["id": 1, "title": "C (1963) #1", "resourceURI": "\(gw)/comics/1", "series": series,
             "characters": list("comics/1", "characters", [five]), "stories": list("comics/1", "stories", [story]),
             "creators": list("comics/1", "creators", []), "events": list("comics/1", "events", [event])],
            ["id": 1, "title": "E", "description": "", "resourceURI": "\(gw)/events/1",
             "characters": list("events/1", "characters", [five, six]), "comics": list("events/1", "comics", [one, two]),
             "stories": list("events/1", "stories", [story]), "series": list("events/1", "series", [series]),
             "creators": list("events/1", "creators", [])],
            ["id": 9, "title": "Interior", "type": "story", "description": "", "resourceURI": "\(gw)/stories/9",
             "originalIssue": one, "characters": list("stories/9", "characters", [five, six]),
             "comics": list("stories/9", "comics", [one]), "series": list("stories/9", "series", [series]),
             "events": list("stories/9", "events", [event]), "creators": list("stories/9", "creators", [])],
            ["id": 10, "title": "S (1963)", "description": "", "resourceURI": "\(gw)/series/10", "startYear": 1963,
             "characters": list("series/10", "characters", [five, six]), "comics": list("series/10", "comics", [one, two]),
             "stories": list("series/10", "stories", [story]), "events": list("series/10", "events", [event]),
             "creators": list("series/10", "creators", [])],
        ]
        let folder = try freshFolder("named-only")
        let envelope: [String: Any] = ["code": 200, "status": "Ok", "data": ["offset": 0, "limit": 20, "total": records.count,
                                                                            "count": records.count, "results": records]]
        try JSONSerialization.data(withJSONObject: envelope).write(to: folder.appendingPathComponent("recorded.json"))
        let store = try CatalogStore()
        let report = store.importPaths([folder.path])
        XCTAssertEqual(report.failures, [])
        let server = try await CatalogServer.start(CatalogServerOptions(source: .reader(store)))
        defer { Task { await server.stop() } }

        let (counts, output) = try Self.compare(server, folder)
        XCTAssertEqual(counts.value("entities"), 5, counts.line)
        XCTAssertEqual(counts.value("wrong fields"), 0, output)
        XCTAssertEqual(counts.value("totals != available"), 0, output)
        XCTAssertEqual(counts.value("dead links"), 0, output)
        XCTAssertEqual(counts.value("recorded items not served"), 0, output)

        let http = LoopbackHTTP(port: server.port)
        let served = try XCTUnwrap(results(try jsonObject(try http.get("/v1/public/events/1"))).first)
        let characters = try XCTUnwrap(served["characters"] as? [String: Any])
        XCTAssertEqual((characters["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Five", "Six"])
        XCTAssertEqual(characters["available"] as? Int, 2)
        XCTAssertEqual(characters["returned"] as? Int, 2)
        let comics = try XCTUnwrap(served["comics"] as? [String: Any])
        XCTAssertEqual((comics["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["C (1963) #1", "Named Only (1964) #2"])
        for (path, names) in [("/v1/public/events/1/characters", ["Five", "Six"]), ("/v1/public/series/10/characters", ["Five", "Six"]),
                              ("/v1/public/stories/9/characters", ["Five", "Six"]),
                              ("/v1/public/events/1/characters?nameStartsWith=si", ["Six"])] {
            let page = try jsonObject(try http.get(path))
            XCTAssertEqual(results(page).compactMap { $0["name"] as? String }, names, path)
            XCTAssertEqual(container(page)["total"] as? Int, names.count, path)
        }
        // A comic known only by name has no known series, which clients require of a comic:
        // listed in its owners' lists, not in a collection of comics, whose total is the list's.
        let eventComics = try jsonObject(try http.get("/v1/public/events/1/comics"))
        XCTAssertEqual(results(eventComics).compactMap { $0["title"] as? String }, ["C (1963) #1"])
        XCTAssertEqual(container(eventComics)["total"] as? Int, 2)
        for path in ["/v1/public/characters/6", "/v1/public/comics/2"] {
            let named = try XCTUnwrap(results(try jsonObject(try http.get(path))).first, path)
            XCTAssertEqual(named["name"] as? String ?? named["title"] as? String, path.hasSuffix("6") ? "Six" : "Named Only (1964) #2",
                           "the item's link answers, by the name the lists gave")
        }
        XCTAssertEqual(container(try jsonObject(try http.get("/v1/public/characters")))["total"] as? Int, 1,
                       "the whole list holds only records")
    }

    /// A collection names every character of the stories it reprints; a story whose record lists
    /// its characters has only those, from both ends. A story known only from its comic gets the
    /// comic's characters, all the catalog knows.
    func testAStoryWithARecordedCharactersListHasOnlyThoseCharacters() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        func character(_ id: Int) -> [String: Any] { ["resourceURI": "\(gw)/characters/\(id)", "name": "Character \(id)"] }
        func story(_ id: Int) -> [String: Any] { ["resourceURI": "\(gw)/stories/\(id)", "name": "Story \(id)", "type": "interiorStory"] }
        func list(_ items: [[String: Any]]) -> [String: Any] { ["available": items.count, "returned": items.count, "items": items] }
        let file = try freshFolder("own-characters").appendingPathComponent("catalog.sqlite").path
        var store = try CatalogStore(path: file)
        var report = ImportReport()
        store.importObjects([
            ["id": 1, "title": "Masterworks Vol. 1 (Hardcover)", "resourceURI": "\(gw)/comics/1",
             "series": ["resourceURI": "\(gw)/series/10", "name": "Masterworks (2003 - Present)"],
             "characters": list([character(51), character(52), character(53)]), "stories": list([story(7), story(8)]),
             "creators": list([]), "events": list([])],
            ["id": 7, "title": "Story 7", "type": "interiorStory", "description": "", "resourceURI": "\(gw)/stories/7",
             "originalIssue": ["resourceURI": "\(gw)/comics/1", "name": "Masterworks Vol. 1 (Hardcover)"],
             "characters": list([character(51), character(52)]), "creators": list([]), "series": list([]),
             "comics": list([["resourceURI": "\(gw)/comics/1", "name": "Masterworks Vol. 1 (Hardcover)"]]), "events": list([])],
        ], from: "stories", into: &report)
        XCTAssertEqual(report.failures, [])
        func characters(ofStory id: Int) throws -> [String] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.stories, id: id)).utf8)) as? [String: Any])
            let list = try XCTUnwrap(object["characters"] as? [String: Any])
            let items = (list["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            XCTAssertEqual(list["available"] as? Int, items.count, "stories/\(id)")
            return items
        }
        XCTAssertEqual(try characters(ofStory: 7), ["Character 51", "Character 52"], "the story's own characters")
        XCTAssertEqual(try characters(ofStory: 8), ["Character 51", "Character 52", "Character 53"], "no record: its comic's")
        var filter = EntityFilter()
        filter.related[.characters] = [53]
        XCTAssertEqual(try store.entities(.stories, filter).ids, [8], "character 53 is not in story 7")

        // A catalog imported before the story's own links were kept: every link there is.
        try DatabaseQueue(path: file).write { db in
            try db.execute(sql: "DELETE FROM entity_link WHERE a_kind = 'stories' AND b_kind = 'characters'")
        }
        store = try CatalogStore(path: file)
        XCTAssertEqual(try characters(ofStory: 7), ["Character 51", "Character 52", "Character 53"])
    }

    /// A character's recorded stories list names a story nothing else does (no comic, no
    /// original issue): it is not served, so it is not listed; the list is filled with the
    /// stories that are, and `available` stays the recorded count.
    func testACharactersListNamesOnlyStoriesThatAreServed() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        func story(_ id: Int) -> [String: Any] { ["resourceURI": "\(gw)/stories/\(id)", "name": "Story \(id)", "type": "interiorStory"] }
        let store = try CatalogStore()
        var report = ImportReport()
        store.importObjects([
            ["id": 5, "name": "Five", "description": "", "resourceURI": "\(gw)/characters/5",
             "comics": ["available": 1, "items": [["resourceURI": "\(gw)/comics/1", "name": "C (1963) #1"]]],
             "series": ["available": 0, "items": []], "events": ["available": 0, "items": []],
             "stories": ["available": 9, "items": [story(3), story(4)]]],
            ["id": 1, "title": "C (1963) #1", "resourceURI": "\(gw)/comics/1",
             "series": ["resourceURI": "\(gw)/series/10", "name": "S (1963)"],
             "characters": ["available": 1, "items": [["resourceURI": "\(gw)/characters/5", "name": "Five"]]],
             "stories": ["available": 2, "items": [story(4), story(6)]],
             "creators": ["available": 0, "items": []], "events": ["available": 0, "items": []]],
        ], from: "stories", into: &report)
        XCTAssertEqual(report.failures, [])
        XCTAssertNil(try store.entity(.stories, id: 3), "a story with no known original issue is not served")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.characters, id: 5)).utf8)) as? [String: Any])
        let stories = try XCTUnwrap(object["stories"] as? [String: Any])
        let ids = (stories["items"] as? [[String: Any]] ?? []).compactMap { ($0["resourceURI"] as? String)?.split(separator: "/").last }
        XCTAssertEqual(ids, ["4", "6"])
        XCTAssertEqual(stories["returned"] as? Int, 2)
        XCTAssertEqual(stories["available"] as? Int, 9)
        for id in ids { XCTAssertNotNil(try store.entity(.stories, id: Int(id)!), "stories/\(id) is served") }
    }

    /// A story's record lists its own creators; its comic has more (a cover's artist is not the
    /// interior's writer): the story lists only its own, from both ends. A story known only
    /// from its comic gets the comic's creators, all the catalog knows.
    func testAStoryWithARecordedCreatorsListHasOnlyThoseCreators() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        func creator(_ id: Int, _ role: String) -> [String: Any] { ["resourceURI": "\(gw)/creators/\(id)", "name": "Creator \(id)", "role": role] }
        func list(_ items: [[String: Any]]) -> [String: Any] { ["available": items.count, "returned": items.count, "items": items] }
        let store = try CatalogStore()
        var report = ImportReport()
        store.importObjects([
            ["id": 1, "title": "C (1963) #1", "resourceURI": "\(gw)/comics/1",
             "series": ["resourceURI": "\(gw)/series/10", "name": "S (1963)"],
             "creators": list([creator(31, "penciller (cover)"), creator(32, "writer"), creator(33, "letterer")]),
             "stories": list([["resourceURI": "\(gw)/stories/7", "name": "Cover #1", "type": "cover"],
                              ["resourceURI": "\(gw)/stories/8", "name": "Interior", "type": "interiorStory"]]),
             "characters": list([]), "events": list([])],
            ["id": 7, "title": "Cover #1", "type": "cover", "description": "", "resourceURI": "\(gw)/stories/7",
             "originalIssue": ["resourceURI": "\(gw)/comics/1", "name": "C (1963) #1"],
             "creators": list([creator(31, "penciller (cover)")]), "characters": list([]), "series": list([]),
             "comics": list([["resourceURI": "\(gw)/comics/1", "name": "C (1963) #1"]]), "events": list([])],
        ], from: "stories", into: &report)
        XCTAssertEqual(report.failures, [])
        func creators(ofStory id: Int) throws -> [String] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(.stories, id: id)).utf8)) as? [String: Any])
            let list = try XCTUnwrap(object["creators"] as? [String: Any])
            let items = (list["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            XCTAssertEqual(list["available"] as? Int, items.count, "stories/\(id)")
            return items
        }
        XCTAssertEqual(try creators(ofStory: 7), ["Creator 31"], "the cover's own creator, not the comic's three")
        XCTAssertEqual(try creators(ofStory: 8), ["Creator 31", "Creator 32", "Creator 33"], "no record: its comic's creators")
        func stories(ofCreator id: Int) throws -> [Int] {
            var filter = EntityFilter()
            filter.related[.creators] = [id]
            return try store.entities(.stories, filter).ids
        }
        XCTAssertEqual(try stories(ofCreator: 31), [7, 8])
        XCTAssertEqual(try stories(ofCreator: 32), [8], "the writer of the interior did not make the cover")
    }

    /// A creator known only from comics gets, in a story's (or series', event's) list, the role
    /// on that entity's own comics: Ditko pencils story 1 and writes story 2, so neither list
    /// says the alphabetically greatest of his roles.
    func testARoleFromComicsIsTheRoleOnThatEntitysComics() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        func comic(_ id: Int, story: Int, role: String) -> [String: Any] {
            ["id": id, "title": "C (1963) #\(id)", "resourceURI": "\(gw)/comics/\(id)",
             "series": ["resourceURI": "\(gw)/series/\(id * 10)", "name": "S\(id) (1963)"],
             "creators": ["available": 1, "items": [["resourceURI": "\(gw)/creators/3232", "name": "Steve Ditko", "role": role]]],
             "stories": ["available": 1, "items": [["resourceURI": "\(gw)/stories/\(story)", "name": "Story \(story)", "type": "interiorStory"]]],
             "characters": ["available": 0, "items": []], "events": ["available": 0, "items": []]]
        }
        let store = try CatalogStore()
        var report = ImportReport()
        store.importObjects([comic(1, story: 1, role: "penciller"), comic(2, story: 2, role: "writer")], from: "comics", into: &report)
        XCTAssertEqual(report.failures, [])
        func role(_ kind: EntityKind, _ id: Int) throws -> String? {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(kind, id: id)).utf8)) as? [String: Any])
            let items = (object["creators"] as? [String: Any])?["items"] as? [[String: Any]]
            return items?.first?["role"] as? String
        }
        XCTAssertEqual(try role(.stories, 1), "penciller")
        XCTAssertEqual(try role(.stories, 2), "writer")
        XCTAssertEqual(try role(.series, 10), "penciller")
        XCTAssertEqual(try role(.series, 20), "writer")
    }

    /// A record whose name is null is served with the contract's empty name: the key is there
    /// and is a string (a missing or null name fails esak's whole page).
    func testANamelessRecordKeepsAnEmptyName() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        let store = try CatalogStore()
        var report = ImportReport()
        store.importObjects([
            ["id": 5, "name": NSNull(), "description": "", "resourceURI": "\(gw)/characters/5",
             "comics": ["available": 0, "items": []], "series": ["available": 0, "items": []],
             "stories": ["available": 0, "items": []], "events": ["available": 0, "items": []]],
            ["id": 7, "title": NSNull(), "resourceURI": "\(gw)/series/7", "startYear": 1990],
            ["id": 9, "fullName": NSNull(), "resourceURI": "\(gw)/creators/9"],
        ], from: "nameless", into: &report)
        XCTAssertEqual(report.failures, [])
        for (kind, id, key) in [(EntityKind.characters, 5, "name"), (.series, 7, "title"), (.creators, 9, "fullName")] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(store.entity(kind, id: id)).utf8)) as? [String: Any])
            XCTAssertEqual(object[key] as? String, "", "\(kind.rawValue)/\(id) \(key): \(String(describing: object[key]))")
        }
    }
}
