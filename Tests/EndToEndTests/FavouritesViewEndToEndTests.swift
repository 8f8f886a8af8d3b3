import Foundation
import TestSupport
import XCTest

/// `F` in the real program, with a second gallery on the same favourites (tmux, a private
/// socket, `XDG_DATA_HOME` in a temporary folder): the open view shows the other gallery's star
/// without a key pressed, and unstarring it from the view takes it off the file.
final class FavouritesViewEndToEndTests: XCTestCase {
    private var galleries: SharedDataGalleries!

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
        galleries = try SharedDataGalleries("mg-favview")
    }

    override func tearDownWithError() throws { galleries?.remove() }

    private var dataHome: String { galleries.dataHome }
    private func gallery(_ name: String) throws -> TmuxSession { try galleries.gallery(name) }

    /// The names in the favourites file now.
    private func favourites() -> [String] {
        guard let data = FileManager.default.contents(atPath: dataHome + "/marvel-gallery/favourites.json"),
              let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = file["entries"] as? [[String: Any]] else { return [] }
        return entries.compactMap { $0["name"] as? String }
    }

    /// Polls the file until `condition` holds (the write is the signal), at most `timeout` s.
    private func waitForFile(_ what: String, timeout: TimeInterval = 15, _ condition: ([String]) -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(favourites()), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(condition(favourites()), "\(what): \(favourites())")
    }

    func testTheOpenViewReadsAnotherGallerysStarAndUnstarringItReachesTheFile() throws {
        let first = try gallery("a"), second = try gallery("b")
        first.waitFor("the first gallery", timeout: 30) { GalleryScreen($0).names.contains("3-D Man") }
        second.waitFor("the second gallery", timeout: 30) { GalleryScreen($0).names.contains("3-D Man") }
        first.type("f")
        first.waitFor("the first star") { $0.contains("★ starred: 3-D Man") }
        first.type("?")
        first.waitFor("F in the help") { $0.contains("favourites (starred pages)") }
        first.type("x")  // any other key closes the help
        first.waitFor("the help closed") { !$0.contains("favourites (starred pages)") }
        first.type("F")
        let view = first.waitFor("the favourites view") {
            $0.contains("★ Favourites") && GalleryScreen($0).names == ["3-D Man"] && $0.contains("1 of 1")
        }

        second.send("Right")
        second.type("f")
        second.waitFor("the second star") { $0.contains("★ starred: A-Bomb (HAS)") }
        waitForFile("both stars on disk") { Set($0) == ["3-D Man", "A-Bomb (HAS)"] }

        // No key: the view looks at its file and shows the other gallery's star (starred in
        // the same second, either may come first).
        let both = first.waitFor("the other gallery's star in the view") {
            Set(GalleryScreen($0).names) == ["A-Bomb (HAS)", "3-D Man"] && $0.contains("of 2")
        }
        XCTAssertEqual(GalleryScreen(both).selectedName, "3-D Man", "the selection stays on its tile")
        first.send(GalleryScreen(both).names.first == "3-D Man" ? "Right" : "Left")
        first.waitFor("A-Bomb selected") { GalleryScreen($0).selectedName == "A-Bomb (HAS)" }
        first.type("f")
        first.waitFor("the star taken off") { $0.contains("star removed: A-Bomb (HAS)") }
        waitForFile("the star off on disk") { $0 == ["3-D Man"] }
        first.send("Enter")
        first.waitFor("A-Bomb's page from the view") { $0.contains("A-Bomb (HAS)") && $0.contains("Links") }
        first.send("Escape")
        first.waitFor("the view again") { $0.contains("★ Favourites") && GalleryScreen($0).selectedName == "A-Bomb (HAS)" }

        for tmux in [first, second] {
            tmux.type("q")
            tmux.waitFor("the exit", timeout: 30) { $0.contains("EXIT:") }
            XCTAssertTrue(tmux.capture().contains("EXIT:0"), tmux.capture())
        }
        XCTAssertEqual(favourites(), ["3-D Man"], "nothing written back at exit")
        print("FavouritesViewEndToEndTests: view before:\n\(view)\nwith the other star:\n\(both)")
    }
}
