import XCTest
@testable import TerminalIO
import TerminalUI

final class CapabilitiesTests: XCTestCase {
    func testColourDepthDecision() {
        let table: [([String: String], Bool, ColorDepth, Bool)] = [
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, .truecolor, true),
            (["TERM": "xterm-256color", "COLORTERM": "24bit"], true, .truecolor, true),
            (["TERM": "xterm-256color"], true, .ansi256, true),
            (["TERM": "xterm-256color", "COLORTERM": "yes"], true, .ansi256, true),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], true, .none, true),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": ""], true, .truecolor, true),
            (["TERM": "dumb", "COLORTERM": "truecolor"], true, .none, false),
            // The Linux console and 16-colour TERMs: 16 colours, unless COLORTERM says more.
            (["TERM": "linux"], true, .ansi16, true),
            (["TERM": "linux-16color"], true, .ansi16, true),
            (["TERM": "xterm-16color"], true, .ansi16, true),
            (["TERM": "linux", "COLORTERM": "truecolor"], true, .truecolor, true),
            (["TERM": "linux", "NO_COLOR": "1"], true, .none, true),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], false, .none, false),
        ]
        for (env, tty, depth, interactive) in table {
            let c = Capabilities.decide(environment: env, isTTY: tty)
            XCTAssertEqual(c.colorDepth, depth, "\(env) tty=\(tty): \(c.colorReason)")
            XCTAssertEqual(c.interactive, interactive, "\(env) tty=\(tty)")
        }
        let t = Capabilities.decide(environment: ["TERM": "screen", "TMUX": "/tmp/x,1,0", "SSH_TTY": "/dev/pts/1"], isTTY: true)
        XCTAssertTrue(t.inTmux)
        XCTAssertTrue(t.inScreen)
        XCTAssertTrue(t.overSSH)
    }

    func testQueryReplyParsing() {
        XCTAssertEqual(TerminalQuery.parseModeReport(Array("\u{1B}[?2026;2$y\u{1B}[?62;22c".utf8), mode: 2026), true)
        XCTAssertEqual(TerminalQuery.parseModeReport(Array("\u{1B}[?2026;0$y".utf8), mode: 2026), false)
        XCTAssertNil(TerminalQuery.parseModeReport(Array("\u{1B}[?62;22c".utf8), mode: 2026))
        XCTAssertEqual(TerminalQuery.parsePixelReport(Array("\u{1B}[4;480;640t".utf8)), Size(width: 640, height: 480))
        XCTAssertTrue(TerminalQuery.containsDA1Reply(Array("\u{1B}[?1;2c".utf8)))
        XCTAssertFalse(TerminalQuery.containsDA1Reply(Array("\u{1B}[?2026;2$y".utf8)))
    }
}
