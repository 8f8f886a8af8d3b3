import TerminalUI
import XCTest
@testable import TerminalIO

/// Which terminals get sixel/iTerm2 pictures carried by a scroll, and `doctor`'s words.
final class PictureScrollTests: XCTestCase {
    func answers(version: String?) -> TerminalAnswers {
        var a = TerminalAnswers()
        a.deviceAttributes = [63, 4]
        a.version = version
        return a
    }

    func testXtermAndMltermSeenHereMovePictures() {
        let xterm = PictureScroll.decide(profile: TerminalProfile(environment: ["TERM": "xterm"], answers: answers(version: "XTerm(379)")), graphics: .sixel)
        XCTAssertTrue(xterm.moves)
        XCTAssertTrue(xterm.reason.contains("xterm"), xterm.reason)
        XCTAssertTrue(PictureScroll.decide(profile: TerminalProfile(environment: ["XTERM_VERSION": "XTerm(379)"], answers: nil), graphics: .sixel).moves)
        XCTAssertTrue(PictureScroll.decide(profile: TerminalProfile(environment: ["MLTERM": "3.9.0"], answers: answers(version: nil)), graphics: .iterm2).moves)
        XCTAssertTrue(PictureScroll.decide(profile: TerminalProfile(environment: [:], answers: answers(version: "foot(1.13.1)")), graphics: .sixel).moves)
        XCTAssertTrue(PictureScroll.decide(profile: TerminalProfile(environment: ["TERM_PROGRAM": "iTerm.app"], answers: nil), graphics: .iterm2).moves)
    }

    func testUnknownTerminalsTmuxAndOtherProtocolsKeepTheRepaint() {
        let unknown = PictureScroll.decide(profile: TerminalProfile(environment: ["TERM": "xterm-256color"], answers: answers(version: "Konsole 23")), graphics: .sixel)
        XCTAssertFalse(unknown.moves)
        XCTAssertTrue(unknown.reason.hasPrefix("no"), unknown.reason)
        XCTAssertFalse(PictureScroll.decide(profile: TerminalProfile(environment: ["XTERM_VERSION": "XTerm(379)", "TMUX": "/tmp/tmux-0/default,1,0"], answers: nil), graphics: .sixel).moves)
        XCTAssertFalse(PictureScroll.decide(profile: TerminalProfile(environment: ["XTERM_VERSION": "XTerm(379)"], answers: nil), graphics: .kitty).moves)
        XCTAssertFalse(PictureScroll.decide(profile: TerminalProfile(environment: ["XTERM_VERSION": "XTerm(379)"], answers: nil), graphics: .blocks).moves)
    }

    func testTheDecisionReachesTheGraphicsMode() {
        var caps = Capabilities.decide(environment: ["TERM": "xterm"], isTTY: true, answers: answers(version: "XTerm(379)"))
        caps.picturesMoveWithScroll = true
        XCTAssertTrue(caps.graphicsMode.picturesMoveWithScroll)
    }
}
