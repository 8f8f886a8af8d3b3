@testable import Catalog
import Foundation
import XCTest

/// The ASCII fast path of `TextFold.fold` gives the same keys as Foundation's Unicode folding.
final class TextFoldTests: XCTestCase {
    private func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX")).lowercased()
    }

    func testASCIIFoldsLikeFoundation() {
        let printable = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        for text in [printable, "3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack", "SPIDER-MAN (PETER PARKER)", "", "x\tY\n"] {
            XCTAssertEqual(TextFold.fold(text), foundationFold(text), text)
        }
    }

    func testNonASCIIStillFoldsAccentsAndCase() {
        XCTAssertEqual(TextFold.fold("Araña"), "arana")
        XCTAssertEqual(TextFold.fold("ÉLAN Été"), foundationFold("ÉLAN Été"))
    }
}
