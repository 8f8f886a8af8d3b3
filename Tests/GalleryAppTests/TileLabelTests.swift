import Foundation
import TestSupport
import TerminalUI
import XCTest
@testable import GalleryApp

/// Issue 35: a name that does not fit is cut at its end, a title without its tail; the year or
/// number comes back only where two labels would otherwise read the same.
final class TileLabelTests: XCTestCase {
    func testANameIsWholeOrCutAtItsEnd() {
        XCTAssertEqual(TileLabel.fit("Thor", to: 10), "Thor")
        XCTAssertEqual(TileLabel.fit("Abomination (Emil Blonsky)", to: 10), "Abominati…")
        XCTAssertEqual(TileLabel.fit("Absorbing Man", to: 12), "Absorbing M…")
        XCTAssertEqual(TileLabel.fit("Captain America (1968)", to: 12), "Captain Ame…", "no year where nothing clashes")
        XCTAssertEqual(TileLabel.fit("Amazing Spider-Man (1963) #12 (Variant)", to: 17), "Amazing Spider-M…")
        XCTAssertEqual(TileLabel.fit("Daredevil (1964) #3", to: 12), "Daredevil…")
        XCTAssertEqual(TileLabel.fit("Wolverine", to: 3), "Wo…")
        XCTAssertEqual(TileLabel.fit("Anything", to: 0), "")
        for width in 1...30 {
            XCTAssertLessThanOrEqual(TextWidth.of(TileLabel.fit("Marvel Masterworks: The Amazing Spider-Man (2003) #7", to: width)), width)
            XCTAssertLessThanOrEqual(TextWidth.of(TileLabel.fit("アメイジング・スパイダーマン (1963)", to: width)), width)
        }
    }

    /// The case: Captain America and Captain Marvel read apart by their names at 12
    /// columns, where they read "Capt… (1968)" and "Capt… (2019)".
    func testCaptainAmericaAndCaptainMarvelReadByTheirNames() {
        let labels = TileLabel.fit(["Captain America (1968)", "Captain Marvel (2019)"], to: 12)
        XCTAssertEqual(labels, ["Captain Ame…", "Captain Mar…"])
    }

    /// Two series of one name: the years, and only on those two ("Avengers (1963)" is whole).
    func testTheYearComesOnlyWhereTwoLabelsWouldReadTheSame() {
        let names = ["Amazing Spider-Man (1963)", "Amazing Spider-Man (1999 - 2013)", "Avengers Omnibus (2011)"]
        XCTAssertEqual(TileLabel.fit(names, to: 17), ["Amazing S… (1963)", "Amazing S… (1999)", "Avengers Omnibus…"])
    }

    /// One series' issues read alike but for their numbers: every one of them shows its number
    /// (and a variant "Var"), in one form (#1–#5 read "A… (1963) #1" and #6–#10 "Amazing… #6").
    func testARunShowsItsNumbersAllInOneForm() {
        let run = (1...10).map { "Amazing Spider-Man (1963) #\($0)" } + ["Amazing Spider-Man (1963) #1 (Variant)"]
        let labels = TileLabel.fit(run, to: 19)
        XCTAssertEqual(labels[0], "Amazing Spider-… #1")
        XCTAssertEqual(labels[9], "Amazing Spider… #10")
        XCTAssertEqual(labels[10], "Amazing Spi… #1 Var")
        XCTAssertEqual(Set(labels).count, run.count)
        for label in labels { XCTAssertTrue(TileLabel.keepsHead(label, of: run[0]), label) }
    }

    /// Where the names part after a shared start and end, those words tell them apart.
    func testTheWordsWhereTheNamesPart() {
        let names = ["Marvel Universe Avengers Earth's Mightiest Heroes (2012) #1", "Marvel Universe Ultimate Spider-Man (2012) #1"]
        XCTAssertEqual(TileLabel.fit(names, to: 17), ["Marvel…Avenge… #1", "Marvel…Ultima… #1"])
    }

    /// At 10 columns (a detail page's covers) the first word and the number do not both fit:
    /// a shorter head keeps the covers apart.
    func testNarrowCoversKeepTheirNumbers() {
        let labels = TileLabel.fit((1...3).map { "Amazing Fantasy (1962) #\($0)" }, to: 10)
        XCTAssertEqual(labels, ["Amazin… #1", "Amazin… #2", "Amazin… #3"])
    }

    func testTheSameNameTwiceAndNamesNothingTellsApartKeepTheirPlainLabels() {
        let names = ["Thor (1966) #1", "Thor (1966) #1", "Wolverine"]
        XCTAssertEqual(TileLabel.fit(names, to: 6), names.map { TileLabel.fit($0, to: 6) })
        XCTAssertEqual(TileLabel.fit(names, to: 40), names)
    }

    func testTheFirstWordRule() {
        XCTAssertEqual(TileLabel.headColumns(of: "Spider-Woman (Jessica Drew)"), 8)
        XCTAssertEqual(TileLabel.headColumns(of: "Captain America (1968)"), 7)
        XCTAssertTrue(TileLabel.keepsHead("Spider-W…", of: "Spider-Woman (Jessica Drew)"))
        XCTAssertFalse(TileLabel.keepsHead("Spider-…", of: "Spider-Woman (Jessica Drew)"))
        XCTAssertFalse(TileLabel.keepsHead("Capt… (1968)", of: "Captain America (1968)"))
    }
}
