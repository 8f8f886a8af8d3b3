import XCTest
@testable import PictureProtocols
@testable import TerminalUI
import TestSupport

/// Streamed kitty pictures sent ahead go after the frame, a chunk at a time (`SentAhead`): a
/// frame written between two chunks holds nothing kitty would take into the picture being
/// loaded, and a frame that needs more gets the rest of that picture first. Checked on the
/// virtual terminal, which flags any command inside a load as kitty 0.26.5 would misread it.
final class SentAheadTests: XCTestCase {
    private func s<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 { String(decoding: bytes, as: UTF8.self) }
    private func sends<C: Collection>(_ bytes: C, _ id: UInt32) -> Bool where C.Element == UInt8 {
        s(bytes).range(of: "\u{1B}_Ga=[tT],[^;]*i=\(id),", options: .regularExpression) != nil
    }

    /// A picture whose PNG stands in as 20 KB of bytes: seven chunks of base64.
    private func picture(_ id: UInt32) -> HalfBlockCells {
        var cells = HalfBlockCells.solid(cols: 4, rows: 2, rgb: RGB(UInt8(id % 200), 90, 200))
        cells.pixels = TerminalImage(id: id, graphics: .kitty, cols: 4, rows: 2,
                                     payload: (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* Int(id)) },
                                     pixelSize: Size(width: 40, height: 40))
        return cells
    }

    private func frame(_ shown: [UInt32], ahead: [UInt32] = [], note: String = "") -> Buffer {
        var b = Buffer(size: Size(width: 40, height: 6))
        for (i, id) in shown.enumerated() {
            b.render(HalfBlockImage(picture(id)), in: Rect(x: i * 5, y: 1, width: 4, height: 2))
        }
        for id in ahead { b.preload(picture(id).pixels!) }
        b.put(note, at: Point(x: 0, y: 5))
        b.settleImages()
        return b
    }

    func testPicturesSentAheadGoAfterTheFrameAChunkAtATimeAndTheKeysComeBetween() {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.sendsAheadInPieces = true
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let first = frame([1, 2]), idle = frame([1, 2], ahead: [3, 4])
        vt.feed(enc.encode(BufferDiff.fullRepaint(first)))
        let withAhead = enc.encode(BufferDiff(from: first, to: idle))
        XCTAssertFalse(sends(withAhead, 3) || sends(withAhead, 4), "not in the frame: \(s(withAhead).prefix(200))")
        XCTAssertTrue(enc.hasAhead)
        vt.feed(withAhead)

        let piece = try! XCTUnwrap(enc.nextAheadPiece())
        XCTAssertTrue(sends(piece, 3) && s(piece).contains("m=1;"), s(piece.prefix(80)))
        XCTAssertEqual(piece.suffix(2), [0x1B, 0x5C], "a piece is one whole APC command")
        XCTAssertLessThanOrEqual(piece.count, 4200)
        vt.feed(Array(piece))
        XCTAssertEqual(vt.graphics.loading, 3)

        // A key's answer that only changes cells goes between two chunks, as it is.
        let typed = frame([1, 2], ahead: [3, 4], note: "typed")
        let answer = enc.encode(BufferDiff(from: idle, to: typed))
        XCTAssertFalse(s(answer).contains("m="), "no chunk of the picture in the answer: \(s(answer))")
        vt.feed(answer)
        XCTAssertTrue(vt.screen.text.contains("typed"))
        XCTAssertEqual(vt.unknownSequences, [])

        let next = try! XCTUnwrap(enc.nextAheadPiece())
        XCTAssertTrue(s(next).hasPrefix("\u{1B}_Gm=1;"), s(next.prefix(20)))
        vt.feed(Array(next))

        // The scroll that shows them: the rest of 3 first (whole before anything else), then
        // 4 from the queue, then the placements.
        let scrolled = frame([3, 4], note: "typed")
        let scroll = enc.encode(BufferDiff(from: typed, to: scrolled))
        XCTAssertTrue(s(scroll).hasPrefix("\u{1B}_Gm=1;"), s(scroll.prefix(40)))
        XCTAssertTrue(sends(scroll, 4))
        XCTAssertFalse(enc.hasAhead)
        vt.feed(scroll)
        XCTAssertNil(vt.graphics.loading)
        XCTAssertEqual(Set(vt.graphics.placements.keys), [3, 4])
        XCTAssertEqual(vt.graphics.transmits[3], 1)
        XCTAssertEqual(vt.graphics.transmits[4], 1)
        XCTAssertEqual(vt.unknownSequences, [])
    }

    /// A frame that transmits a picture of its own while one sent ahead is loading: kitty would
    /// take it as more of that one, so the rest of that one goes first.
    func testAFrameThatTransmitsFinishesThePictureInProgressFirst() {
        var enc = ANSIEncoder(depth: .truecolor, synchronizedOutput: false, pictures: PixelPictureLayer())
        enc.sendsAheadInPieces = true
        var vt = VirtualTerminal(size: Size(width: 40, height: 6))
        let idle = frame([1], ahead: [3])
        vt.feed(enc.encode(BufferDiff.fullRepaint(idle)))
        vt.feed(Array(try! XCTUnwrap(enc.nextAheadPiece())))
        XCTAssertEqual(vt.graphics.loading, 3)
        let other = frame([1, 5], ahead: [3])
        let bytes = enc.encode(BufferDiff(from: idle, to: other))
        let rest = try! XCTUnwrap(s(bytes).range(of: "m=0;")), five = try! XCTUnwrap(s(bytes).range(of: "i=5,"))
        XCTAssertLessThan(rest.lowerBound, five.lowerBound)
        vt.feed(bytes)
        XCTAssertEqual(Set(vt.graphics.placements.keys), [1, 5])
        XCTAssertEqual(vt.unknownSequences, [])
        XCTAssertFalse(enc.hasAhead)
    }

    func testWhatMayComeInsideALoad() {
        func fits(_ text: String) -> Bool { SentAhead.frame(Array(text.utf8)[...], fitsInsideLoadOf: 3) }
        XCTAssertTrue(fits("\u{1B}[2;3Hab\u{1B}_Ga=p,i=4,p=1,c=4,r=2,z=1,C=1,q=2\u{1B}\\"))
        XCTAssertTrue(fits("\u{1B}_Ga=d,d=i,i=4,p=1,q=2\u{1B}\\\u{1B}_Ga=d,d=a,q=2\u{1B}\\"))
        XCTAssertFalse(fits("\u{1B}_Ga=p,i=3,p=1,q=2\u{1B}\\"), "the picture being loaded")
        XCTAssertFalse(fits("\u{1B}_Ga=t,f=100,t=d,i=4,q=2,m=0;QUJD\u{1B}\\"))
        XCTAssertFalse(fits("\u{1B}_Ga=t,f=100,t=t,i=4,q=2;L3RtcA==\u{1B}\\"))
        XCTAssertFalse(fits("\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\"))
        XCTAssertFalse(fits("\u{1B}_Gm=0;QUJD\u{1B}\\"))
    }
}
