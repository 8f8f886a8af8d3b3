import XCTest
@testable import TerminalIO
import TerminalUI

/// The terminal's default colours (OSC 11 / OSC 10), asked of kitty-family terminals for the
/// kitty canvas: replies as real kitty 0.26.5 gave them (`-o background=#1e1e2e`).
final class DefaultColorsTests: XCTestCase {
    static let esc = "\u{1B}"

    func testKittysRepliesGiveItsBackgroundAndForeground() {
        let reply = "\(Self.esc)]10;rgb:dddd/dddd/dddd\(Self.esc)\\\(Self.esc)]11;rgb:1e1e/1e1e/2e2e\(Self.esc)\\\(Self.esc)[?62;c"
        let a = TerminalAnswers.parse(Array(reply.utf8))
        XCTAssertEqual(a.defaultColors, TerminalColors(background: RGB(0x1E, 0x1E, 0x2E), foreground: RGB(0xDD, 0xDD, 0xDD)))
        XCTAssertEqual(a.deviceAttributes, [62])
    }

    /// BEL ends them too, and components of one or two hex digits are scaled to eight bits.
    func testShortComponentsAndBEL() {
        let reply = "\(Self.esc)]11;rgb:f/80/0\u{07}\(Self.esc)]10;rgb:ff/ff/ff\u{07}"
        XCTAssertEqual(TerminalAnswers.parse(Array(reply.utf8)).defaultColors,
                       TerminalColors(background: RGB(255, 0x80, 0), foreground: RGB(255, 255, 255)))
    }

    /// Half an answer, garbage or one colour only: nothing (the canvas keeps kitty's defaults).
    func testGarbageOrHalfAnAnswerIsNothing() {
        for reply in ["\(Self.esc)]11;rgb:12/34\(Self.esc)\\", "\(Self.esc)]11;rgb:zz/00/00\(Self.esc)\\",
                      "\(Self.esc)]11;rgb:12345/0/0\(Self.esc)\\", "\(Self.esc)]11;rgb:00/00/00\(Self.esc)\\"] {
            XCTAssertNil(TerminalAnswers.parse(Array(reply.utf8)).defaultColors, reply)
        }
    }

    /// Asked only of terminals that name themselves kitty or Ghostty (the Linux console would
    /// print an OSC it does not parse), and never inside tmux (`CapabilityDetection`).
    func testAskedOnlyOfKittyFamilyTerminals() {
        XCTAssertTrue(TerminalProbe.asksColors(TerminalProfile(environment: ["TERM": "xterm-kitty"])))
        XCTAssertTrue(TerminalProbe.asksColors(TerminalProfile(environment: ["TERM": "xterm-ghostty"])))
        XCTAssertTrue(TerminalProbe.asksColors(TerminalProfile(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"])))
        XCTAssertFalse(TerminalProbe.asksColors(TerminalProfile(environment: ["TERM": "linux"])))
        XCTAssertFalse(TerminalProbe.asksColors(TerminalProfile(environment: ["TERM": "xterm-256color"])))
    }
}
