import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// The backdrop layout is for a page with a picture: a page without one (a story, a creator
/// with Marvel's "image not available") at 160x50 and up takes the normal wide layout, not a
/// screen of the stand-in's hatching (issue 22).
final class BackdropNoPictureTests: XCTestCase {
    func testTheLayoutNeedsAPictureForTheBackdrop() {
        let big = Size(width: 200, height: 60)
        XCTAssertEqual(DetailLayout(size: big).kind, .backdrop)
        XCTAssertEqual(DetailLayout(size: big, picture: false).kind, .wide)
        XCTAssertNil(DetailLayout(size: big, picture: false).pictureHole)
    }

    func testAPageWithoutAPictureAtBackdropSizeIsDrawnWide() throws {
        var h = Harness(size: Size(width: 180, height: 56), count: 60)
        h.send(.resized(h.state.size))
        h.answerAll()
        h.openAndLoad()
        XCTAssertEqual(h.state.detailLayout.kind, .backdrop, "the character has a picture")
        XCTAssertTrue(h.detailText.contains("╭"), "the backdrop's panel")

        // A story: no picture at all.
        h.answerDetails(h.key(.char("3")))
        h.answerDetails(h.key(.enter))
        let story = try XCTUnwrap(h.state.details.top)
        XCTAssertEqual(story.subject.kind, .stories)
        XCTAssertFalse(story.showsPicture)
        XCTAssertEqual(h.state.detailLayout.kind, .wide)
        let text = h.detailText
        let hatching = text.filter { $0 == "╱" }.count
        XCTAssertLessThan(hatching, 180 * 56 / 4, "the picture box's stand-in, not a screen of hatching:\n\(text)")
        XCTAssertFalse(text.contains("╭"), "no backdrop panel:\n\(text)")
        XCTAssertTrue(text.contains("Interior story"), text)

        // Esc: the character's backdrop again.
        h.answerDetails(h.key(.escape))
        XCTAssertEqual(h.state.detailLayout.kind, .backdrop)
    }

    func testMarvelsImageNotAvailableCountsAsNoPicture() {
        var page = DetailPage(pageID: 1, subject: .creator(5))
        page.content = .entity(EntityDetail(kind: .creators, id: 5, title: "Stan Lee",
                                            thumbnail: ImageRef(path: "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", extension: "jpg")))
        XCTAssertFalse(page.showsPicture)
        page.content = .entity(EntityDetail(kind: .creators, id: 5, title: "Stan Lee",
                                            thumbnail: ImageRef(path: "http://127.0.0.1/img/5", extension: "jpg")))
        XCTAssertTrue(page.showsPicture)
    }
}
