import XCTest
@testable import TerminalUI

// File scope so both the test methods and the `table` initialiser below can use them.
private func key(_ c: KeyCode, _ m: Modifiers = []) -> InputEvent { .key(KeyEvent(c, m)) }
private func ch(_ c: Character, _ m: Modifiers = []) -> InputEvent { .key(KeyEvent(.char(c), m)) }
private let black = InputEvent.defaultColorReply(DefaultColorReply(slot: .background, color: RGB(0, 0, 0)))

final class InputDecoderTests: XCTestCase {
    private let table: [(String, [InputEvent])] = {
        return [
            ("a", [ch("a")]),
            ("Hé漢🦸", [ch("H"), ch("é"), ch("漢"), ch("🦸")]),
            ("\r", [key(.enter)]),
            ("\t", [key(.tab)]),
            ("\u{1B}[Z", [key(.tab, .shift)]),
            ("\u{7F}", [key(.backspace)]),
            ("\u{1B}", [key(.escape)]),
            ("\u{1B}x", [ch("x", .alt)]),
            ("\u{1B}\u{7F}", [key(.backspace, .alt)]),
            ("\u{3}", [ch("c", .ctrl)]),
            ("\u{1A}", [ch("z", .ctrl)]),
            ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [key(.up), key(.down), key(.right), key(.left)]),
            ("\u{1B}OA\u{1B}OH\u{1B}OF", [key(.up), key(.home), key(.end)]),
            ("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~", [key(.home), key(.end), key(.home), key(.end)]),
            ("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~", [key(.pageUp), key(.pageDown), key(.delete), key(.insert)]),
            ("\u{1B}[1;5A", [key(.up, .ctrl)]),
            ("\u{1B}[1;2C", [key(.right, .shift)]),
            ("\u{1B}[1;3D", [key(.left, .alt)]),
            ("\u{1B}[3;5~", [key(.delete, .ctrl)]),
            ("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS", [key(.function(1)), key(.function(2)), key(.function(3)), key(.function(4))]),
            ("\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~",
             (5...12).map { key(.function($0)) }),
            ("\u{1B}[1;2P", [key(.function(1), .shift)]),
            ("\u{1B}[200~hello\u{1B}[31m\nworld\u{1B}[201~", [.paste("hello\u{1B}[31m\nworld")]),
            ("\u{1B}[<0;10;5M", [.mouse(MouseEvent(kind: .press, button: .left, position: Point(x: 9, y: 4)))]),
            ("\u{1B}[<0;10;5m", [.mouse(MouseEvent(kind: .release, button: .left, position: Point(x: 9, y: 4)))]),
            ("\u{1B}[<64;1;1M", [.mouse(MouseEvent(kind: .wheel, button: .wheelUp, position: Point(x: 0, y: 0)))]),
            ("\u{1B}[<65;3;7M", [.mouse(MouseEvent(kind: .wheel, button: .wheelDown, position: Point(x: 2, y: 6)))]),
            ("\u{1B}[<18;2;2M", [.mouse(MouseEvent(kind: .press, button: .right, position: Point(x: 1, y: 1), modifiers: .ctrl))]),
            ("\u{1B}[?2026;2$y", []),                               // a mode report is not a key
            ("q\u{1B}[99~q", [ch("q"), ch("q")]),                     // unknown key dropped
            // Late terminal replies (after detection gave up) are not typing.
            ("q\u{1B}_Gi=31;OK\u{1B}\\q", [ch("q"), .graphicsReply(KittyGraphicsReply(id: 31, message: "OK")), ch("q")]),  // kitty graphics (APC): reported, not typed
            ("\u{1B}P1$r48:2:1:2:3m\u{1B}\\j", [ch("j")]),             // DECRQSS (DCS)
            ("\u{1B}P>|kitty(0.39.0)\u{1B}\\", []),                     // XTVERSION (DCS)
            ("\u{1B}]11;rgb:0000/0000/0000\u{7}k", [black, ch("k")]),  // OSC 11 ended by BEL: reported, not typed
            ("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\k", [black, ch("k")]), // OSC 11 ended by ST
            ("\u{1B}]52;c;aGk=\u{7}k", [ch("k")]),                     // any other OSC: dropped
            ("\u{1B}]52;c;aGk=\u{1B}\\k", [ch("k")]),
            ("\u{1B}_Gi=31;OK\u{1B}[A", [key(.up)]),                   // cut off by a new sequence
            ("\u{1B}_Gi=31;OK", []),                                   // cut off at the end
            ("\u{1B}P", [ch("P", .alt)]),                              // a lone introducer is Alt+key
            ("\u{1B}_", [ch("_", .alt)]),
        ]
    }()

    func testTable() {
        for (input, expected) in table {
            XCTAssertEqual(InputDecoder.decode(Array(input.utf8)), expected, "input: \(input.debugDescription)")
        }
    }

    /// Every split of every table entry into two reads decodes the same.
    func testSplitReadsDecodeTheSame() {
        for (input, expected) in table {
            let bytes = Array(input.utf8)
            for cut in 0...bytes.count {
                var d = InputDecoder()
                let events = d.feed(bytes[..<cut]) + d.feed(bytes[cut...]) + d.flush()
                XCTAssertEqual(events, expected, "input: \(input.debugDescription) cut at \(cut)")
            }
        }
        // And byte by byte.
        for (input, expected) in table {
            var d = InputDecoder()
            var events: [InputEvent] = []
            for b in input.utf8 { events += d.feed([b]) }
            XCTAssertEqual(events + d.flush(), expected, "byte by byte: \(input.debugDescription)")
        }
    }

    /// Esc alone waits for the 50 ms timeout (`flush`); Esc followed by more is not Escape.
    func testLoneEscapeOnlyAfterFlush() {
        var d = InputDecoder()
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertTrue(d.hasPending)
        XCTAssertEqual(d.feed(Array("[A".utf8)), [key(.up)])
        XCTAssertFalse(d.hasPending)
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertEqual(d.flush(), [key(.escape)])
        XCTAssertEqual(d.feed([0x1B, 0x1B]), [key(.escape)])
        XCTAssertEqual(d.flush(), [key(.escape)])
        // A paste split across reads stays one event.
        XCTAssertEqual(d.feed(Array("\u{1B}[200~ab".utf8)), [])
        XCTAssertEqual(d.feed(Array("c\u{1B}[201~".utf8)), [.paste("abc")])
        XCTAssertEqual(InputDecoder.escapeTimeoutMilliseconds, 50)
    }
}
