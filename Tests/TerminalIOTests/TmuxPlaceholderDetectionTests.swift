import XCTest
@testable import TerminalIO
import PictureProtocols
import TerminalUI

/// Inside tmux: kitty Unicode placeholders only with passthrough on, the client in kitty and a
/// client with RGB (the image id travels as a 24-bit colour); half-blocks otherwise.
final class TmuxPlaceholderDetectionTests: XCTestCase {
    private let env = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0"]
    /// tmux answers DA1 itself (no sixel, no kitty graphics).
    private let tmuxReply = "\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c"

    private func decide(features: String, passthrough: String, termName: String, termType: String = "") -> Capabilities {
        Capabilities.decide(environment: env, isTTY: true, answers: TerminalAnswers.parse(Array(tmuxReply.utf8)),
                            tmux: TmuxInfo.parse(features: features, passthrough: passthrough, termName: termName, termType: termType))
    }

    /// kitty before 0.28 draws each placeholder as an empty box (seen: Debian's 0.26.5 in tmux
    /// 3.3a, every picture a hollow rectangle): tmux's `#{client_termtype}` names the version.
    func testAKittyOlderThanPlaceholdersGetsHalfBlocks() {
        let old = decide(features: "256,RGB,title", passthrough: "on", termName: "xterm-kitty", termType: "kitty(0.26.5)\n")
        XCTAssertEqual(old.graphics, .blocks, old.graphicsReason)
        XCTAssertTrue(old.graphicsReason.contains("kitty 0.26.5") && old.graphicsReason.contains("0.28"), old.graphicsReason)
        for newer in ["kitty(0.28.0)", "kitty(0.35.2)", "kitty(1.0)", "ghostty(1.1.3)", ""] {
            let caps = decide(features: "256,RGB,title", passthrough: "on", termName: "xterm-kitty", termType: newer)
            XCTAssertEqual(caps.graphics, .kitty, "\(newer): \(caps.graphicsReason)")
        }
        XCTAssertEqual(TmuxInfo.parse(features: "", passthrough: "on", termType: "kitty(0.27.1)").kittyTooOldForPlaceholders, "0.27.1")
    }

    func testKittyWithPassthroughAndRGBGetsPlaceholders() {
        let caps = decide(features: "256,RGB,title\n", passthrough: "on\n", termName: "xterm-kitty\n")
        XCTAssertEqual(caps.graphics, .kitty, caps.graphicsReason)
        XCTAssertTrue(caps.graphicsReason.contains("placeholders"))
        XCTAssertEqual(caps.graphicsMode, GraphicsMode(graphics: .kitty, tmuxPlaceholders: true, cellPixels: caps.cellPixels))
        XCTAssertEqual(ANSI.leaveSequence(graphics: caps.graphicsMode).prefix(9), Array("\u{1B}Ptmux;\u{1B}\u{1B}".utf8)[...],
                       "the delete on the way out goes through tmux too")
    }

    func testEverythingElseInTmuxIsHalfBlocks() {
        let off = decide(features: "256,RGB", passthrough: "off", termName: "xterm-kitty")
        XCTAssertEqual(off.graphics, .blocks)
        XCTAssertTrue(off.graphicsReason.contains(TmuxInfo.enablePassthroughCommand), off.graphicsReason)
        let noRGB = decide(features: "256,title", passthrough: "on", termName: "xterm-kitty")
        XCTAssertEqual(noRGB.graphics, .blocks)
        XCTAssertTrue(noRGB.graphicsReason.contains("RGB"), noRGB.graphicsReason)
        let xterm = decide(features: "256,RGB", passthrough: "on", termName: "xterm-256color")
        XCTAssertEqual(xterm.graphics, .blocks)
        XCTAssertFalse(xterm.graphicsMode.usesPixels)
        XCTAssertEqual(ANSI.leaveSequence(graphics: xterm.graphicsMode), ANSI.leaveSequence(), "no kitty delete")
    }
}
