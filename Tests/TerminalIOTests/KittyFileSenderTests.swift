import XCTest
@testable import TerminalIO
import PictureProtocols
import TerminalUI

/// `render`'s file sender reads kitty's replies out of what came back with DA1.
final class KittyFileSenderTests: XCTestCase {
    func testRepliesAmongOtherAnswers() {
        let esc = "\u{1B}"
        let bytes = Array("\(esc)_Gi=7;EINVAL:Failed to open file\(esc)\\\(esc)[?62;c\(esc)_Gi=9;OK\(esc)\\".utf8)
        XCTAssertEqual(KittyFileSender.replies(in: bytes), [KittyGraphicsReply(id: 7, message: "EINVAL:Failed to open file"),
                                                            KittyGraphicsReply(id: 9, message: "OK")])
        XCTAssertEqual(KittyFileSender.replies(in: Array("\(esc)[?62;c".utf8)), [])
        // Cut off before its terminator (the timeout): still read, never past the end.
        XCTAssertEqual(KittyFileSender.replies(in: Array("\(esc)_Gi=3;ENOENT".utf8)), [KittyGraphicsReply(id: 3, message: "ENOENT")])
    }

    func testShowAtCursorPlacesWithoutKeepingTheCursor() {
        XCTAssertEqual(String(decoding: KittyGraphics.showAtCursor(id: 42), as: UTF8.self), "\u{1B}_Ga=p,i=42,q=2\u{1B}\\")
    }
}
