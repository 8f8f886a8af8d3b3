import XCTest
@testable import TerminalUI

/// Plain/TSV/error output: hostile API text reaches stdout only as readable escapes.
final class VisibleEscapeTests: XCTestCase {
    /// The hostile names of the reliability suite, and what a person sees instead.
    static let hostile: [(String, String)] = [
        ("\u{1B}]0;pwned\u{7}Hulk", "\\x1b]0;pwned\\x07Hulk"),                 // OSC 0 retitle
        ("\u{1B}]52;c;aGk=\u{7}Thor", "\\x1b]52;c;aGk=\\x07Thor"),             // OSC 52 clipboard
        ("\u{1B}[2J\u{1B}[HThanos", "\\x1b[2J\\x1b[HThanos"),                  // CSI
        ("\u{1B}Pq#0\u{1B}\\Storm", "\\x1bPq#0\\x1b\\\\Storm"),                // DCS … ST
        ("A\u{9B}31mB\u{9D}x\u{9C}", "A\\u009b31mB\\u009dx\\u009c"),           // C1 CSI, OSC, ST
        ("evil\u{202E}txt\u{2066}", "evil\\u202etxt\\u2066"),                  // bidi override, isolate
        ("nul\u{0}del\u{7F}", "nul\\x00del\\x7f"),
        ("two\tfields\nrows\r", "two\\tfields\\nrows\\r"),                      // rows stay rows
        ("back\\slash", "back\\\\slash"),
        ("Beyoncé 漢字 🦸 Araña", "Beyoncé 漢字 🦸 Araña"),
        ("Spider-Man (Peter Parker)", "Spider-Man (Peter Parker)"),
    ]

    func testHostileNamesAreEscapedVisibly() {
        for (input, expected) in Self.hostile {
            XCTAssertEqual(Sanitizer.visible(input), expected, "input: \(input.debugDescription)")
        }
    }

    func testNoControlSurvivesAndLongTextStaysWhole() {
        let long = String(repeating: "\u{1B}]52;c;x\u{7}", count: 1_000) + String(repeating: "n", count: 10_000)
        let out = Sanitizer.visible(long)
        XCTAssertFalse(out.unicodeScalars.contains { v in
            v.value < 0x20 || (0x7F..<0xA0).contains(v.value) || (0x202A...0x202E).contains(v.value)
                || (0x2066...0x2069).contains(v.value)
        })
        XCTAssertTrue(out.hasSuffix(String(repeating: "n", count: 10_000)))
        XCTAssertEqual(out.count, 1_000 * "\\x1b]52;c;x\\x07".count + 10_000)
    }
}
