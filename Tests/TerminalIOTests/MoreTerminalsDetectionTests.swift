import XCTest
@testable import TerminalIO
import TerminalUI

/// Colour depth and pixel protocol for terminals whose truecolour the older signals missed.
/// mlterm's replies are recorded from mlterm 3.9.0 (Debian 12) under Xvfb here; foot's,
/// WezTerm's and Konsole's are their documented replies and variables.
final class MoreTerminalsDetectionTests: XCTestCase {
    static let esc = "\u{1B}"
    /// mlterm 3.9.0: no kitty answer, no XTVERSION, XTGETTCAP "not present", DECRQSS reports the
    /// direct colour as a 256-colour index (yet it draws rgb(200,100,50) exactly), 10x19
    /// cells, DA1 with sixel (4). Environment: TERM=mlterm, MLTERM=3.9.0, no COLORTERM.
    static let mlterm = "\(esc)P0+r\(esc)\\\(esc)P1$r0;48;5;16m\(esc)\\\(esc)[6;19;10t\(esc)[?63;1;2;3;4;6;7;15;18;22;29c"
    /// foot: XTVERSION `foot(version)`, XTGETTCAP from its terminfo (RGB), DA1 62;4;22;28 (sixel).
    static let foot = "\(esc)P>|foot(1.16.2)\(esc)\\\(esc)P1+r524742=382F382F38\(esc)\\\(esc)[6;20;10t\(esc)[?62;4;22;28c"
    /// WezTerm over SSH without COLORTERM, answering only XTVERSION and DA1.
    static let weztermBare = "\(esc)P>|WezTerm 20240203-110809-5046fc22\(esc)\\\(esc)[?65;4;6;18;22c"
    /// Konsole: DA1 without sixel; KONSOLE_VERSION in the environment.
    static let konsole = "\(esc)[?62;22c"

    private func decide(_ reply: String, _ env: [String: String]) -> Capabilities {
        Capabilities.decide(environment: env, isTTY: true, answers: TerminalAnswers.parse(Array(reply.utf8)))
    }

    func testMlterm() {
        let local = decide(Self.mlterm, ["TERM": "mlterm", "MLTERM": "3.9.0"])
        XCTAssertEqual(local.colorDepth, .truecolor, local.colorReason)
        XCTAssertEqual(local.graphics, .sixel, local.graphicsReason)
        XCTAssertEqual(local.cellPixels, Size(width: 10, height: 19))
        // Over SSH only TERM arrives; with TERM=xterm the MLTERM variable still says it.
        XCTAssertEqual(decide(Self.mlterm, ["TERM": "mlterm", "SSH_TTY": "/dev/pts/1"]).colorDepth, .truecolor)
        XCTAssertEqual(decide(Self.mlterm, ["TERM": "xterm", "MLTERM": "3.9.0"]).colorDepth, .truecolor)
        XCTAssertEqual(decide(Self.mlterm, ["TERM": "mlterm", "NO_COLOR": "1"]).colorDepth, .none, "NO_COLOR still wins")
    }

    func testFootWezTermKonsole() {
        let foot = decide(Self.foot, ["TERM": "foot"])
        XCTAssertEqual(foot.colorDepth, .truecolor)
        XCTAssertEqual(foot.graphics, .sixel)
        XCTAssertEqual(decide(Self.foot, ["TERM": "xterm-256color"]).colorDepth, .truecolor, "XTGETTCAP RGB")
        XCTAssertEqual(decide("\(Self.esc)P>|foot(1.16.2)\(Self.esc)\\\(Self.esc)[?62;4;22;28c", ["TERM": "xterm-256color"]).colorReason,
                       "XTVERSION names foot")
        let wezterm = decide(Self.weztermBare, ["TERM": "xterm-256color"])
        XCTAssertEqual(wezterm.colorDepth, .truecolor, wezterm.colorReason)
        XCTAssertEqual(wezterm.graphics, .sixel, "no kitty answer here: sixel from DA1")
        let konsole = decide(Self.konsole, ["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"])
        XCTAssertEqual(konsole.colorDepth, .truecolor)
        XCTAssertEqual(konsole.graphics, .blocks)
        XCTAssertEqual(decide(Self.konsole, ["TERM": "xterm-256color", "COLORTERM": "truecolor"]).colorDepth, .truecolor)
    }

    func testInsideTmuxTheOuterTerminalsNamesDoNotCount() {
        // tmux without RGB turns 24-bit colour into 256: the outer terminal's variables must not win.
        let env = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "MLTERM": "3.9.0", "KONSOLE_VERSION": "230804"]
        XCTAssertEqual(decide(DetectionTests.tmux, env).colorDepth, .ansi256)
        XCTAssertEqual(decide("\(Self.esc)P>|foot(1.16.2)\(Self.esc)\\\(Self.esc)[?62;4c", env).colorDepth, .ansi256)
    }

    func testPlainXtermStays256() {
        XCTAssertEqual(decide(DetectionTests.xtermVT340, ["TERM": "xterm"]).colorDepth, .ansi256)
    }
}
