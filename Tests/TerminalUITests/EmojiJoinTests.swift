import XCTest
@testable import TerminalUI

/// A ZWJ family emoji is measured as kitty draws it (issue 36): its joiners are dropped, so
/// each emoji is two columns in every terminal and a tile's border stays put.
final class EmojiJoinTests: XCTestCase {
    func testAFamilyIsThreeEmojiOfTwoColumnsEach() {
        let family = "Fam \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} ily"
        let clean = Sanitizer.clean(family)
        XCTAssertEqual(clean, "Fam \u{1F468}\u{1F469}\u{1F467} ily")
        XCTAssertEqual(TextWidth.of(clean), 4 + 6 + 4)
        XCTAssertEqual(clean.count, 4 + 3 + 4)
        // A rainbow flag (emoji, VS16, joiner, emoji): two pictures.
        XCTAssertEqual(Sanitizer.clean("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"), "\u{1F3F3}\u{FE0F}\u{1F308}")
        // A joiner in a script that shapes with it stays.
        XCTAssertEqual(Sanitizer.clean("\u{0915}\u{094D}\u{200D}\u{0937}"), "\u{0915}\u{094D}\u{200D}\u{0937}")
    }
}
