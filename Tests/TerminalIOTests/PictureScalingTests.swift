import TerminalUI
import XCTest
@testable import TerminalIO

/// Which terminals scale a picture smaller than its box well enough for `render` to send it at
/// its own size: iTerm2, and kitty from 0.32.2 (GL_LINEAR) by its XTVERSION.
final class PictureScalingTests: XCTestCase {
    func profile(_ env: [String: String], version: String?) -> TerminalProfile {
        var answers = TerminalAnswers()
        answers.deviceAttributes = [62, 4]
        answers.version = version
        return TerminalProfile(environment: env, answers: answers)
    }

    func testKittyScalesFromTheVersionThatUsesLinearTextures() {
        let kitty = ["TERM": "xterm-kitty"]
        let old = PictureScaling.decide(profile: profile(kitty, version: "kitty(0.26.5)"), graphics: .kitty)
        XCTAssertFalse(old.terminalScales)
        XCTAssertTrue(old.reason.contains("0.26.5") && old.reason.contains("GL_NEAREST"), old.reason)
        XCTAssertFalse(PictureScaling.decide(profile: profile(kitty, version: "kitty(0.32.1)"), graphics: .kitty).terminalScales)
        let first = PictureScaling.decide(profile: profile(kitty, version: "kitty(0.32.2)"), graphics: .kitty)
        XCTAssertTrue(first.terminalScales)
        XCTAssertTrue(first.reason.contains("GL_LINEAR"), first.reason)
        XCTAssertTrue(PictureScaling.decide(profile: profile(kitty, version: "kitty(0.39.1)"), graphics: .kitty).terminalScales)
        XCTAssertTrue(PictureScaling.decide(profile: profile(kitty, version: "kitty(1.0)"), graphics: .kitty).terminalScales)
    }

    func testKittyOfUnknownVersionIsTakenAsOld() {
        let unknown = PictureScaling.decide(profile: profile(["TERM": "xterm-kitty"], version: nil), graphics: .kitty)
        XCTAssertFalse(unknown.terminalScales)
        XCTAssertTrue(unknown.reason.contains("unknown version"), unknown.reason)
        XCTAssertFalse(PictureScaling.decide(profile: profile(["KITTY_WINDOW_ID": "1"], version: "kitty(x.y)"), graphics: .kitty).terminalScales)
    }

    func testITerm2ScalesItsOwnInlineImages() {
        let iterm = PictureScaling.decide(profile: profile(["TERM_PROGRAM": "iTerm.app"], version: "iTerm2 3.5.0"), graphics: .iterm2)
        XCTAssertTrue(iterm.terminalScales)
        XCTAssertTrue(iterm.reason.contains("iTerm2"), iterm.reason)
    }

    func testOtherTerminalsProtocolsAndTmuxKeepTheProgramsScaling() {
        // mlterm and WezTerm speak iTerm2's protocol; their scaling was not measured.
        XCTAssertFalse(PictureScaling.decide(profile: profile(["MLTERM": "3.9.0"], version: nil), graphics: .iterm2).terminalScales)
        XCTAssertFalse(PictureScaling.decide(profile: profile([:], version: "WezTerm 20240203"), graphics: .iterm2).terminalScales)
        // Sixel pictures are drawn 1:1, half-blocks are cells.
        XCTAssertFalse(PictureScaling.decide(profile: profile(["TERM": "xterm"], version: "XTerm(379)"), graphics: .sixel).terminalScales)
        XCTAssertFalse(PictureScaling.decide(profile: profile(["TERM": "xterm-kitty"], version: "kitty(0.39.1)"), graphics: .blocks).terminalScales)
        // A new kitty behind tmux: tmux answers for itself, the program scales.
        XCTAssertFalse(PictureScaling.decide(profile: profile(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"],
                                                              version: "kitty(0.39.1)"), graphics: .kitty).terminalScales)
    }
}
