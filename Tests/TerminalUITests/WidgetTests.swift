import XCTest
@testable import TerminalUI

final class WidgetTests: XCTestCase {
    func testParagraphWraps() {
        XCTAssertEqual(Paragraph.wrap("the quick brown fox jumps", width: 10), ["the quick", "brown fox", "jumps"])
        XCTAssertEqual(Paragraph.wrap("abcdefghijkl", width: 5), ["abcde", "fghij", "kl"])
        XCTAssertEqual(Paragraph.wrap("漢字漢字漢", width: 4), ["漢字", "漢字", "漢"])
        XCTAssertEqual(Paragraph.wrap("a\n\nb", width: 4), ["a", "", "b"])
    }

    func testStatusLineSearchFieldSpinnerSnapshot() {
        var b = Buffer(size: Size(width: 24, height: 3))
        b.render(StatusLine(left: "Characters 1-20 of 1562", right: "?:help"), in: b.area.row(2))
        b.render(SearchField(prompt: "Search: ", text: "spider", cursor: 3), in: b.area.row(0))
        b.render(Spinner(frame: 11, label: "loading"), in: b.area.row(1))
        XCTAssertEqual(b.text, """
        Search: spider
        ⠙ loading
        Characters 1-20 … ?:help
        """)
        XCTAssertEqual(b.cursor, Point(x: 11, y: 0))
        XCTAssertTrue(b[0, 2].style.attributes.contains(.reverse))
    }

    func testSearchFieldScrollsToKeepCursorVisible() {
        var b = Buffer(size: Size(width: 10, height: 1))
        b.render(SearchField(prompt: "/", text: "abcdefghijklmnop"), in: b.area)
        XCTAssertEqual(b.text, "/ijklmnop")
        XCTAssertEqual(b.cursor, Point(x: 9, y: 0))
    }

    func testModalAndListSnapshot() {
        var b = Buffer(size: Size(width: 30, height: 9))
        b.render(ScrollList(items: (1...20).map { "Item \($0)" }, selected: 5, offset: 3), in: b.area.splitLeft(10).left)
        XCTAssertTrue(b[0, 2].style.attributes.contains(.reverse), "the selected row is highlighted")
        XCTAssertEqual(b[9, 1].symbol, "┃", "the scroll thumb")
        b.render(Modal(title: "Error", body: "The server did not answer.", footer: "Esc: close",
                       preferredSize: Size(width: 18, height: 8)), in: b.area)
        XCTAssertEqual(b.text, """
        Item 4   │
        Item 5╭─ Error ────────╮
        Item 6│ The server did │
        Item 7│ not answer.    │
        Item 8│                │
        Item 9│   Esc: close   │
        Item 1╰────────────────╯
        Item 11  │
        Item 12  │
        """)
        XCTAssertEqual(b[9, 4].symbol, " ", "the modal clears what is under it")
    }

    func testGridColumnsFollowWidth() {
        XCTAssertEqual(GridLayout(area: Rect(x: 0, y: 0, width: 120, height: 40), minTileWidth: 18, tileHeight: 10).columns, 6)
        XCTAssertEqual(GridLayout(area: Rect(x: 0, y: 0, width: 60, height: 30), minTileWidth: 18, tileHeight: 10).columns, 3)
        XCTAssertEqual(GridLayout(area: Rect(x: 0, y: 0, width: 10, height: 30), minTileWidth: 18, tileHeight: 10).columns, 1)
        let g = GridLayout(area: Rect(x: 0, y: 1, width: 60, height: 30), minTileWidth: 18, tileHeight: 10)
        XCTAssertEqual(g.rect(forIndex: 4), Rect(x: 20, y: 12, width: 19, height: 10))
        XCTAssertEqual(g.index(at: Point(x: 21, y: 13)), 4)
        XCTAssertNil(g.index(at: Point(x: 19, y: 13)), "the gap is not a tile")
    }

    func testGridClipsPartlyVisibleRows() {
        var b = Buffer(size: Size(width: 11, height: 5))
        b.render(Grid(count: 10, minTileWidth: 5, tileHeight: 2, gap: 1) { i, r, buf in
            buf.fill(r, with: Cell(String(i)))
        }, in: Rect(x: 0, y: 0, width: 11, height: 4))
        XCTAssertEqual(b.text, "00000 11111\n00000 11111\n\n22222 33333\n")
    }

    func testHalfBlockImage() {
        let red = RGB(255, 0, 0), blue = RGB(0, 0, 255)
        let img = HalfBlockCells(cols: 2, rows: 1, top: [red, red], bottom: [blue, red])
        var b = Buffer(size: Size(width: 4, height: 1))
        b.render(HalfBlockImage(img), in: b.area)
        XCTAssertEqual(b[1, 0].symbol, "▀")
        XCTAssertEqual(b[1, 0].style, Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        XCTAssertEqual(b[2, 0].symbol, " ")
        XCTAssertEqual(b[2, 0].style.background, .rgb(255, 0, 0))
    }

    func testViewportKeepsSelectionVisible() {
        let v = ListViewport(offset: 0)
        XCTAssertEqual(v.scrolled(toShow: 12, visibleRows: 10, count: 50).offset, 3)
        XCTAssertEqual(ListViewport(offset: 20).scrolled(toShow: 5, visibleRows: 10, count: 50, margin: 2).offset, 3)
        XCTAssertEqual(v.scrolled(toShow: 49, visibleRows: 10, count: 50).offset, 40)
    }
}
