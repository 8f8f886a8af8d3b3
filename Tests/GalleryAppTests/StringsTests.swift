import XCTest
@testable import GalleryApp
import TerminalUI

final class StringsTests: XCTestCase {
    func testEnglishHasEveryKey() {
        let table = Strings.table(for: .en)
        for key in StringKey.allCases {
            XCTAssertFalse((table[key] ?? "").isEmpty, "missing English text for \(key)")
        }
    }

    func testPlaceholdersAreFilled() {
        let strings = Strings(.en)
        XCTAssertEqual(strings.text(.countOf, 12, 1562), "12 of 1562")
        XCTAssertEqual(strings.text(.sourceMirror, "http://m.example"), "mirror http://m.example")
    }

    func testMissingLanguageFallsBackToEnglish() {
        XCTAssertEqual(Strings(.es)[.appTitle], Strings(.en)[.appTitle])
    }
}
