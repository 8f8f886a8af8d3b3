import XCTest
@testable import TerminalUI

final class TextWidthTests: XCTestCase {
    func testWidths() {
        XCTAssertEqual(TextWidth.of("Hulk"), 4)
        XCTAssertEqual(TextWidth.of("漢字"), 4)
        XCTAssertEqual(TextWidth.of("e\u{301}"), 1)          // e + combining acute
        XCTAssertEqual(TextWidth.of("🦸"), 2)
        XCTAssertEqual(TextWidth.of("❤\u{FE0F}"), 2)         // emoji presentation selector
        XCTAssertEqual(TextWidth.of("Spider-Man (Miles Morales)"), 26)
        XCTAssertEqual(TextWidth.of("\u{1B}"), 0)
        XCTAssertEqual(TextWidth.of("ｱ"), 1)                // halfwidth katakana
        XCTAssertEqual(TextWidth.of("Ａ"), 2)                // fullwidth A
    }

    func testTruncateByColumns() {
        XCTAssertEqual(TextWidth.truncate("Captain America", to: 10), "Captain A…")
        XCTAssertEqual(TextWidth.of(TextWidth.truncate("Captain America", to: 10)), 10)
        XCTAssertEqual(TextWidth.truncate("Thor", to: 4), "Thor")
        XCTAssertEqual(TextWidth.truncate("Thor", to: 0), "")
        // A wide grapheme that would straddle the limit is dropped, never split.
        XCTAssertEqual(TextWidth.truncate("漢字漢字", to: 6), "漢字…")
        XCTAssertEqual(TextWidth.truncate("漢字漢字", to: 4), "漢…")
        XCTAssertEqual(TextWidth.truncate("Beyoncé\u{301}x", to: 6), "Beyon…")
        XCTAssertEqual(TextWidth.fit("ab", to: 4), "ab  ")
    }
}
