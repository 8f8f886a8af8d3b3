import XCTest
@testable import TerminalUI

final class SanitizerTests: XCTestCase {
    func testRemovesEscapeSequencesAndControls() {
        let table: [(String, String)] = [
            ("\u{1B}]0;pwned\u{7}Hulk", "Hulk"),
            ("\u{1B}]0;pwned\u{1B}\\Hulk", "Hulk"),
            ("\u{1B}[31mRed\u{1B}[0m Skull", "Red Skull"),
            ("\u{1B}[2J\u{1B}[HThanos", "Thanos"),
            ("A\u{9B}31mB", "AB"),                           // C1 CSI
            ("A\u{9D}0;x\u{9C}B", "AB"),                     // C1 OSC … C1 ST
            ("Bell\u{7}\u{8}\u{7F}", "Bell"),
            ("\u{1B}(BStorm", "Storm"),                      // charset designation
            ("\u{1B}PqDCS junk\u{1B}\\Wolverine", "Wolverine"),
            ("line1\nline2\tend", "line1 line2 end"),
            ("evil\u{202E}txt", "eviltxt"),                  // bidi override
            ("Beyoncé 漢字 🦸", "Beyoncé 漢字 🦸"),
            ("plain", "plain"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(Sanitizer.clean(input), expected, "input: \(input.debugDescription)")
        }
        XCTAssertEqual(Sanitizer.clean("a\r\nb\nc", keepNewlines: true), "a\nb\nc")
    }

    func testCleanTextNeverContainsControls() {
        let nasty = "\u{1B}]8;;http://x\u{1B}\\x\u{1B}[?1049l\u{0}\u{1}\u{1F}\u{85}\u{84}y\u{1B}"
        let cleaned = Sanitizer.clean(nasty)
        XCTAssertFalse(cleaned.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
        XCTAssertEqual(cleaned, "xy")
    }
}
