import XCTest
@testable import TerminalUI

/// The clipboard takes at most 64 KB (issue 36: a 1 MB name made a 1.4 MB OSC 52 sequence).
final class ClipboardCapTests: XCTestCase {
    func testAMegabyteNameIsCutToSixtyFourKilobytesAtACharacterEnd() {
        let name = String(repeating: "é", count: 1 << 19)  // 1 MB of two-byte characters
        let sequence = Clipboard.osc52(name)
        XCTAssertLessThan(sequence.count, (Clipboard.maxBytes / 3 + 1) * 4 + 16)
        let copied = Clipboard.decodeOSC52(sequence)
        XCTAssertEqual(copied, String(repeating: "é", count: Clipboard.maxBytes / 2))
        XCTAssertTrue(Clipboard.kept(name).cut)
        XCTAssertFalse(Clipboard.kept("Spider-Man").cut)
        XCTAssertEqual(Clipboard.decodeOSC52(Clipboard.osc52("Spider-Man")), "Spider-Man")
    }
}
