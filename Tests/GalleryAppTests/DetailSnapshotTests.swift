import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// Frames of the detail pages in each layout (fake data, fixed sizes).
final class DetailSnapshotTests: XCTestCase {
    private func character(_ width: Int, _ height: Int) -> Harness {
        var h = Harness(size: Size(width: width, height: height), count: 60)
        h.send(.resized(Size(width: width, height: height)))
        h.answerAll()
        h.openAndLoad()
        return h
    }

    func testCharacterWideLayout() {
        let h = character(120, 40)
        XCTAssertEqual(h.state.detailLayout.kind, .wide)
        Snapshot.assert(h.detailText, named: "detail-wide-120x40")
    }

    func testCharacterNarrowLayout() {
        var h = character(80, 30)
        XCTAssertEqual(h.state.detailLayout.kind, .narrow)
        Snapshot.assert(h.detailText, named: "detail-narrow-80x30")
        for _ in 0..<14 { h.key(.down) }
        Snapshot.assert(h.detailText, named: "detail-narrow-scrolled-80x30")
    }

    func testCharacterBackdropLayout() throws {
        let h = character(180, 56)
        XCTAssertEqual(h.state.detailLayout.kind, .backdrop)
        Snapshot.assert(h.detailText, named: "detail-backdrop-180x56")
        // The panel is the picture darkened, with light text on it.
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let panel = h.state.detailLayout.panel
        let inside = buffer[panel.x + 3, panel.y + 1]
        guard case .rgb(let r, let g, let b) = inside.style.background else { return XCTFail("panel has no shade") }
        XCTAssertLessThan(Int(r) + Int(g) + Int(b), 3 * 80, "darkened")
        XCTAssertEqual(inside.style.foreground, Theme.standard.onBackdrop)
        let frame = h.state.detailLayout.pictureFrame
        XCTAssertEqual(buffer[frame.x + frame.width / 2, frame.y + frame.height / 2].symbol, "▀", "the picture, whole, beside the panel")
        XCTAssertFalse(frame.intersects(panel))
        XCTAssertEqual(buffer[1, 10], .blank, "the picture does not fill the screen (cropped, scaled up)")
    }

    func testComicWideLayout() {
        var h = character(120, 40)
        h.answerDetails(h.key(.enter))
        Snapshot.assert(h.detailText, named: "comic-wide-120x40")
    }

    /// A series opened from the character's Series tab, then shrunk to 60x20; a story without
    /// a picture.
    func testSeriesAndStoryPages() {
        var h = character(120, 40)
        h.answerDetails(h.key(.char("2")))
        h.answerDetails(h.key(.enter))
        Snapshot.assert(h.detailText, named: "series-wide-120x40")
        h.answerDetails(h.send(.resized(Size(width: 60, height: 20))))
        Snapshot.assert(h.detailText, named: "series-narrow-60x20")
        h.answerDetails(h.send(.resized(Size(width: 120, height: 40))))
        h.answerDetails(h.key(.char("5")))
        h.answerDetails(h.key(.enter))
        Snapshot.assert(h.detailText, named: "story-wide-120x40")
    }

    /// The covers of one series differ only in their issue number: each label keeps its `#N`
    /// (not all "Amazing F…", nine identical "Marvel's …" on 3-D Man's page).
    func testCoverTitlesKeepTheirIssueNumbers() throws {
        let h = character(120, 40)
        let lines = h.detailText.split(separator: "\n").map(String.init)
        let row = try XCTUnwrap(lines.first { $0.contains("#1") && $0.contains("#2") }, h.detailText)
        for n in 1...5 { XCTAssertTrue(row.contains("… #\(n)"), "cover \(n) keeps its number: \(row)") }
    }

    /// At 60 columns the detail page's hints do not all fit: the last ones stay ("? help"),
    /// not the whole string dropped.
    func testTheHelpHintStaysOnANarrowDetailPage() throws {
        let h = character(60, 20)
        let status = try XCTUnwrap(h.detailText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(status.hasSuffix("? help"), status)
    }

    /// What `y` did shows on a narrow detail page (at 30 columns, in tmux, not " ● offline
    /// catalog  │  copied…"): the source, said on every page, gives way first.
    func testTheCopyNoticeShowsOnANarrowDetailPage() throws {
        var h = character(30, 12)
        let plain = try XCTUnwrap(h.detailText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(plain.contains("● offline catalog"), "the source when nothing else is said: \(plain)")
        h.state.copyNotice = "★ starred: Spider-Man"  // `f`
        let starred = try XCTUnwrap(h.detailText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(starred.contains("★ starred: Spider-Man"), starred)
        h.state.copyNotice = nil
        h.send(.detail(.copied(CopyRequest(.name, "Spider-Man"))))  // `y` on a page: the page's notice
        let copied = try XCTUnwrap(h.detailText.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(copied.contains("copied name: Spider-Man"), copied)
    }

    /// Without colour (NO_COLOR drops the red) the selected tab is still told apart: its
    /// attributes differ from the other tabs' (bold on every tab would not tell it apart).
    func testTheSelectedTabDiffersWithoutColour() throws {
        let h = character(120, 40)
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let y = try XCTUnwrap((0..<buffer.size.height).first { buffer.row($0).map(\.symbol).joined().contains("1 Comics") })
        let text = buffer.row(y).map(\.symbol)
        func attributes(of label: String) throws -> Attributes {
            let x = try XCTUnwrap((0..<text.count - label.count).first { text[$0..<$0 + label.count].joined() == label })
            return buffer[x, y].style.attributes
        }
        XCTAssertNotEqual(try attributes(of: "1 Comics"), try attributes(of: "2 Series"))
    }

    func testLinksAreHyperlinks() throws {
        let h = character(120, 40)
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let links = buffer.cells.compactMap(\.style.hyperlink)
        XCTAssertTrue(links.contains("https://marvel.com/characters/1000/detail"))
        XCTAssertTrue(links.contains("https://marvel.com/universe/1000"))
    }

    func testTextKeepsTheTerminalColours() {
        let h = character(120, 40)
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        let row = (0..<buffer.size.height).first { y in buffer.row(y).map(\.symbol).joined().contains("Bitten by") }!
        let start = buffer.row(row).firstIndex { $0.symbol == "B" }!
        let cell = buffer.row(row)[start]
        XCTAssertEqual(cell.style.foreground, .default)
        XCTAssertEqual(cell.style.background, .default)
    }
}
