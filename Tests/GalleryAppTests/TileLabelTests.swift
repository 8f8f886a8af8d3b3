import Foundation
import TestSupport
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

    /// Series of one name differ only by their years: "(1963)" stays where the name gave way
    /// (both read "Amazing Spi…" before).
    func testSeriesKeepTheirYears() {
        XCTAssertEqual(TileLabel.fit("Amazing Spider-Man (1963 - 1998)", to: 19), "Amazing Spi… (1963)")
        XCTAssertEqual(TileLabel.fit("Amazing Spider-Man (1963)", to: 14), "Amazin… (1963)")
        XCTAssertEqual(TileLabel.fit("Amazing Spider-Man (1999 - 2013)", to: 30), "Amazing Spider-… (1999 - 2013)")
        let titles = ["Amazing Spider-Man (1963)", "Amazing Spider-Man (2018)", "Amazing Spider-Man (1999 - 2013)"]
        for width in 10...30 {
            let labels = titles.map { TileLabel.fit($0, to: width) }
            XCTAssertEqual(Set(labels).count, 3, "width \(width): \(labels)")
            for label in labels { XCTAssertLessThanOrEqual(TextWidth.of(label), width) }
        }
    }

    /// A comic and its variant differ by number and mark: "#12 Var" stays (brief's example), and
    /// every issue and variant of a run reads differently at every grid tile width from 11 up.
    func testComicsKeepTheirNumberAndVariantMark() {
        XCTAssertEqual(TileLabel.fit("Amazing Spider-Man (1963) #12 (Variant)", to: 17), "Amazing… #12 Var")
        XCTAssertEqual(TileLabel.fit("Daredevil (1964) #3 (Variant)", to: 23), "Daredevil (1964) #3 Var")
        XCTAssertEqual(TileLabel.fit("Incredible Hulk (1968) #1 (Variant)", to: 12), "Incr… #1 Var")
        // Marvel's own spellings (../shared/marvel-recorded): any mark with "variant" in it,
        // a range that is still running.
        XCTAssertEqual(TileLabel.fit("Avengers: The Initiative (2007) #14 (SPOTLIGHT VARIANT)", to: 16), "Avenger… #14 Var")
        XCTAssertEqual(TileLabel.fit("AVENGERS ASSEMBLE (2012 - Present)", to: 17), "AVENGERS… (2012)")
        let run = ["Spider-Man: Miles Morales (2018) #6", "Spider-Man: Miles Morales (2018) #6 (Variant)",
                   "Spider-Man: Miles Morales (2018) #7", "Spider-Man: Miles Morales (2018) #7 (Variant)",
                   "Spider-Man: Miles Morales (2018) #16", "Spider-Man: Miles Morales (2018) #16 (Variant)"]
        for width in 9...40 {
            let labels = run.map { TileLabel.fit($0, to: width) }
            XCTAssertEqual(Set(labels).count, run.count, "width \(width): \(labels)")
            for label in labels { XCTAssertLessThanOrEqual(TextWidth.of(label), width, label) }
        }
        // The narrowest tiles (8 columns): the number and the mark, the name in the status line.
        XCTAssertEqual(TileLabel.fit("Avengers (1963) #7 (Variant)", to: 8), "… #7 Var")
        XCTAssertEqual(TileLabel.fit("Avengers (1963) #7", to: 8), "Aven… #7")
    }

    /// Collections differ by their volume; the format mark after it is the frame's label anyway.
    func testCollectionsKeepTheirVolume() {
        XCTAssertEqual(TileLabel.fit("Avengers Omnibus Vol. 3 (Hardcover)", to: 14), "Avenge… Vol. 3")
        let one = TileLabel.fit("Marvel Masterworks: The Amazing Spider-Man Vol. 1 (Hardcover)", to: 16)
        let two = TileLabel.fit("Marvel Masterworks: The Amazing Spider-Man Vol. 2 (Hardcover)", to: 16)
        XCTAssertEqual(one, "Marvel M… Vol. 1")
        XCTAssertNotEqual(one, two)
    }

    /// Wide characters count two columns: the label never overflows and the year stays.
    func testWideCharactersKeepTheTailAndTheWidth() {
        let title = "アメイジング・スパイダーマン (1963)"
        for width in 10...30 {
            let label = TileLabel.fit(title, to: width)
            XCTAssertLessThanOrEqual(TextWidth.of(label), width, label)
            XCTAssertTrue(label.hasSuffix(" (1963)"), "width \(width): \(label)")
        }
        XCTAssertEqual(TileLabel.fit(title, to: 14), "アメイ… (1963)")
        XCTAssertEqual(TileLabel.fit(title, to: 15), "アメイ… (1963)", "a wide character never straddles the cut")
        XCTAssertEqual(TileLabel.fit("スパイダーマン (2018) #3 (Variant)", to: 14), "スパイ… #3 Var")
    }

    /// Names without such a tail keep the name rule: "Spider-Man (Peter Parker)" has a mark but
    /// no number, so it is not a comic's tail.
    func testNamesKeepTheirRule() {
        XCTAssertEqual(TileLabel.fit("Absorbing Man", to: 12), "Absorbi… Man")
        XCTAssertEqual(TileLabel.fit("Spider-Man (Peter Parker)", to: 20), "Spider-Man… Parker)")
        XCTAssertNil(TileLabel.TellingTail("Spider-Man (Peter Parker)"))
        XCTAssertNil(TileLabel.TellingTail("Captain America"))
    }
}

/// Names shown together are cut together: two that would read the same show what tells them
/// apart (the catalog's comics by issue number put "Amazing Spider-Man (1963) #1" beside
/// "Amazing Spider-Man Digest (1987) #1": both read "Amazing Spide… #1" on a 17-column tile).
final class TileLabelTogetherTests: XCTestCase {
    func testTheYearsTellTwoSeriesApartWhenTheirCutsMeet() {
        let names = ["Amazing Spider-Man (1963) #1", "Amazing Spider-Man Digest (1987) #1", "Avengers (1963) #1"]
        XCTAssertEqual(TileLabel.fit(names[0], to: 17), TileLabel.fit(names[1], to: 17), "the case: alone they read the same")
        let labels = TileLabel.fit(names, to: 17)
        XCTAssertEqual(labels, ["Amazin… (1963) #1", "Amazin… (1987) #1", TileLabel.fit(names[2], to: 17)])
    }

    func testTheWordsWhereTheNamesPartTellThemApartWhenTheirTailsAreTheSame() {
        let names = ["Marvel Universe Avengers Earth's Mightiest Heroes (2012) #1", "Marvel Universe Ultimate Spider-Man (2012) #1"]
        XCTAssertEqual(TileLabel.fit(names[0], to: 21), TileLabel.fit(names[1], to: 21), "the case")
        let labels = TileLabel.fit(names, to: 21)
        XCTAssertEqual(labels, ["…Avengers Earth's… #1", "…Ultimate Spider-… #1"])
        for width in 8...40 {
            let labels = TileLabel.fit(names, to: width)
            XCTAssertTrue(labels.allSatisfy { TextWidth.of($0) <= width }, "\(width): \(labels)")
        }
    }

    func testTheSameNameTwiceAndNamesNothingTellsApartKeepTheirPlainLabels() {
        let names = ["Thor (1966) #1", "Thor (1966) #1", "Wolverine", "Amazing Spider-Man (1963) #1", "Amazing Spider-Man Digest (1987) #1"]
        let labels = TileLabel.fit(names, to: 6)
        XCTAssertEqual(labels, names.map { TileLabel.fit($0, to: 6) })
        XCTAssertEqual(TileLabel.fit(names, to: 40), names)
    }

    /// Every screenful of the built-in catalog's comics and series, ordered by title and by
    /// issue number, at the tile widths of 80 to 200 columns: shared labels before and after.
    func testTheCatalogsScreensfulReadDifferently() throws {
        var titles: [String] = []
        for file in ["comics-1", "comics-2", "comics-3", "comics-4", "comics-5", "series-1"] {
            let url = RepoPaths.root.appendingPathComponent("Fixtures/catalog/\(file).json")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            let items = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["results"] as? [[String: Any]])
                ?? (((json as? [String: Any])?["data"] as? [String: Any])?["results"] as? [[String: Any]]) ?? []
            titles += items.compactMap { $0["title"] as? String }
        }
        XCTAssertGreaterThan(titles.count, 400)
        let byNumber = titles.sorted { ($0.split(separator: "#").last ?? "", $0) < ($1.split(separator: "#").last ?? "", $1) }
        for width in [13, 17, 21] {
            var alone = 0, together = 0
            for order in [titles.sorted(), byNumber] {
                for start in stride(from: 0, to: order.count, by: 24) {
                    let screen = Array(order[start..<min(order.count, start + 24)])
                    alone += shared(screen, screen.map { TileLabel.fit($0, to: width) })
                    together += shared(screen, TileLabel.fit(screen, to: width))
                }
            }
            print("TileLabelTogetherTests width \(width): names sharing a label on a screen alone \(alone), together \(together)")
            XCTAssertGreaterThan(alone, 0, "the catalog has the case at \(width)")
            XCTAssertEqual(together, 0, "width \(width)")
        }
    }

    /// Different names on one screen whose labels equal another's.
    private func shared(_ names: [String], _ labels: [String]) -> Int {
        var byLabel: [String: Set<String>] = [:]
        for (name, label) in zip(names, labels) { byLabel[label, default: []].insert(name) }
        return byLabel.values.filter { $0.count > 1 }.reduce(0) { $0 + $1.count }
    }
}
