import Foundation
import TestSupport
import XCTest

/// The whole contract in the gallery, in tmux against the built-in catalog (issue 13): a
/// character's series and events open pages of their own with their own lists, Esc comes back
/// to exactly the tab and position that were shown, and `series` opens a grid of its own.
/// (The detail end-to-end tests' session and setup, in a file of their own.)
extension DetailEndToEndTests {
    func testSeriesAndEventsOfACharacterOpenTheirPagesAndEscReturnsExactly() throws {
        let pane = try run("character 1009368 --lang en", width: 120)  // Iron Man: 6 series, 3 events
        pane.waitFor("Iron Man's page") { $0.contains("Iron Man") && $0.contains("2 Series 6") }
        pane.send("2")
        pane.waitFor("the series strip") { $0.contains("1 of 6 ·") }
        pane.send("l")
        pane.waitForKeysRead()
        let before = pane.waitFor("the second series selected") { $0.contains("2 of 6 ·") }
        pane.send("Enter")
        let series = pane.waitFor("the series page") { $0.contains("1 Comics") && $0.contains("3 Creators") }
        XCTAssertTrue(series.range(of: #"\d{4}–"#, options: .regularExpression) != nil, "the series' years\n\(series)")
        let creators = try XCTUnwrap(series.firstMatch(of: /3 Creators (\d+)/).map { String($0.1) })
        pane.send("3")
        pane.waitFor("the series' creators") { $0.contains("1 of \(creators) ·") }
        pane.send("Enter")
        pane.waitFor("a creator's page") { $0.contains("1 Comics") && $0.contains("2 Series") && !$0.contains("Creators ") }
        pane.send("Escape")
        pane.waitFor("the series again") { $0.contains("3 Creators") }
        pane.send("Escape")
        // Iron Man's page first (a `?` straight after Esc would be read as Alt-?), then whole.
        pane.waitFor("Iron Man again") { $0.contains("2 of 6 ·") }
        pane.waitForKeysRead()
        let back = pane.waitFor("Iron Man again") { $0.contains("2 of 6 ·") }
        XCTAssertEqual(words(back), words(before), "the same tab, selection and scroll")

        pane.send("4")
        pane.waitFor("the events strip") { $0.contains("1 of 3 ·") }
        pane.send("Enter")
        let event = pane.waitFor("the event page") { $0.contains("1 Comics") && $0.contains("2 Characters") }
        XCTAssertTrue(event.contains(" – "), "the event's dates\n\(event)")
        pane.send("Escape")
        pane.waitFor("Iron Man's events again") { $0.contains("1 of 3 ·") }
        pane.send("q")
        pane.waitFor("the program to end") { $0.contains("EXIT:0") }
    }

    func testSeriesCommandOpensAGridAndEnterOpensTheSeries() throws {
        let pane = try run("series --lang en", width: 120)
        pane.waitFor("the series grid") { TileNames($0).all.count >= 6 && $0.contains("Series") }
        pane.waitForKeysRead()
        let grid = TileNames(pane.waitFor("the series grid") { TileNames($0).all.count >= 6 && $0.contains("Series") })
        pane.send("l")
        pane.waitForKeysRead()
        let moved = TileNames(pane.waitFor("the selection to move") { TileNames($0).selected != grid.selected })
        let selected = try XCTUnwrap(moved.selected)
        pane.send("Enter")
        let page = pane.waitFor("the series page") { $0.contains("1 Comics") && $0.contains("2 Characters") }
        // The tile's label is the title with its middle cut ("Amazi… (1963)"): both ends are in
        // the header's full title.
        let header = page.split(separator: "\n")[0]
        for part in selected.components(separatedBy: "…") {
            XCTAssertTrue(header.contains(part.trimmingCharacters(in: .whitespaces)), "the header names the series (\(selected))\n\(page)")
        }
        pane.send("Escape")
        let back = TileNames(pane.waitFor("the grid again") { TileNames($0).all == moved.all })
        XCTAssertEqual(back.selected, selected)
        pane.send("q")
        pane.waitFor("the program to end") { $0.contains("EXIT:0") }
    }
}

/// The text of a screen without its pictures (which may still be arriving): the lines of
/// letters and digits, in place.
private func words(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        var text = String(line.map { $0.isLetter || $0.isNumber || $0.isPunctuation ? $0 : " " })
        while text.last == " " { text.removeLast() }
        return text
    }
}
