import Foundation
import TestSupport
import XCTest

/// In tmux on the built-in catalog: tile labels show what tells tiles apart (a series' year, a
/// comic's number and variant mark) where they would read the same, and a page without a
/// picture gives its text the width.
final class TileLabelsEndToEndTests: XCTestCase {
    private var catalog: CatalogCommand!

    override func setUpWithError() throws { catalog = try CatalogCommand(self) }

    /// `series` at 160x45: no two tiles read the same (the two "Amazing Spider-Man" series read
    /// "Amazing Spide…" twice), each keeps its first word, and only those two show their years
    /// (issue 35: a year kept where nothing clashes shrinks the name to 2–4 letters).
    func testSeriesTilesShowTheirYearsOnlyWhereTheyClash() throws {
        let tmux = try catalog.tmux("series", width: 160, height: 45)
        let screen = tmux.waitFor("the series grid", timeout: 30) {
            GalleryScreen($0).names.count >= 21 && GalleryScreen($0).status.contains("1 of 44")
        }
        let names = GalleryScreen(screen).names
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        XCTAssertTrue(names.contains("Amazing S… (1963)") && names.contains("Amazing S… (1987)"), "\(names)")
        XCTAssertTrue(names.contains("Captain America…") && names.contains("Captain Marvel…"), "\(names)")
        XCTAssertFalse(names.contains { $0.range(of: #"^\S{1,6}… \("#, options: .regularExpression) != nil }, "no name cut to a few letters before a year: \(names)")
        tmux.send("q")
    }

    /// A comic and its variants (`comics --title Daredevil`: 13, three of them variants) at
    /// 160x45 and at 80x24 (three columns of 19-column labels): each tile reads differently,
    /// variants say "Var".
    func testComicVariantsKeepTheirNumberAndMark() throws {
        for (width, height) in [(160, 45), (80, 24)] {
            let tmux = try catalog.tmux("comics --title Daredevil", width: width, height: height)
            let screen = tmux.waitFor("the Daredevil comics at \(width)x\(height)", timeout: 30) {
                GalleryScreen($0).names.count >= 6 && GalleryScreen($0).status.contains(" of 13")
            }
            let names = GalleryScreen(screen).names
            XCTAssertEqual(Set(names).count, names.count, "\(width)x\(height): \(names)")
            XCTAssertTrue(names.contains { $0.hasSuffix("#2 Var") }, "\(width)x\(height): \(names)")
            XCTAssertTrue(names.contains { $0.hasSuffix(" #2") }, "\(width)x\(height): \(names)")
            tmux.send("q")
        }
    }

    /// A story (no picture in the contract) opened from 3-D Man's Stories tab: the text starts
    /// at the left edge at 160x45 and on the first line at 80x30, with no stand-in hatching;
    /// Esc goes back to the character with its picture.
    func testAStoryPageUsesTheWholeWidth() throws {
        let tmux = try catalog.tmux("characters", width: 160, height: 45)
        tmux.waitFor("the grid", timeout: 30) { GalleryScreen($0).status.contains("1 of 184") }
        tmux.send("Enter")
        tmux.waitFor("3-D Man's page", timeout: 30) { $0.contains("3 Stories") && $0.contains("Esc back") }
        tmux.send("3")
        // The stories' strip ("Interior #41319" labelled "In… #41319"); Enter on a strip still
        // loading opens nothing.
        tmux.waitFor("the stories strip", timeout: 30) {
            $0.range(of: #"In… #\d+"#, options: .regularExpression) != nil && $0.contains("1 of ")
        }
        tmux.send("Enter")
        // No stand-in picture (before: 60 columns of hatching beside the text).
        let wide = tmux.waitFor("the story page without hatching", timeout: 30) {
            $0.contains("Interior story") && !$0.contains("╱") && GalleryScreen($0).status.contains("Esc back")
        }
        var lines = wide.components(separatedBy: "\n")
        XCTAssertTrue(lines[1].hasPrefix("  Interior #"), "the title at the left edge:\n\(wide)")
        tmux.resize(width: 80, height: 30)
        // The program's own redraw at 80 columns: the title one column in (the wide layout's
        // two), on the first line (under the picture box before).
        let narrow = tmux.waitFor("the story at 80x30 with its title on the first line") { screen in
            let rows = screen.components(separatedBy: "\n")
            return rows.count > 1 && rows[0].count <= 80 && rows[1].hasPrefix(" Interior #")
                && GalleryScreen(screen).status.contains("? help")
        }
        lines = narrow.components(separatedBy: "\n")
        XCTAssertTrue(lines[1].hasPrefix(" Interior #"), "the title on the first line:\n\(narrow)")
        XCTAssertFalse(narrow.contains("╱"), narrow)
        tmux.send("Escape")
        tmux.waitFor("3-D Man again") { $0.components(separatedBy: "\n")[0].contains("3-D Man") }
        tmux.send("q")
    }
}
