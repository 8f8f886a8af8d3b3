import XCTest
@testable import TerminalIO
import TerminalUI

/// Detection table-tested on recorded replies to `TerminalProbe.questions` (byte for byte what
/// each terminal answers, DA1 last), and the settings layered on top.
final class DetectionTests: XCTestCase {
    static let esc = "\u{1B}"
    /// kitty 0.39: graphics OK, XTVERSION, RGB via XTGETTCAP, DECRQSS with colons, 9x18 cells.
    static let kitty = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|kitty(0.39.1)\(esc)\\\(esc)P1+r524742=382F382F38\(esc)\\"
        + "\(esc)P1$r0;48:2:1:2:3m\(esc)\\\(esc)[6;18;9t\(esc)[?62;c"
    /// WezTerm: graphics OK, sixel in DA1, no XTGETTCAP answer, DECRQSS with semicolons.
    static let wezterm = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|WezTerm 20240203\(esc)\\\(esc)P1$r0;48;2;1;2;3m\(esc)\\"
        + "\(esc)[6;16;8t\(esc)[?65;4;6;18;22c"
    /// iTerm2: no kitty graphics, XTVERSION, DECRQSS echoed.
    static let iterm2 = "\(esc)P>|iTerm2 3.5.0\(esc)\\\(esc)P1$r48:2:1:2:3m\(esc)\\\(esc)[?62;4c"
    /// xterm -ti vt340: sixel (4), XTVERSION, no RGB (XTGETTCAP answers 0 for unknown names).
    static let xtermVT340 = "\(esc)P>|XTerm(390)\(esc)\\\(esc)P0+r524742\(esc)\\\(esc)P1$r0m\(esc)\\"
        + "\(esc)[6;17;9t\(esc)[?63;1;2;4;6;9;15;16;22;28;29c"
    /// tmux 3.4 (the inner terminal): it answers DA1 itself and nothing about pixels.
    static let tmux = "\(esc)P>|tmux 3.4\(esc)\\\(esc)[?1;2;4c"

    func testInsideTmuxTheKittyQueryGoesThroughPassthroughOrNotAtAll() {
        // tmux takes a bare APC string as the pane's title (issue 22).
        let off = TerminalProbe.questions(inTmux: true, passthrough: false)
        XCTAssertFalse(off.contains("\u{1B}_"), "no APC at all with passthrough off")
        XCTAssertTrue(off.contains("\u{1B}[>0q"), "the other questions stay")
        let on = TerminalProbe.questions(inTmux: true, passthrough: true)
        XCTAssertTrue(on.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,"), on.debugDescription)
        XCTAssertFalse(on.replacingOccurrences(of: "\u{1B}\u{1B}_", with: "").contains("\u{1B}_"), "no bare APC")
        XCTAssertEqual(TerminalProbe.questions(inTmux: false, passthrough: false), TerminalProbe.questions)
        XCTAssertTrue(TerminalProbe.questions.hasPrefix("\u{1B}_Gi=31,"))
        // The outer terminal's DA1 after its questions, and the wait ends on both DA1 replies
        // (tmux answers its own first: the outer one's answers came after the wait, into the shell).
        XCTAssertTrue(on.contains("\u{1B}\u{1B}[c\u{1B}\\"), "DA1 through passthrough: \(on.debugDescription)")
        XCTAssertEqual(TerminalProbe.replies(inTmux: true, passthrough: true), 2)
        XCTAssertEqual(TerminalProbe.replies(inTmux: true, passthrough: false), 1)
        XCTAssertEqual(TerminalProbe.replies(inTmux: false, passthrough: false), 1)
        let seen = Array("\u{1B}[?1;2c\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8)  // kitty 0.26.5 in tmux 3.3a
        XCTAssertEqual(TerminalQuery.da1ReplyCount(Array(seen.prefix(7))), 1)
        XCTAssertEqual(TerminalQuery.da1ReplyCount(seen), 2)
        XCTAssertTrue(TerminalAnswers.parse(seen).kittyGraphics, "the outer kitty's answer is read")
    }

    func testRecordedReplies() {
        let k = TerminalAnswers.parse(Array(Self.kitty.utf8))
        XCTAssertTrue(k.kittyGraphics)
        XCTAssertTrue(k.rgbCapability)
        XCTAssertTrue(k.directColorRoundTrip)
        XCTAssertEqual(k.version, "kitty(0.39.1)")
        XCTAssertEqual(k.cellPixels, Size(width: 9, height: 18))
        XCTAssertFalse(k.sixel)

        let w = TerminalAnswers.parse(Array(Self.wezterm.utf8))
        XCTAssertTrue(w.kittyGraphics)
        XCTAssertTrue(w.sixel)
        XCTAssertTrue(w.directColorRoundTrip)
        XCTAssertFalse(w.rgbCapability)

        let i = TerminalAnswers.parse(Array(Self.iterm2.utf8))
        XCTAssertFalse(i.kittyGraphics)
        XCTAssertTrue(i.directColorRoundTrip)

        let x = TerminalAnswers.parse(Array(Self.xtermVT340.utf8))
        XCTAssertTrue(x.sixel)
        XCTAssertFalse(x.rgbCapability, "P0+r is 'not present'")
        XCTAssertFalse(x.directColorRoundTrip)
        XCTAssertEqual(x.version, "XTerm(390)")
        XCTAssertEqual(x.cellPixels, Size(width: 9, height: 17))
    }

    func testSilentGarbageAndHalfAnswersGiveHalfBlocks() {
        for bytes in ["", "garbage\u{7}\u{1B}]x", "\(Self.esc)_Gi=31;O", "\(Self.esc)[?6", "\(Self.esc)P>|kitty"] {
            let a = TerminalAnswers.parse(Array(bytes.utf8))
            XCTAssertFalse(a.kittyGraphics, bytes.debugDescription)
            XCTAssertNil(a.deviceAttributes, bytes.debugDescription)
            let caps = Capabilities.decide(environment: ["TERM": "xterm-256color"], isTTY: true, answers: a)
            XCTAssertEqual(caps.graphics, .blocks, bytes.debugDescription)
            XCTAssertEqual(caps.colorDepth, .ansi256, bytes.debugDescription)
        }
    }

    func testDecisionsPerTerminal() {
        func decide(_ reply: String, _ env: [String: String], tmux: TmuxInfo? = nil) -> Capabilities {
            Capabilities.decide(environment: env, isTTY: true, answers: TerminalAnswers.parse(Array(reply.utf8)), tmux: tmux)
        }
        let kitty = decide(Self.kitty, ["TERM": "xterm-kitty"])
        XCTAssertEqual(kitty.graphics, .kitty)
        XCTAssertEqual(kitty.colorDepth, .truecolor)
        XCTAssertEqual(kitty.cellPixels, Size(width: 9, height: 18))
        XCTAssertEqual(decide(Self.wezterm, ["TERM": "xterm-256color"]).graphics, .kitty)
        XCTAssertEqual(decide(Self.wezterm, ["TERM": "xterm-256color"]).colorDepth, .truecolor)
        let iterm = decide(Self.iterm2, ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"])
        XCTAssertEqual(iterm.graphics, .iterm2)
        XCTAssertEqual(iterm.colorDepth, .truecolor)
        let xterm = decide(Self.xtermVT340, ["TERM": "xterm"])
        XCTAssertEqual(xterm.graphics, .sixel)
        XCTAssertEqual(xterm.colorDepth, .ansi256, xterm.colorReason)

        let tmuxEnv = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0"]
        let noPassthrough = decide(Self.tmux, tmuxEnv, tmux: TmuxInfo.parse(features: "256,title,RGB\n", passthrough: "off\n"))
        XCTAssertEqual(noPassthrough.graphics, .blocks)
        XCTAssertTrue(noPassthrough.graphicsReason.contains("tmux set -g allow-passthrough on"), noPassthrough.graphicsReason)
        XCTAssertEqual(noPassthrough.colorDepth, .truecolor, "tmux client with RGB")
        let passthrough = decide(Self.tmux, tmuxEnv, tmux: TmuxInfo.parse(features: "256,title", passthrough: "on"))
        XCTAssertEqual(passthrough.graphics, .blocks, "half-blocks stay the tmux default")
        XCTAssertEqual(passthrough.colorDepth, .ansi256, "no RGB feature, no COLORTERM")
        XCTAssertTrue(TmuxInfo.parse(features: "", passthrough: "all").passthrough)
    }

    func testSettingsOrderFlagEnvironmentConfigNoColorDetection() throws {
        let detected: (depth: ColorDepth, reason: String) = (.truecolor, "COLORTERM=truecolor")
        func colors(_ flag: String?, _ env: [String: String], _ config: String?) throws -> ColorDepth {
            try DisplaySettings.colors(flag: flag, environment: env, configValue: config, detected: detected).depth
        }
        XCTAssertEqual(try colors(nil, [:], nil), .truecolor)
        XCTAssertEqual(try colors("256", ["MARVEL_GALLERY_COLORS": "16"], "none"), .ansi256)
        XCTAssertEqual(try colors(nil, ["MARVEL_GALLERY_COLORS": "16"], "none"), .ansi16)
        XCTAssertEqual(try colors(nil, [:], "none"), ColorDepth.none)
        XCTAssertEqual(try colors(nil, ["NO_COLOR": "1"], nil), ColorDepth.none)
        XCTAssertEqual(try colors("truecolor", ["NO_COLOR": "1"], nil), .truecolor, "an explicit flag wins")
        XCTAssertEqual(try colors("auto", ["MARVEL_GALLERY_COLORS": "16"], nil), .truecolor, "auto: detection decides")
        XCTAssertThrowsError(try colors(nil, ["MARVEL_GALLERY_COLORS": "lots"], nil)) { error in
            XCTAssertTrue("\(error)".contains("MARVEL_GALLERY_COLORS must be one of auto|truecolor|256|16|none"), "\(error)")
        }
        XCTAssertEqual(try DisplaySettings.graphics(flag: nil, environment: ["MARVEL_GALLERY_GRAPHICS": "sixel"],
                                                    configValue: "kitty").setting, .sixel)
        XCTAssertEqual(try DisplaySettings.graphics(flag: nil, environment: [:], configValue: "kitty").setting, .kitty)
        XCTAssertThrowsError(try DisplaySettings.graphics(flag: "png", environment: [:], configValue: nil))
        // --dither: flag > MARVEL_GALLERY_DITHER > config file > diffusion.
        XCTAssertEqual(try DisplaySettings.dither(flag: nil, environment: [:], configValue: nil).method, .diffusion)
        XCTAssertEqual(try DisplaySettings.dither(flag: nil, environment: ["MARVEL_GALLERY_DITHER": "none"],
                                                  configValue: "ordered").method, Dither.none)
        XCTAssertEqual(try DisplaySettings.dither(flag: "Ordered", environment: ["MARVEL_GALLERY_DITHER": "none"],
                                                  configValue: nil).method, .ordered)
        XCTAssertThrowsError(try DisplaySettings.dither(flag: nil, environment: [:], configValue: "blue")) { error in
            XCTAssertTrue("\(error)".contains("config file dither must be one of none|ordered|diffusion"), "\(error)")
        }

        var caps = Capabilities.decide(environment: ["TERM": "xterm-256color"], isTTY: true,
                                       answers: TerminalAnswers.parse(Array(Self.kitty.utf8)))
        try CapabilityDetection.apply(DisplayRequest(colorsFlag: "16", graphicsFlag: "blocks"),
                                      environment: [:], to: &caps)
        XCTAssertEqual(caps.colorDepth, .ansi16)
        XCTAssertEqual(caps.graphics, .blocks)
    }
}
