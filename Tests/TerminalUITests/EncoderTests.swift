import XCTest
@testable import TerminalUI
import TestSupport

final class EncoderTests: XCTestCase {
    private func s(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testGoldenEnterAndLeaveSequences() {
        XCTAssertEqual(s(ANSI.enterSequence()),
                       "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h\u{1B}[0m\u{1B}[2J\u{1B}[H")
        XCTAssertEqual(s(ANSI.leaveSequence()),
                       "\u{1B}[0m\u{1B}[r\u{1B}[H\u{1B}[J\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l")
    }

    func testCursorMovesOnlyAtGapsAndSGROnlyOnChange() {
        let size = Size(width: 20, height: 2)
        let front = Buffer(size: size)
        var back = front
        let red = Style(foreground: .red)
        back.put("ab", at: Point(x: 2, y: 0), style: red)
        back.put("cd", at: Point(x: 6, y: 0), style: red)
        back.put("e", at: Point(x: 0, y: 1), style: red.bold)
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        let out = s(enc.encode(BufferDiff(from: front, to: back)))
        XCTAssertEqual(out, "\u{1B}[1;3H\u{1B}[0;31mab\u{1B}[2Ccd\u{1B}[2H\u{1B}[1me")
        // Same frame again: nothing at all.
        XCTAssertEqual(enc.encode(BufferDiff(from: back, to: back)), [])
    }

    /// Issue 35: a resize invalidates the encoder; the next frame without a cursor (the "terminal
    /// too small" screen after the search field's) hides the cursor the terminal still shows.
    func testAFrameWithoutACursorHidesItAfterAnInvalidate() {
        let size = Size(width: 20, height: 2)
        var withCursor = Buffer(size: size)
        withCursor.put("Search › s", at: Point(x: 0, y: 0))
        withCursor.cursor = Point(x: 10, y: 0)
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        XCTAssertTrue(s(enc.encode(BufferDiff.fullRepaint(withCursor))).hasSuffix("\u{1B}[?25h"))
        enc.invalidate()
        var small = Buffer(size: Size(width: 10, height: 2))
        small.put("too small", at: Point(x: 0, y: 0))
        XCTAssertTrue(s(enc.encode(BufferDiff.fullRepaint(small))).contains("\u{1B}[?25l"))
    }

    /// Issue 35: a frame's title goes out once, cleaned (a name's escape never reaches the
    /// title), only where the backend allows it; enter and leave push and pop the terminal's own.
    func testTheWindowTitleIsCleanedAndSentOnce() {
        var frame = Buffer(size: Size(width: 10, height: 1))
        frame.title = "marvel-gallery: Evil\u{1B}]2;pwned\u{07}\u{9B}31m\u{202E}Man"
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        XCTAssertFalse(s(enc.encode(BufferDiff.fullRepaint(frame))).contains("\u{1B}]2;"), "not asked for: no title")
        enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        enc.setsTitle = true
        let out = s(enc.encode(BufferDiff.fullRepaint(frame)))
        XCTAssertTrue(out.hasPrefix("\u{1B}]2;marvel-gallery: EvilMan\u{07}"), out.debugDescription)
        XCTAssertEqual(out.components(separatedBy: "\u{1B}").count, out.components(separatedBy: "\u{1B}[").count + 1,
                       "one ESC outside CSIs: the title's own")
        XCTAssertFalse(s(enc.encode(BufferDiff(from: frame, to: frame))).contains("]2;"), "sent once")
        XCTAssertTrue(s(ANSI.enterSequence(titles: true)).hasPrefix("\u{1B}[22;0t"))
        XCTAssertTrue(s(ANSI.leaveSequence(titles: true)).hasSuffix("\u{1B}[23;0t"))
    }

    func testColourDepthDowngrade() {
        var back = Buffer(size: Size(width: 3, height: 1))
        back.put("x", at: .zero, style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0)))
        var e24 = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        var e8 = ANSIEncoder(depth: .ansi256, synchronizedOutput: false)
        var e0 = ANSIEncoder(depth: .none, synchronizedOutput: false)
        let d = BufferDiff(from: Buffer(size: back.size), to: back)
        // Eleven parameters are split in two (mlterm drops longer SGRs: `testNoSGROverTenParameters`).
        XCTAssertEqual(s(e24.encode(d)), "\u{1B}[H\u{1B}[0;38;2;255;0;0m\u{1B}[48;2;0;0;0mx")
        XCTAssertEqual(s(e8.encode(d)), "\u{1B}[H\u{1B}[0;38;5;196;48;5;16mx")
        XCTAssertEqual(s(e0.encode(d)), "\u{1B}[H\u{1B}[0mx")
        XCTAssertEqual(Color.nearest256(128, 128, 128), 244)
    }

    /// mlterm 3.9 drops an SGR with more than 10 parameters (the bold white-on-red MARVEL badge,
    /// `1;38;2;255;255;255;48;2;226;54;54`, vanished there): such changes go in two sequences,
    /// while a half-block cell's fg+bg change (10 parameters) stays one.
    func testNoSGROverTenParameters() {
        var back = Buffer(size: Size(width: 4, height: 1))
        back.put("M", at: .zero, style: Style(foreground: .rgb(255, 255, 255), background: .rgb(226, 54, 54), attributes: .bold))
        back.put("▀", at: Point(x: 1, y: 0), style: Style(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6), attributes: .bold))
        back.put("x", at: Point(x: 2, y: 0), style: Style(foreground: .rgb(7, 8, 9), background: .rgb(10, 11, 12),
                                                         attributes: [.bold, .dim, .italic, .underline, .reverse]))
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false)
        let out = s(enc.encode(BufferDiff(from: Buffer(size: back.size), to: back)))
        XCTAssertEqual(out, "\u{1B}[H\u{1B}[0;1;38;2;255;255;255m\u{1B}[48;2;226;54;54mM"
                       + "\u{1B}[38;2;1;2;3;48;2;4;5;6m▀"
                       + "\u{1B}[2;3;4;7;38;2;7;8;9m\u{1B}[48;2;10;11;12mx")
        // Every SGR in the output has at most 10 parameters and none is an empty reset.
        for sgr in out.split(separator: "\u{1B}").filter({ $0.hasPrefix("[") && $0.contains("m") }) {
            let body = sgr.dropFirst().prefix { $0 != "m" }
            XCTAssertLessThanOrEqual(body.split(separator: ";", omittingEmptySubsequences: false).count, 10, String(sgr))
            XCTAssertFalse(body.isEmpty, String(sgr))
        }
    }

    func testSynchronizedOutputWrapsLargeFrames() {
        var back = Buffer(size: Size(width: 80, height: 24))
        for y in 0..<24 { back.put(String(repeating: "#", count: 80), at: Point(x: 0, y: y)) }
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        let out = s(enc.encode(BufferDiff.fullRepaint(back)))
        XCTAssertTrue(out.hasPrefix("\u{1B}[?2026h"))
        XCTAssertTrue(out.hasSuffix("\u{1B}[?2026l"))
    }

    /// Random frames in sequence: the emulator must show exactly each frame, with no SGR that
    /// changed nothing and no sequence the emulator does not know.
    func testRandomFramesRoundTripWithoutRedundantSGR() {
        var rng = SplitMix(seed: 42)
        let size = Size(width: 30, height: 10)
        let palette: [Style] = [.plain, Style(foreground: .red), Style(foreground: .rgb(1, 2, 3), background: .indexed(200)),
                                Style().bold, Style().reverse.underline, Style(background: .blue).italic,
                                Style(foreground: .green).link("https://example.com/x")]
        let glyphs = ["a", "b", "漢", "é", " ", "▀", "🦸"]
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: true)
        var term = VirtualTerminal(size: size)
        var front = Buffer(size: size)
        for frame in 0..<200 {
            var back = front
            for _ in 0..<(rng.next() % 40) {
                let p = Point(x: Int(rng.next() % 30), y: Int(rng.next() % 10))
                back.set(Cell(glyphs[Int(rng.next() % 7)], style: palette[Int(rng.next() % 7)]), at: p)
            }
            if frame % 17 == 0 {  // a scroll
                back = BufferDiff.applying(BufferDiff.Scroll(top: 1, bottom: 8, amount: 1), to: back)
            }
            term.feed(enc.encode(frame == 0 ? BufferDiff.fullRepaint(back) : BufferDiff(from: front, to: back)))
            XCTAssertEqual(term.screen.text, back.text, "frame \(frame)")
            XCTAssertEqual(term.screen.cells.map(\.style), back.cells.map(\.style), "frame \(frame)")
            front = back
        }
        XCTAssertEqual(term.redundantSGRs, 0)
        XCTAssertEqual(term.unknownSequences, [])
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
