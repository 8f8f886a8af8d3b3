@testable import Catalog
import GRDB
import XCTest

/// The import's writer skips an `INSERT OR IGNORE` row it already wrote, and forgets the rows
/// of a file whose savepoint rolled back (so a later file writes them again).
final class RowWriterTests: XCTestCase {
    private func storyCount(_ store: CatalogStore, id: Int) throws -> Int {
        try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM story WHERE id = ?", arguments: [id]) ?? 0 }
    }

    func testRepeatedIgnoreRowsAreWrittenOnceAndRolledBackRowsAgain() throws {
        let store = try CatalogStore()
        let story = RowWrite(ignoring: .storySummary, [7, "Cover #1", "cover"], key: 7)
        try store.write { db in
            let writer = RowWriter(db)
            // A file that writes the story and then fails: its savepoint rolls back.
            writer.mark()
            XCTAssertThrowsError(try db.inSavepoint {
                try writer.write(story)
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the file failed")
            })
            writer.rollBack()
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM story"), 0)
            // The next file names the same story: written, not skipped as already there.
            writer.mark()
            try writer.write(story)
            try writer.write(RowWrite(ignoring: .storySummary, [7, "Another title", "cover"], key: 7))
        }
        XCTAssertEqual(try storyCount(store, id: 7), 1)
        let title = try store.read { db in try String.fetchOne(db, sql: "SELECT title FROM story WHERE id = 7") }
        XCTAssertEqual(title, "Cover #1", "the first summary is kept, as INSERT OR IGNORE does")
    }

    func testEntityRowsNameEachLinkOnceWithItsKey() throws {
        let comic: [String: Any] = [
            "id": 5, "title": "Hulk (2008) #1 Variant", "resourceURI": "http://gateway.marvel.com/v1/public/comics/5",
            "characters": ["items": [["resourceURI": "http://gateway.marvel.com/v1/public/characters/9", "name": "Hulk"]]],
            "events": ["items": [["resourceURI": "http://gateway.marvel.com/v1/public/events/3", "name": "War"]]],
        ]
        guard case .rows(let rows) = try CatalogStore.prepare(comic) else { return XCTFail("not imported") }
        XCTAssertEqual(rows.kind, .comics)
        XCTAssertEqual(rows.id, 5)
        let links = rows.writes.compactMap(\.once).filter { $0.sql == .characterEvent }
        XCTAssertEqual(links, [RowWrite.Key(sql: .characterEvent, a: 9, b: 3, tag: 0)])
        let store = try CatalogStore()
        try store.write { db in
            let writer = RowWriter(db)
            for row in rows.writes + rows.writes { try writer.write(row) }
        }
        let variant = try store.read { db in try Bool.fetchOne(db, sql: "SELECT is_variant FROM comic WHERE id = 5") }
        XCTAssertEqual(variant, true)
    }
}
