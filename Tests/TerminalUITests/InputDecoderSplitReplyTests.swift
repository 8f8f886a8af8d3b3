import XCTest
@testable import TerminalUI

private func ch(_ c: Character, _ m: Modifiers = []) -> InputEvent { .key(KeyEvent(.char(c), m)) }
private let escape = InputEvent.key(KeyEvent(.escape))

/// Issue 27: terminal replies split over time are reassembled, and nothing inside one is
/// typed, whatever its length. The reader flushes the decoder after `timeoutMilliseconds` of
/// quiet; `Reader` plays that with a virtual clock, so a 300 ms gap is exactly 300 ms.
final class InputDecoderSplitReplyTests: XCTestCase {
    /// Feeds `parts` with `gap` ms of quiet between them (and forever after the last), flushing
    /// whenever the decoder's timeout runs out within a gap, as InputReader's poll does.
    static func events(_ parts: [[UInt8]], gap: Int, loneEscape: Int = InputDecoder.escapeTimeoutMilliseconds) -> [InputEvent] {
        var d = InputDecoder()
        d.loneEscapeMilliseconds = loneEscape
        var events: [InputEvent] = []
        for (index, part) in parts.enumerated() {
            events += d.feed(part)
            var quiet = index == parts.count - 1 ? Int.max : gap
            while let timeout = d.timeoutMilliseconds, timeout <= quiet {
                events += d.flush()
                quiet -= timeout
            }
        }
        // kitty graphics replies and default colours are reported (`KittyFileTransferTests`,
        // `LateDefaultColorDecodingTests`), never typed: here only typing counts.
        return events.filter {
            switch $0 {
            case .graphicsReply, .defaultColorReply: return false
            default: return true
            }
        }
    }

    static let apc = "\u{1B}_Gi=31;ENOENT:jjjG\u{1B}\\"
    static let replies: [String] = [
        apc,                                                     // kitty graphics (the issue's example)
        "\u{1B}_Gi=31;OK\u{1B}\\",
        "\u{1B}]11;rgb:0000/0000/0000\u{7}",                   // OSC 11 ended by BEL (opened search when split)
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\",                // OSC 11 ended by ST
        "\u{1B}P>|kitty(0.26.5)\u{1B}\\",                       // XTVERSION (DCS)
        "\u{1B}P1$r48:2:1:2:3m\u{1B}\\",                        // DECRQSS (DCS)
        "\u{1B}^private message\u{1B}\\",                       // PM
        "\u{1B}Xstart of string\u{1B}\\",                       // SOS
    ]

    /// Every reply, between two typed keys, split at every point by a 300 ms gap: only the keys.
    /// The one exception is the split right after the reply's own Esc, which for 50 ms is the
    /// Esc key and is delivered as Escape (the documented rule); the rest is still not typed.
    func testRepliesSplitAnywhereBy300msAreNeverTyped() {
        for reply in Self.replies {
            let bytes = Array("q\(reply)j".utf8)
            for cut in 1..<bytes.count {
                let got = Self.events([Array(bytes[..<cut]), Array(bytes[cut...])], gap: 300)
                let expected = cut == 2 ? [ch("q"), escape, ch("j")] : [ch("q"), ch("j")]
                XCTAssertEqual(got, expected, "\(reply.debugDescription) cut at \(cut)")
            }
        }
    }

    /// While late replies may come (the start-up probe went unanswered), the reader makes a lone
    /// Esc wait 400 ms: then even the split right after the reply's Esc types nothing, and the
    /// Esc key still works (400 ms later).
    func testWhileRepliesMayBeLateNoSplitIsTypedAtAll() {
        for reply in Self.replies {
            let bytes = Array("q\(reply)j".utf8)
            for cut in 1..<bytes.count {
                let got = Self.events([Array(bytes[..<cut]), Array(bytes[cut...])], gap: 300,
                                      loneEscape: InputDecoder.patientEscapeMilliseconds)
                XCTAssertEqual(got, [ch("q"), ch("j")], "\(reply.debugDescription) cut at \(cut)")
            }
        }
        XCTAssertEqual(Self.events([[0x1B], Array("j".utf8)], gap: 500, loneEscape: InputDecoder.patientEscapeMilliseconds),
                       [escape, ch("j")])
    }

    /// Split in three by two 300 ms gaps, anywhere: still only the keys.
    func testRepliesSplitTwiceAreNeverTyped() {
        for reply in Self.replies {
            let bytes = Array("q\(reply)j".utf8)
            for a in 3..<bytes.count - 1 {
                for b in (a + 1)..<bytes.count {
                    let got = Self.events([Array(bytes[..<a]), Array(bytes[a..<b]), Array(bytes[b...])], gap: 300)
                    XCTAssertEqual(got, [ch("q"), ch("j")], "\(reply.debugDescription) cut at \(a) and \(b)")
                }
            }
        }
    }

    /// Strings of 4 KB and more (a 4,096-byte limit would leak the rest as keys), whole, split
    /// (every 61st point and both ends), and in 1 KB reads with 300 ms between them.
    func testLongRepliesAreNeverTyped() {
        for length in [4_095, 4_097, 10_000, 300_000] {
            for (open, close) in [("\u{1B}_G", "\u{1B}\\"), ("\u{1B}P", "\u{1B}\\"), ("\u{1B}]", "\u{7}")] {
                let bytes = Array("q\(open)\(String(repeating: "x", count: length))\(close)j".utf8)
                XCTAssertEqual(InputDecoder.decode(bytes), [ch("q"), ch("j")], "\(length) whole")
                let cuts = length > 20_000 ? [3, 4, bytes.count - 3, bytes.count - 2]
                    : Array(stride(from: 3, to: bytes.count, by: 61)) + [bytes.count - 3, bytes.count - 2]
                for cut in cuts {
                    let got = Self.events([Array(bytes[..<cut]), Array(bytes[cut...])], gap: 300)
                    XCTAssertEqual(got, [ch("q"), ch("j")], "\(open.debugDescription) \(length) cut at \(cut)")
                }
                let reads = stride(from: 0, to: bytes.count, by: 1024).map { Array(bytes[$0..<min($0 + 1024, bytes.count)]) }
                XCTAssertEqual(Self.events(reads, gap: 300), [ch("q"), ch("j")], "\(length) in 1 KB reads")
            }
        }
    }

    /// The Esc key keeps working: alone it is Escape after 50 ms; Esc + an introducer alone is
    /// Alt+that key after the longer string timeout; a string that never ends is given up.
    func testTheEscKeyStillWorks() {
        var d = InputDecoder()
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertEqual(d.timeoutMilliseconds, InputDecoder.escapeTimeoutMilliseconds)
        XCTAssertEqual(d.flush(), [escape])
        XCTAssertEqual(Self.events([[0x1B]], gap: 0), [escape])
        XCTAssertEqual(Self.events([Array("\u{1B}_".utf8)], gap: 0), [ch("_", .alt)])
        var e = InputDecoder()
        _ = e.feed(Array("\u{1B}]".utf8))
        XCTAssertEqual(e.timeoutMilliseconds, InputDecoder.stringTimeoutMilliseconds)
        XCTAssertGreaterThan(InputDecoder.stringTimeoutMilliseconds, 300)
        // Esc, then (after it was delivered) keys that start like a reply but never end: given back.
        XCTAssertEqual(Self.events([[0x1B], Array("]ab".utf8)], gap: 300), [escape, ch("]"), ch("a"), ch("b")])
        XCTAssertEqual(Self.events([[0x1B], Array("Pq".utf8), [0x1B]], gap: 300), [escape, ch("P"), ch("q"), escape])
        // Esc Esc is still two Escapes, and Esc then a key is Escape then the key.
        XCTAssertEqual(Self.events([[0x1B], [0x1B], Array("j".utf8)], gap: 300), [escape, escape, ch("j")])
        XCTAssertEqual(Self.events([[0x1B], Array("j".utf8)], gap: 300), [escape, ch("j")])
        // A reply that never ends swallows nothing after the string timeout.
        XCTAssertEqual(Self.events([Array("\u{1B}_Gi=1;OK".utf8), Array("j".utf8)], gap: 1_500), [ch("j")])
    }
}
