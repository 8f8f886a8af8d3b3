import XCTest
@testable import TerminalUI

/// What the start-up questions read is handed to the key reader whole (`TypeAhead`): a
/// terminal's answers to every start-up question with keys typed before, among and after them.
/// Decoded in one piece or split at any byte, only the keys come out, in order.
final class TypeAheadDecodeTests: XCTestCase {
    /// kitty's and xterm's answers to `TerminalProbe.questions` (OSC 10/11, file probe, kitty
    /// query, XTVERSION, XTGETTCAP, DECRQSS, cell size, DA1) and to DECRQM 2026.
    static let answers = [
        "\u{1B}]10;rgb:dddd/dddd/dddd\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",
        "\u{1B}_Gi=32;OK\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}P>|kitty(0.26.5)\u{1B}\\",
        "\u{1B}P1+r524742=382F382F38\u{1B}\\", "\u{1B}P1$r0;48:2:1:2:3m\u{1B}\\", "\u{1B}[6;20;10t",
        "\u{1B}[?62;c", "\u{1B}[?2026;2$y", "\u{1B}[?64;4c",
    ]

    static var stream: (bytes: [UInt8], keys: [KeyEvent]) {
        let typed: [(String, KeyEvent)] = [("/", .char("/")), ("s", .char("s")), ("p", .char("p")), ("\u{1B}[B", .down),
                                           ("i", .char("i")), ("\r", .enter), ("j", .char("j")), ("é", .char("é"))]
        var bytes = Array(typed[0].0.utf8)
        var keys = [typed[0].1]
        for (n, answer) in answers.enumerated() {
            bytes += Array(answer.utf8)
            let key = typed[(n + 1) % typed.count]
            bytes += Array(key.0.utf8)
            keys.append(key.1)
        }
        return (bytes, keys)
    }

    private func keys(_ events: [InputEvent]) -> [KeyEvent] {
        events.compactMap { if case .key(let k) = $0 { k } else { nil } }
    }

    func testOnlyTheKeysComeOutInOrder() {
        let (bytes, expected) = Self.stream
        XCTAssertEqual(keys(InputDecoder.decode(bytes)), expected)
    }

    /// Split at every byte (the questions' reads end anywhere, the reader reads on).
    func testSplitAnywhereOnlyTheKeysComeOut() {
        let (bytes, expected) = Self.stream
        for cut in 1..<bytes.count {
            var d = InputDecoder()
            let events = d.feed(bytes[..<cut]) + d.feed(bytes[cut...]) + d.flush()
            XCTAssertEqual(keys(events), expected, "cut at \(cut)")
        }
    }
}
