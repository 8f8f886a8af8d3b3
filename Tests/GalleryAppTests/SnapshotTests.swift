import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// Frames of the gallery at the three reference sizes and in each mode, as text.
final class SnapshotTests: XCTestCase {
    /// A loaded grid with every requested thumbnail delivered (gradients, so the picture cells
    /// are real half blocks) except one that failed.
    private func loaded(_ width: Int, _ height: Int, count: Int = 300) -> Harness {
        var h = Harness(size: Size(width: width, height: height), count: count)
        h.send(.resized(Size(width: width, height: height)))
        h.answerAll()
        h.key(.right)
        deliverThumbnails(&h)
        return h
    }

    private func deliverThumbnails(_ h: inout Harness) {
        let keys = h.state.requestedThumbnails.keys.sorted { $0.itemID < $1.itemID }
        for (n, key) in keys.enumerated() {
            if n == 2 {
                h.send(.thumbnailFailed(key))
                continue
            }
            let hue = UInt8((key.itemID * 37) % 200)
            h.send(.thumbnailLoaded(key, .gradient(cols: key.columns, rows: key.rows,
                                                   from: RGB(hue, 40, 200 - hue), to: RGB(250, hue, 30))))
        }
    }

    private func frame(_ h: Harness) -> Buffer {
        var buffer = Buffer(size: h.state.size)
        GalleryView.render(h.state, into: &buffer)
        return buffer
    }

    func testGridAtReferenceSizes() {
        for (w, height) in [(80, 24), (120, 40), (200, 60)] {
            let h = loaded(w, height)
            Snapshot.assert(frame(h).text, named: "grid-\(w)x\(height)")
        }
    }

    /// Hints that do not all fit are dropped from the front, so "? help  q quit" stays: dropping
    /// the whole string leaves no hint at all on the 80x24 status line, and none on the
    /// favourites grid at 100 columns.
    func testTheHelpHintStaysWhenTheHintsDoNotAllFit() throws {
        let h = loaded(80, 24)
        let status = try XCTUnwrap(frame(h).text.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(status.hasSuffix("? help  q quit"), status)
        XCTAssertFalse(status.contains("/ search"), "the first hint is the one dropped: \(status)")
    }

    func testSelectedTileKeepsItsPictureAndIsHighlighted() throws {
        let h = loaded(120, 40)
        let buffer = frame(h)
        let grid = try XCTUnwrap(h.state.layout.tileGrid)
        let selected = try XCTUnwrap(grid.frame(ofItem: 1, topRow: 0))
        let other = try XCTUnwrap(grid.frame(ofItem: 0, topRow: 0))
        let theme = Theme.standard
        XCTAssertEqual(buffer[selected.x, selected.y].symbol, "┏")
        XCTAssertEqual(buffer[selected.x, selected.y].style.foreground, theme.accent)
        XCTAssertEqual(buffer[other.x, other.y].symbol, "╭")
        // The name bar of the selected tile is in the accent; the picture above is untouched.
        let nameY = selected.maxY - 2
        XCTAssertEqual(buffer[selected.x + 1, nameY].style.background, theme.accent)
        let pictureCell = buffer[selected.x + 1 + grid.thumbColumns / 2, selected.y + 1 + grid.thumbRows / 2]
        XCTAssertEqual(pictureCell.symbol, "▀")
        if case .rgb = pictureCell.style.background {} else { XCTFail("picture cell lost its colours") }
    }

    func testFirstLoadShowsSpinner() {
        var h = Harness(size: Size(width: 80, height: 24))
        h.send(.resized(Size(width: 80, height: 24)))
        h.send(.timerFired(.spinner))
        Snapshot.assert(frame(h).text, named: "loading-80x24")
    }

    func testSearchFieldAndResults() {
        var h = loaded(80, 24)
        h.key(.char("/"))
        h.type("spi")
        h.fireLatestDebounce()
        h.answerAll()
        deliverThumbnails(&h)
        let buffer = frame(h)
        Snapshot.assert(buffer.text, named: "search-spi-80x24")
        XCTAssertNotNil(buffer.cursor, "the field shows the cursor")
        h.key(.enter)
        Snapshot.assert(frame(h).text, named: "search-kept-80x24")
    }

    /// Below 80 columns the search field shows what is typed (not "MARVEL  Data provided by
    /// Ma…" with no field at all while "iro" is typed, at 30x12 in tmux). The field takes the
    /// title's place by the header's rule: the attribution shortens to its copyright, shown
    /// whole (not cut to "Da…"), and at 30 columns the badge gives way.
    func testWhatIsTypedShowsOnANarrowTerminal() throws {
        for (width, badge) in [(30, false), (40, true), (60, true)] {
            var h = loaded(width, 12, count: 40)
            h.key(.char("/"))
            h.type("iro")
            let header = try XCTUnwrap(frame(h).text.split(separator: "\n").first.map(String.init))
            XCTAssertTrue(header.contains("Search › iro"), "\(width) columns: \(header)")
            XCTAssertTrue(header.hasSuffix("© 2026 MARVEL") || header.hasSuffix("© 2026 MARVEL "),
                          "the copyright whole: \(header)")
            XCTAssertEqual(header.contains("MARVEL  Search"), badge, "\(width) columns: \(header)")
        }
    }

    func testNoResults() {
        var h = loaded(120, 40)
        h.key(.char("/"))
        h.type("qqq")
        h.fireLatestDebounce()
        h.answerAll()
        Snapshot.assert(frame(h).text, named: "search-none-120x40")
    }

    func testOverlays() {
        var h = loaded(120, 40)
        h.key(.char("?"))
        Snapshot.assert(frame(h).text, named: "help-120x40")
        h.key(.escape)
        h.key(.char("i"))
        h.key(.right)
        Snapshot.assert(frame(h).text, named: "index-120x40")
    }

    /// The A–Z index on the narrowest grid (24 columns): the letter under the cursor is always
    /// drawn and the box keeps its right side (tmux 24x11 showed "│ #ABCDEFGHIJKLMNOPQRSTU",
    /// V to Z and the border cut off, so moving to Z showed nothing selected).
    func testTheIndexShowsTheCursorLetterOnANarrowGrid() throws {
        var h = loaded(24, 11, count: 40)
        h.key(.char("i"))
        for _ in 0..<25 { h.key(.right) }  // from A (the selected A-Bomb's letter) to Z
        let lines = frame(h).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bar = try XCTUnwrap(lines.first { $0.contains("#") == false && $0.contains("XYZ") } ?? lines.first { $0.contains("WXYZ") },
                                "Z is drawn: \(lines.joined(separator: "\n"))")
        XCTAssertTrue(bar.trimmingCharacters(in: .whitespaces).hasSuffix("│"), "the box's right side: \(bar)")
        h.key(.right)  // round to #
        let again = frame(h).text
        XCTAssertTrue(again.contains("│ #ABC"), again)
    }

    func testPageErrorsAndTheEnd() {
        var h = Harness(size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        let first = h.pendingFetches.removeFirst()
        h.send(.pageLoaded(first, .failure(PageFailure("the server answered 500"))))
        Snapshot.assert(frame(h).text, named: "error-empty-120x40")

        var end = loaded(120, 40, count: 30)
        end.key(.char("G"))
        end.answerAll()
        Snapshot.assert(frame(end).text, named: "end-120x40")
    }

    func testTooSmall() {
        let h = Harness(size: Size(width: 20, height: 8))
        Snapshot.assert(frame(h).text, named: "too-small-20x8")
    }
}
