import XCTest
@testable import TerminalIO

/// `doctor`'s clipboard line, per terminal from its documented replies and environment, and
/// inside tmux from `set-clipboard` (the program copies with `tmux set-buffer -w` there: tmux
/// 3.3a's default, external, refuses an application's OSC 52 but forwards its own buffer).
final class ClipboardReachTests: XCTestCase {
    private func reach(_ env: [String: String], _ replies: String? = nil, tmux: TmuxInfo? = nil) -> String {
        ClipboardReach.describe(profile: TerminalProfile(environment: env, answers: replies.map { TerminalAnswers.parse(Array($0.utf8)) }),
                                tmux: tmux, interactive: true)
    }

    func testPerTerminal() {
        XCTAssertTrue(reach(["TERM": "xterm-kitty"], DetectionTests.kitty).hasPrefix("yes (kitty"))
        XCTAssertTrue(reach(["TERM": "xterm-256color"], DetectionTests.wezterm).hasPrefix("yes (WezTerm"))
        XCTAssertTrue(reach(["TERM": "foot"]).hasPrefix("yes (foot"))
        XCTAssertTrue(reach(["TERM": "xterm-256color"], DetectionTests.iterm2).hasPrefix("yes if iTerm2 allows it"))
        XCTAssertTrue(reach(["TERM": "xterm-256color"], DetectionTests.xtermVT340).hasPrefix("only if xterm allows it"))
        XCTAssertTrue(reach(["TERM": "xterm", "MLTERM": "3.9.3"]).hasPrefix("only with allow_osc52"))
        XCTAssertTrue(reach(["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"]).hasPrefix("no (Konsole"))
        XCTAssertTrue(reach(["TERM": "linux"]).hasPrefix("no (the Linux console"))
        XCTAssertTrue(reach(["TERM": "vt100"]).hasPrefix("unknown"))
        XCTAssertTrue(ClipboardReach.describe(profile: TerminalProfile(environment: [:]), tmux: nil, interactive: false).hasPrefix("no"))
    }

    func testInsideTmuxOnlySetClipboardOnReaches() {
        let env = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
        let external = TmuxInfo.parse(features: "256,title", passthrough: "off")
        XCTAssertEqual(external.setClipboard, "external", "tmux 3.3a's default")
        XCTAssertEqual(reach(env, tmux: external), "yes, through tmux's paste buffer (set-buffer -w; set-clipboard external: "
                       + "tmux passes it on to a terminal with the clipboard feature)")
        var on = external
        on.setClipboard = "on"
        XCTAssertTrue(reach(env, tmux: on).hasPrefix("yes, through tmux's paste buffer"))
        var off = external
        off.setClipboard = "off"
        XCTAssertEqual(reach(env, tmux: off),
                       "tmux's paste buffer only (set-clipboard off; to reach the terminal's: tmux set -s set-clipboard on)")
        XCTAssertTrue(reach(env).hasPrefix("unknown"), "tmux did not answer")
    }
}
