@testable import Catalog
import Foundation
import GRDB
import XCTest

/// The import reads files through a tape (`JSONTape`) and stores each entity's text made from
/// its bytes. Both are checked against the Foundation path computed here, at test time: every
/// stored text byte for byte against CanonicalJSON of JSONSerialization's objects, and every
/// row of a catalog imported from the files against one imported from those objects.
final class TapeImportTests: XCTestCase {
    /// Each record of each JSON file below `folder`: (file, tape value, Foundation object).
    private func records(below folder: URL) throws -> [(file: String, tape: JSONValue, object: [String: Any])] {
        var out: [(String, JSONValue, [String: Any])] = []
        for file in CatalogStore.filesBelow(folder.path) where file.hasSuffix(".json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            guard let objects = try? CatalogStore.entities(in: data, file: file) else { continue }  // error bodies
            let values = try XCTUnwrap(CatalogStore.tapeRecords(Array(data)), "\(file) does not take the tape path")
            XCTAssertEqual(values.count, objects.count, file)
            out += zip(values, objects).map { (file, $0, $1) }
        }
        return out
    }

    /// Stored texts from the tape equal CanonicalJSON's; returns how many records were compared
    /// and how many the tape sent to the Foundation path.
    private func compareStoredTexts(below folder: URL) throws -> (compared: Int, unsupported: Int) {
        var compared = 0, unsupported = 0
        for (file, value, object) in try records(below: folder) {
            guard CatalogStore.skipReason(value) == nil, let kind = MarvelJSON.kind(of: value) else { continue }
            let expected = try CatalogStore.canonicalText(object, kind)
            do {
                let text = try CatalogStore.canonicalText(value, kind)
                XCTAssertEqual(text, expected, "\(file): \(kind) \(MarvelJSON.int(value["id"]) ?? 0)")
                compared += 1
            } catch is JSONTape.Unsupported {
                unsupported += 1
            }
        }
        return (compared, unsupported)
    }

    func testEmbeddedCatalogTextsAreCanonicalJSONsAndAllTakeTheTape() throws {
        let (compared, unsupported) = try compareStoredTexts(below: TestCatalogs.fixtures)
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertEqual(unsupported, 0, "every embedded record is copied from its bytes")
    }

    func testRecordedResponsesTextsAreCanonicalJSONs() throws {
        let (compared, _) = try compareStoredTexts(below: try TestCatalogs.sharedFolder())
        XCTAssertGreaterThan(compared, 100)
    }

    /// Every table's rows, in key order, as text.
    private func dump(_ store: CatalogStore) throws -> [String: [String]] {
        try store.read { db in
            var tables: [String: [String]] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            where !table.hasPrefix("grdb_") && !table.hasPrefix("image") {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map(\.description)
            }
            return tables
        }
    }

    /// A catalog imported from the files (tape) has the same rows as one imported from
    /// JSONSerialization's objects of the same files.
    private func compareCatalogs(_ folder: URL) throws {
        let fromFiles = try CatalogStore()
        let report = fromFiles.importPaths([folder.path])
        let fromObjects = try CatalogStore()
        var objectReport = ImportReport()
        for file in CatalogStore.filesBelow(folder.path) where file.hasSuffix(".json") {
            guard let objects = try? CatalogStore.entities(in: Data(contentsOf: URL(fileURLWithPath: file)), file: file) else { continue }
            fromObjects.importObjects(objects, from: file, into: &objectReport)
        }
        XCTAssertEqual(report.characters, objectReport.characters)
        XCTAssertEqual(report.comics, objectReport.comics)
        let (a, b) = (try dump(fromFiles), try dump(fromObjects))
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        for table in a.keys.sorted() {
            XCTAssertEqual(a[table]?.count, b[table]?.count, table)
            XCTAssertTrue(a[table] == b[table], "\(table) differs")
        }
        XCTAssertGreaterThan(a["character"]?.count ?? 0, 0)
    }

    func testEmbeddedCatalogRowsEqualTheFoundationPaths() throws { try compareCatalogs(TestCatalogs.fixtures) }

    func testRecordedResponsesRowsEqualTheFoundationPaths() throws { try compareCatalogs(try TestCatalogs.sharedFolder()) }

    /// Texts not written as CanonicalJSON writes them (escapes, white space, numbers written
    /// another way) are stored as it writes them; those the tape refuses (duplicate keys, an
    /// integral 1e15 with an exponent, invalid UTF-8) take the Foundation path: the same either way.
    func testUnusualTextsTakeTheFoundationPathAndImportTheSame() throws {
        let gw = "http://gateway.marvel.com/v1/public"
        let texts = [
            #"{"data":{"results":[{"id":1,"name":"A\/B \u00e9 \"q\"","resourceURI":"\#(gw)/characters/1","comics":{"items":[]}}]}}"#,
            #"{"data":{"results":[{"id":2,"title":"T","resourceURI":"\#(gw)/comics/2","issueNumber":1.0,"prices":[{"price":1e2}]}]}}"#,
            #"{"data":{"results":[{"id":3,"title":"T","title":"U","resourceURI":"\#(gw)/comics/3"}]}}"#,
            #"[{"id":4, "name" : "Spaced\t", "resourceURI":"\#(gw)/characters/4","comics":{}}]"#,
            #"{"data":{"results":[{"id":5,"title":"T","resourceURI":"\#(gw)/comics/5","digitalId":2e15}]}}"#,
        ]
        for text in texts {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID().uuidString).json")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let store = try CatalogStore()
            let report = store.importPaths([url.path])
            XCTAssertEqual(report.failures, [], text)
            let object = try XCTUnwrap(try CatalogStore.entities(in: Data(text.utf8), file: url.path).first)
            let kind = try XCTUnwrap(MarvelJSON.kind(of: JSONTape(Array(CanonicalJSON.string(object).utf8)).root))
            let id = try XCTUnwrap(object["id"] as? Int)
            let stored = try store.read { db in
                try String.fetchOne(db, sql: "SELECT json FROM \(kind.table) WHERE id = ?", arguments: [id])
            }
            XCTAssertEqual(stored, try CatalogStore.canonicalText(object, kind), text)
        }
        // Not UTF-8: the same error as before.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID().uuidString).json")
        try Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(try CatalogStore().importPaths([url.path]).failures.count, 1)
    }

    func testTapeReadsValuesAsJSONSerializationDoes() throws {
        let text = #"{"s":"a\nb\u00e9\ud83d\ude00","i":-42,"d":2.5,"t":true,"n":null,"a":[1,{"k":"v"}],"e":"12"}"#
        let root = try JSONTape(Array(text.utf8)).root
        XCTAssertEqual(root["s"]?.string, "a\nbé😀")
        XCTAssertEqual(MarvelJSON.int(root["i"]), -42)
        XCTAssertEqual(MarvelJSON.int(root["d"]), 2)
        XCTAssertEqual(MarvelJSON.double(root["d"]), 2.5)
        XCTAssertEqual(MarvelJSON.int(root["t"]), 1)
        XCTAssertEqual(MarvelJSON.int(root["e"]), 12)
        XCTAssertNil(MarvelJSON.string(root["i"]))
        XCTAssertNotNil(root["n"])
        XCTAssertNil(root["missing"])
        XCTAssertEqual(root["a"]?.elements?.count, 2)
        XCTAssertNil(MarvelJSON.objects(root["a"]), "not an array of objects only")
        XCTAssertEqual(try root.canonicalText(omitting: ["s"]),
                       try CanonicalJSON.string(JSONSerialization.jsonObject(with: Data(#"{"i":-42,"d":2.5,"t":true,"n":null,"a":[1,{"k":"v"}],"e":"12"}"#.utf8))))
        for bad in ["{", #"{"a":1,}"#, "[1 2]", #"{"a":01}"#, #""\x""#, "tru", "1 1", #"{"a":"\ud800"}"#] {
            XCTAssertThrowsError(try JSONTape(Array(bad.utf8)).root.canonicalText(), bad)
        }
    }
}
