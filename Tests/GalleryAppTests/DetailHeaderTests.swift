import XCTest
@testable import GalleryApp
import MarvelAPI
import TerminalUI
import TestSupport

/// The detail page's header puts the title first: at 40 columns Spider-Man's page said only
/// "MARVEL  Data provided by Marvel. © 20…". The attribution shortens to its copyright, then
/// the badge gives way, then the title is cut (never below 12 columns).
final class DetailHeaderTests: XCTestCase {
    private let marvel = MarvelAttribution.text  // "Data provided by Marvel. © 2023 MARVEL"
    private let badge = TextWidth.of(" MARVEL ") + 1

    /// The line as `DetailScreen.renderHeader` lays it out (every character here is one column).
    private func line(_ title: String, _ attribution: String, _ width: Int) -> String {
        let h = DetailHeader.fit(title: title, attribution: attribution, badgeWidth: badge, width: width)
        let left = Array((h.badge ? " MARVEL  " : " ") + h.title)
        let right = Array(h.attribution)
        let start = width - right.count - h.margin
        if !right.isEmpty, !h.title.isEmpty { XCTAssertGreaterThan(start, left.count, "a space between: \(h)") }
        var row = Array(repeating: Character(" "), count: width)
        for (i, c) in left.enumerated() where i < width { row[i] = c }
        for (i, c) in right.enumerated() { row[start + i] = c }
        XCTAssertLessThanOrEqual(left.count, width, "\(h)")
        return String(row)
    }

    func testTheTitleComesFirstAndTheAttributionShortens() {
        let title = "Spider-Man (Peter Parker)"
        XCTAssertEqual(line(title, marvel, 80), " MARVEL  Spider-Man (Peter Parker)       Data provided by Marvel. © 2023 MARVEL ")
        XCTAssertEqual(line(title, marvel, 60), " MARVEL  Spider-Man (Peter Parker)            © 2023 MARVEL ")
        XCTAssertEqual(line(title, marvel, 40), " Spider-Man (Peter Parker) © 2023 MARVEL")
        XCTAssertEqual(line(title, marvel, 30), " Spider-Man (Pe… © 2023 MARVEL")
        XCTAssertEqual(line(title, marvel, 24), " Spider-Man (Peter Par… ", "too narrow for both: the title alone")
        XCTAssertEqual(line("Thor", marvel, 24), " Thor     © 2023 MARVEL ")
        XCTAssertEqual(line("", marvel, 30), " MARVEL  Data provided by Ma… ", "a page still loading: the attribution, cut")
    }

    /// A live source's credit has no copyright part: it is cut, the title and badge stay whole.
    func testALongCreditIsCutAfterTheTitle() {
        let metron = "Data provided by Metron (https://metron.cloud), licensed CC BY-SA 4.0"
        let wide = line("Spider-Man (Peter Parker)", metron, 80)
        XCTAssertTrue(wide.hasPrefix(" MARVEL  Spider-Man (Peter Parker) Data provided by Metron"), wide)
        let narrow = line("Spider-Man (Peter Parker)", metron, 40)
        XCTAssertTrue(narrow.hasPrefix(" Spider-Man (Peter Parker) Data provide…"), narrow)
        XCTAssertEqual(DetailHeader.copyright(of: metron), nil)
        XCTAssertEqual(DetailHeader.copyright(of: marvel), "© 2023 MARVEL")
    }

    /// The real screen at 40x20 and 30x15 (a series page, whose title is long) and 80x24.
    func testNarrowDetailPagesShowTheTitle() throws {
        var h = Harness(size: Size(width: 120, height: 40), count: 60)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        h.openAndLoad()
        h.answerDetails(h.key(.char("2")))
        h.answerDetails(h.key(.enter))
        for (width, height) in [(40, 20), (30, 15), (80, 24)] {
            h.answerDetails(h.send(.resized(Size(width: width, height: height))))
            let header = try XCTUnwrap(h.detailText.split(separator: "\n").first.map(String.init))
            XCTAssertTrue(header.contains("Web of Spider"), "\(width)x\(height): \(header)")
            XCTAssertTrue(header.contains("© 2026 MARVEL"), "\(width)x\(height): \(header)")
            Snapshot.assert(h.detailText, named: "series-header-\(width)x\(height)")
        }
    }

    /// The grid's line follows the same rule: which grid comes first (at 30 columns, not the
    /// badge and "Data provided by Ma…"); from 80 columns the whole attribution is there.
    func testNarrowGridsShowWhichGridComesFirst() throws {
        var h = Harness(size: Size(width: 120, height: 40), count: 60)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        for (width, height, credit) in [(30, 15, "© 2026 MARVEL"), (40, 20, "© 2026 MARVEL"), (80, 24, "Data provided by Marvel. © 2026 MARVEL")] {
            h.send(.resized(Size(width: width, height: height)))
            h.answerAll()
            let header = try XCTUnwrap(h.detailText.split(separator: "\n").first.map(String.init))
            XCTAssertTrue(header.contains("Characters"), "\(width)x\(height): \(header)")
            XCTAssertTrue(header.contains(credit), "\(width)x\(height): \(header)")
        }
    }
}
