import TerminalUI
import XCTest

/// A default colour (OSC 10 / 11) answered after the start-up budget is read as what it is,
/// however it is split and whichever terminator it has; dropped, it would leave the kitty
/// canvas in kitty's defaults (a loaded kitty answers after 150 ms).
final class LateDefaultColorDecodingTests: XCTestCase {
    static let background = "\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\"
    static let foreground = "\u{1B}]10;rgb:cd/d6/f4\u{07}"
    let bg = DefaultColorReply(slot: .background, color: RGB(0x1E, 0x1E, 0x2E))
    let fg = DefaultColorReply(slot: .foreground, color: RGB(0xCD, 0xD6, 0xF4))

    func testBothAnswersAreReadAndTheKeysAroundThemStayKeys() {
        let events = InputDecoder.decode(Array(("a" + Self.foreground + Self.background + "q").utf8))
        XCTAssertEqual(events, [.key(.char("a")), .defaultColorReply(fg), .defaultColorReply(bg), .key(.char("q"))])
    }

    func testAnAnswerSplitAnywhereIsStillRead() {
        let bytes = Array((Self.background + Self.foreground + "q").utf8)
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            var got = decoder.feed(bytes[..<cut])
            got += decoder.feed(bytes[cut...])
            XCTAssertEqual(got, [.defaultColorReply(bg), .defaultColorReply(fg), .key(.char("q"))], "cut at \(cut)")
            // Split by 300 ms (after its Esc too, which is then also the Esc key): still read.
            var slow = InputDecoder()
            var late = slow.feed(bytes[..<cut])
            while slow.timeoutMilliseconds.map({ $0 <= 300 }) ?? false { late += slow.flush() }
            late += slow.feed(bytes[cut...]) + slow.flush()
            XCTAssertTrue(late.contains(.defaultColorReply(bg)) && late.contains(.defaultColorReply(fg)), "cut at \(cut): \(late)")
            XCTAssertEqual(late.last, .key(.char("q")))
        }
    }

    /// Other strings and half answers are dropped as before: never typed, never a colour.
    func testOtherStringsAndGarbageAreDropped() {
        for reply in ["\u{1B}]52;c;aGVsbG8=\u{07}", "\u{1B}]11;rgb:12/34\u{1B}\\", "\u{1B}]11;rgb:zz/00/00\u{1B}\\",
                      "\u{1B}]11;rgb:12345/0/0\u{07}", "\u{1B}]12;rgb:00/00/00\u{07}", "\u{1B}]11;?\u{07}"] {
            XCTAssertEqual(InputDecoder.decode(Array((reply + "x").utf8)), [.key(.char("x"))], reply.debugDescription)
        }
    }

    func testAnAnswerSetsOneSlot() {
        let colors = TerminalColors.kittyDefaults.with(bg)
        XCTAssertEqual(colors, TerminalColors(background: RGB(0x1E, 0x1E, 0x2E), foreground: RGB(0xDD, 0xDD, 0xDD)))
        XCTAssertEqual(colors.with(fg), TerminalColors(background: RGB(0x1E, 0x1E, 0x2E), foreground: RGB(0xCD, 0xD6, 0xF4)))
    }
}
