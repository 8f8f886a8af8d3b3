import Foundation
import XCTest
@testable import TerminalUI

/// Issue 27: `--plain` shows format characters (Cf: U+200F RLM, U+061C ALM, zero-width
/// characters) and line/paragraph separators as escapes like other controls, and `--json`
/// escapes raw DEL, C1 and those characters while staying the same JSON.
final class InvisibleCharacterTests: XCTestCase {
    func testPlainEscapesFormatCharacters() {
        let cases: [(String, String)] = [
            ("a\u{200F}b", "a\\u200fb"),             // right-to-left mark
            ("a\u{061C}b", "a\\u061cb"),             // Arabic letter mark
            ("a\u{200B}\u{200C}\u{200D}b", "a\\u200b\\u200c\\u200db"),   // zero-width space, non-joiner, joiner
            ("a\u{2060}\u{FEFF}b", "a\\u2060\\ufeffb"),   // word joiner, BOM
            ("a\u{2028}\u{2029}b", "a\\u2028\\u2029b"),   // line and paragraph separators
            ("a\u{E0041}b", "a\\U000e0041b"),        // a tag character
            ("a\u{00AD}b", "a\\u00adb"),             // soft hyphen (Cf)
            ("Araña 漢字 🦸", "Araña 漢字 🦸"),          // ordinary text untouched
        ]
        for (input, expected) in cases {
            XCTAssertEqual(Sanitizer.visible(input), expected, input.debugDescription)
        }
    }

    func testJSONEscapesDELC1AndFormatCharactersAndStaysTheSameJSON() throws {
        let name = "Evil\u{200F}\u{061C}\u{200B}\u{2028}\u{7F}\u{85}\u{9B}31m\u{E0041}Name Araña 🦸"
        let encoded = String(decoding: try JSONEncoder().encode(["name": name]), as: UTF8.self)
        let escaped = Sanitizer.jsonEscapingControls(encoded)
        XCTAssertFalse(escaped.unicodeScalars.contains { $0.value == 0x7F || (0x80..<0xA0).contains($0.value) })
        XCTAssertFalse(escaped.unicodeScalars.contains { $0.properties.generalCategory == .format })
        XCTAssertTrue(escaped.contains("\\u007f\\u0085\\u009b"), escaped)
        XCTAssertTrue(escaped.contains("\\udb40\\udc41"), "a scalar above the BMP as a surrogate pair: \(escaped)")
        XCTAssertTrue(escaped.contains("Araña 🦸"), "ordinary text stays raw")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        XCTAssertEqual(decoded["name"], name, "the same data")
        XCTAssertEqual(Sanitizer.jsonEscapingControls("{\"a\":\"plain\"}"), "{\"a\":\"plain\"}")
    }
}
