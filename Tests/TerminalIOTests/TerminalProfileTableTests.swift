import XCTest
@testable import TerminalIO

/// One table of terminal environments and answers, and what each reader of the terminal's
/// identity decides from it: colours, graphics, synchronized output (`Capabilities`), the
/// clipboard line (`ClipboardReach`), whether pictures ride a scroll (`PictureScroll`) and
/// whether the default colours are asked (`TerminalProbe`). The expected lines are in
/// `TerminalProfileTable+Expected.swift`; `RECORD_TERMINAL_PROFILE_TABLE=path` writes them there instead.
final class TerminalProfileTableTests: XCTestCase {
    static let esc = "\u{1B}"
    /// Replies as each terminal gives them (the parts that say who it is).
    static let replies: [(name: String, reply: String?)] = [
        ("none", nil),
        ("silent", ""),
        ("da1", "\(esc)[?62;22c"),
        ("kitty", "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|kitty(0.39.1)\(esc)\\\(esc)P1+r524742=382F382F38\(esc)\\\(esc)[?62;52c"),
        ("ghostty", "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|ghostty 1.1.0\(esc)\\\(esc)[?62;22;52c"),
        ("wezterm", "\(esc)P>|WezTerm 20240203-110809-5046fc22\(esc)\\\(esc)[?65;4;6;18;22c"),
        ("foot", "\(esc)P>|foot(1.16.2)\(esc)\\\(esc)[?62;4;22;28c"),
        ("xterm", "\(esc)P>|XTerm(390)\(esc)\\\(esc)[?63;1;2;4;6;9;15;16;22;28c"),
        ("xtermjs", "\(esc)P>|xterm.js(5.5.0)\(esc)\\\(esc)[?1;2c"),
        ("konsole", "\(esc)P>|Konsole 23.08.1\(esc)\\\(esc)[?62;22c"),
        ("mlterm", "\(esc)P>|mlterm(3.9.3)\(esc)\\\(esc)[?63;1;2;3;4;6;7;15;18;22;29c"),
        ("iterm2", "\(esc)P>|iTerm2 3.5.0\(esc)\\\(esc)[?62;4c"),
        ("tmux", "\(esc)P>|tmux 3.4\(esc)\\\(esc)[?1;2;4c"),
    ]

    static let tmuxSocket = "/tmp/tmux-0/default,1,0"
    static let environments: [[String: String]] = [
        [:],
        ["TERM": "xterm-256color"],
        ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
        ["TERM": "xterm-256color", "NO_COLOR": "1"],
        ["TERM": "xterm-kitty"],
        ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
        ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"],
        ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"],
        ["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"],
        ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"],
        ["TERM": "xterm-256color", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"],
        ["TERM": "wezterm"],
        ["TERM": "foot"],
        ["TERM": "foot-direct"],
        ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "LC_TERMINAL": "iTerm2"],
        ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"],
        ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"],
        ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"],
        ["TERM": "alacritty", "TERM_PROGRAM": "alacritty"],
        ["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"],
        ["TERM": "mlterm"],
        ["TERM": "xterm", "MLTERM": "3.9.3"],
        ["TERM": "xterm", "XTERM_VERSION": "XTerm(390)"],
        ["TERM": "xterm-direct"],
        ["TERM": "linux"],
        ["TERM": "linux-16color"],
        ["TERM": "vt100"],
        ["TERM": "dumb"],
        ["TERM": "screen-256color", "STY": "1234.pts-0.host"],
        ["TERM": "xterm-256color", "SSH_TTY": "/dev/pts/2", "SSH_CONNECTION": "10.0.0.1 22 10.0.0.2 22"],
        ["TERM": "tmux-256color", "TMUX": tmuxSocket, "TERM_PROGRAM": "tmux"],
        ["TERM": "tmux-256color", "TMUX": tmuxSocket, "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "1"],
        ["TERM": "screen-256color", "TMUX": tmuxSocket, "TERM_PROGRAM": "tmux", "WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"],
        ["TERM": "xterm-kitty", "TMUX": tmuxSocket],
        ["TERM": "tmux-256color"],
        ["TERM": "tmux-256color", "MLTERM": "3.9.3", "XTERM_VERSION": "XTerm(390)"],
    ]
    static let tmuxes: [(name: String, info: TmuxInfo?)] = [
        ("none", nil),
        ("plain", TmuxInfo.parse(features: "256,title", passthrough: "off")),
        ("kitty-rgb-passthrough", TmuxInfo(clientFeatures: ["256", "RGB"], passthrough: true, clientTermName: "xterm-kitty",
                                           setClipboard: "on", clientTermType: "kitty(0.39.1)")),
    ]

    /// Every decision that reads the terminal's identity, in one line.
    static func decisions(_ env: [String: String], answers: TerminalAnswers?, tmux: TmuxInfo?) -> String {
        let profile = TerminalProfile(environment: env, answers: answers)
        let caps = Capabilities.decide(profile: profile, isTTY: true, answers: answers, tmux: tmux)
        let scroll = PictureScroll.decide(profile: profile, graphics: .sixel)
        let clipboard = ClipboardReach.describe(profile: profile, tmux: tmux, interactive: caps.interactive)
        return [
            "colour=\(caps.colorDepth) (\(caps.colorReason))",
            "graphics=\(caps.graphics.rawValue) (\(caps.graphicsReason))",
            "placeholders=\(caps.tmuxPlaceholders) tmux=\(caps.inTmux) screen=\(caps.inScreen) ssh=\(caps.overSSH)",
            "interactive=\(caps.interactive) sync=\(caps.synchronizedOutput)",
            "scroll=\(scroll.moves) (\(scroll.reason))",
            "clipboard=\(clipboard)",
            "asksColors=\(TerminalProbe.asksColors(TerminalProfile(environment: env)))",
        ].joined(separator: " | ")
    }

    static func table() -> [String] {
        var lines: [String] = []
        for env in environments {
            let envText = env.keys.sorted().map { "\($0)=\(env[$0]!)" }.joined(separator: " ")
            let inTmux = env["TMUX"] != nil
            for (replyName, reply) in replies {
                for (tmuxName, tmux) in tmuxes where inTmux || tmux == nil {
                    let answers = reply.map { TerminalAnswers.parse(Array($0.utf8)) }
                    lines.append("[\(envText)] answers=\(replyName) tmux=\(tmuxName) => "
                                 + decisions(env, answers: answers, tmux: tmux))
                }
            }
        }
        return lines
    }

    func testEveryReaderDecidesAsTheTableSays() {
        let lines = Self.table()
        if let path = ProcessInfo.processInfo.environment["RECORD_TERMINAL_PROFILE_TABLE"] {
            try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = Self.expected.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        XCTAssertEqual(lines.count, expected.count, "cases in the table")
        for (got, want) in zip(lines, expected) where got != want {
            XCTFail("\n got: \(got)\nwant: \(want)")
        }
    }
}
