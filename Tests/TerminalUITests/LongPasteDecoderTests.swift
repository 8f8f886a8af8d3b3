import XCTest
@testable import TerminalUI

/// A 1 MB bracketed paste read 4 KB at a time (issue 36): one event, its end searched for in
/// each read's new bytes only, and no 50 ms Esc timeout cutting it while it arrives.
final class LongPasteDecoderTests: XCTestCase {
    func testAMegabytePasteInSmallReadsIsOneEventWithTheKeysAfterIt() {
        var d = InputDecoder()
        let text = Array(repeating: UInt8(ascii: "x"), count: 1_000_000)
        let bytes = InputDecoder.pasteStart + text + InputDecoder.pasteEnd + Array("q".utf8)
        var events: [InputEvent] = []
        var chunks = 0
        // 4093-byte reads: the end marker is split across two of them.
        for start in stride(from: 0, to: bytes.count, by: 4093) {
            events += d.feed(bytes[start..<min(bytes.count, start + 4093)])
            chunks += 1
            if events.isEmpty {
                XCTAssertNotNil(d.paste, "an open paste keeps its bytes as a paste, not as pending keys")
                XCTAssertEqual(d.timeoutMilliseconds, InputDecoder.stringTimeoutMilliseconds,
                               "a paste arriving slowly is not cut by the 50 ms Esc timeout")
            }
        }
        XCTAssertGreaterThan(chunks, 200)
        XCTAssertEqual(events, [.paste(String(repeating: "x", count: 1_000_000)), .key(KeyEvent(.char("q")))])
        XCTAssertFalse(d.hasPending)
    }

    func testAnEndMarkerSplitAtEveryPointIsFound() {
        let bytes = InputDecoder.pasteStart + Array("hello".utf8) + InputDecoder.pasteEnd
        for cut in 1..<bytes.count {
            var d = InputDecoder()
            let events = d.feed(bytes[..<cut]) + d.feed(bytes[cut...])
            XCTAssertEqual(events, [.paste("hello")], "cut at \(cut)")
        }
    }

    func testAPasteWhoseEndNeverComesIsDeliveredOnFlush() {
        var d = InputDecoder()
        XCTAssertEqual(d.feed(InputDecoder.pasteStart + Array("abc".utf8)), [])
        XCTAssertEqual(d.flush(), [.paste("abc")])
        XCTAssertFalse(d.hasPending)
    }
}
