import Foundation
import TestSupport
import XCTest

/// `docs/keys.md` is what `KeysDocument` writes from the key tables: a key added, removed or
/// reworded in a table without the page fails here. `RECORD_DOCS=1` writes the page instead.
final class KeysDocumentTests: XCTestCase {
    func testKeysPageMatchesTheKeyTables() throws {
        let url = RepoPaths.root.appendingPathComponent("docs/keys.md")
        let generated = KeysDocument.markdown
        if ProcessInfo.processInfo.environment["RECORD_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(stored == generated, "docs/keys.md differs from the key tables (RECORD_DOCS=1 re-records it):\n"
                      + Snapshot.diff(expected: stored, actual: generated))
    }
}
