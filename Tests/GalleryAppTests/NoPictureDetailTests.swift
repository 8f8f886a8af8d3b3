import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// A page with no picture at all (a story: the contract's thumbnail is null) gives its text the
/// whole width in the wide and the narrow layout, not half of a 120-column screen kept for a
/// box of hatching beside the text, or the top 60 % of a narrow one.
final class NoPictureDetailTests: XCTestCase {
    private func story(_ width: Int, _ height: Int) throws -> Harness {
        var h = Harness(size: Size(width: width, height: height), count: 60)
        h.send(.resized(h.state.size))
        h.answerAll()
        h.openAndLoad()
        h.answerDetails(h.key(.char("3")))  // the character's stories
        h.answerDetails(h.key(.enter))
        let page = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(page.subject.kind, .stories)
        XCTAssertFalse(page.hasPicture)
        return h
    }

    func testTheLayoutWithoutAPictureBox() {
        let wide = DetailLayout(size: Size(width: 120, height: 40), picture: false, pictureBox: false)
        XCTAssertEqual(wide.kind, .wide)
        XCTAssertEqual(wide.viewport, Rect(x: 2, y: 1, width: 116, height: 38))
        let failed = DetailLayout(size: Size(width: 120, height: 40), picture: false, pictureBox: true)
        XCTAssertGreaterThan(failed.viewport.x, 20, "a picture that failed to load keeps its box")
        let narrow = DetailLayout(size: Size(width: 80, height: 30), picture: false, pictureBox: false)
        XCTAssertEqual(narrow.kind, .narrow)
        XCTAssertFalse(narrow.pictureInDocument)
        XCTAssertTrue(DetailLayout(size: Size(width: 80, height: 30), picture: false).pictureInDocument)
    }

    func testAStoryTakesTheWholeWidthWhenWide() throws {
        let h = try story(120, 40)
        XCTAssertEqual(h.state.detailLayout.viewport.width, 116)
        let lines = h.detailText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertFalse(h.detailText.contains("╱"), "no box of hatching:\n\(h.detailText)")
        XCTAssertEqual(lines[1], "  Interior story #7000", "the title at the left edge")
        // The strip of the story's comics uses the width: nine covers, five beside a picture.
        let strip = try XCTUnwrap(lines.first { $0.contains("… #1") }, h.detailText)
        XCTAssertTrue(strip.contains("… #9"), strip)
    }

    func testAStoryStartsAtTheTopWhenNarrow() throws {
        let h = try story(80, 30)
        XCTAssertEqual(h.state.detailLayout.kind, .narrow)
        let lines = h.detailText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertFalse(h.detailText.contains("╱"), "no box of hatching:\n\(h.detailText)")
        XCTAssertEqual(lines[1], " Interior story #7000", "the title on the first line, no picture above it:\n\(h.detailText)")
        Snapshot.assert(h.detailText, named: "story-narrow-80x30")
    }
}

/// A series' or story's type is the API's word (`interiorStory`): shown as people write it.
final class EntityTypeWordsTests: XCTestCase {
    func testTheAPIsTypeWordsReadAsWords() {
        XCTAssertEqual(EntityDocument.words("interiorStory"), "Interior story")
        XCTAssertEqual(EntityDocument.words("ongoing"), "Ongoing")
        XCTAssertEqual(EntityDocument.words("one shot"), "One shot")
        XCTAssertEqual(EntityDocument.words("cover"), "Cover")
        XCTAssertEqual(EntityDocument.words(""), "")
    }
}
