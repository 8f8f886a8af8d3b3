import TerminalUI
import XCTest
@testable import GalleryApp

/// Tile labels give way in the middle: the issue number and the telling tail stay.
final class TileLabelTests: XCTestCase {
    func testIssueNumberIsNeverCut() {
        let label = TileLabel.fit("Avengers (1998) #10", to: 12)
        XCTAssertEqual(label, "Avenger… #10")
        XCTAssertEqual(TextWidth.of(label), 12)
        XCTAssertTrue(TileLabel.fit("X-Men (1991) #1.5", to: 10).hasSuffix(" #1.5"))
    }

    func testTwoSpiderMenStayDistinct() {
        let peter = TileLabel.fit("Spider-Man (Peter Parker)", to: 14)
        let miles = TileLabel.fit("Spider-Man (Miles Morales)", to: 14)
        XCTAssertNotEqual(peter, miles)
        XCTAssertTrue(peter.contains("…"))
        XCTAssertEqual(TextWidth.of(peter), 14)
        XCTAssertLessThanOrEqual(TextWidth.of(miles), 14)
    }

    func testShortNamesAndTinyWidths() {
        XCTAssertEqual(TileLabel.fit("Thor", to: 10), "Thor")
        XCTAssertEqual(TileLabel.fit("Wolverine", to: 3), "Wo…")
        XCTAssertEqual(TileLabel.fit("Anything", to: 0), "")
        for width in 1...30 {
            XCTAssertLessThanOrEqual(TextWidth.of(TileLabel.fit("Marvel Masterworks: The Amazing Spider-Man (2003) #7", to: width)), width)
        }
    }
}
