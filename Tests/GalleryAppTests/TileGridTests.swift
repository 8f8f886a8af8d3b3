import XCTest
@testable import GalleryApp
import TerminalUI

final class TileGridTests: XCTestCase {
    private func grid(_ columns: Int, _ rows: Int) -> TileGrid? {
        ScreenLayout(size: Size(width: columns, height: rows)).tileGrid
    }

    func testColumnsFollowTheWidth() throws {
        let small = try XCTUnwrap(grid(80, 24))
        XCTAssertEqual(small.columns, 6)
        XCTAssertEqual(small.visibleRows, 2)
        XCTAssertEqual([small.thumbColumns, small.thumbRows], [10, 8])

        let medium = try XCTUnwrap(grid(120, 40))
        XCTAssertEqual(medium.columns, 8)
        XCTAssertEqual(medium.visibleRows, 3)

        let wide = try XCTUnwrap(grid(200, 50))
        let narrow = try XCTUnwrap(grid(80, 50))
        XCTAssertGreaterThan(wide.columns, narrow.columns)
        XCTAssertEqual(wide.thumbRows, narrow.thumbRows, "same height keeps the tile size")
    }

    func testThumbnailsKeepPortraitAspect() throws {
        for (w, h) in [(80, 24), (120, 40), (200, 60), (60, 30)] {
            let g = try XCTUnwrap(grid(w, h))
            // 2:3 portrait in half-block pixels: width = 2/3 of 2*rows.
            XCTAssertEqual(g.thumbColumns, g.thumbRows * 4 / 3, "\(w)x\(h)")
            XCTAssertGreaterThanOrEqual(g.thumbRows, 6)
            XCTAssertLessThanOrEqual(g.thumbRows, 18)
            XCTAssertLessThanOrEqual(g.gridWidth, w)
            XCTAssertLessThanOrEqual(g.visibleRows * g.tileHeight, h - 2)
        }
    }

    func testAtLeastOneColumnAndTooSmall() throws {
        let thin = try XCTUnwrap(grid(24, 30))
        XCTAssertEqual(thin.columns, 1)
        XCTAssertNil(grid(20, 30), "narrower than the minimum")
        XCTAssertNil(grid(80, 10), "lower than the minimum")
    }

    func testHitTestingAgreesWithFrames() throws {
        let g = try XCTUnwrap(grid(120, 40))
        let topRow = 5
        for item in g.visibleRange(topRow: topRow, count: 1000) {
            let frame = try XCTUnwrap(g.frame(ofItem: item, topRow: topRow))
            XCTAssertEqual(g.item(atX: frame.x, y: frame.y, topRow: topRow, count: 1000), item)
            XCTAssertEqual(g.item(atX: frame.maxX - 1, y: frame.maxY - 1, topRow: topRow, count: 1000), item)
            if frame.maxX < g.originX + g.gridWidth {
                XCTAssertNil(g.item(atX: frame.maxX, y: frame.y, topRow: topRow, count: 1000), "gap")
            }
        }
        XCTAssertNil(g.frame(ofItem: 0, topRow: topRow), "scrolled off")
        XCTAssertNil(g.item(atX: g.originX, y: g.area.y, topRow: 0, count: 0), "no item there")
    }
}
