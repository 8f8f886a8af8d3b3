import Foundation
import TestSupport
import XCTest

/// Two galleries on the same favourites and history at the same time (issue 36): each save
/// re-reads the file and merges under a lock, so what either one saved survives.
final class TwoGalleriesSavedEndToEndTests: XCTestCase {
    private var galleries: SharedDataGalleries!

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
        galleries = try SharedDataGalleries("mg-two")
    }

    override func tearDownWithError() throws { galleries?.remove() }

    private var dataHome: String { galleries.dataHome }
    private func gallery(_ name: String) throws -> TmuxSession { try galleries.gallery(name) }

    /// `marvel-gallery LIST --json` with this test's data: the saved ids.
    private func saved(_ list: String) throws -> [Int] {
        // stdout alone: the attribution goes to stderr.
        let r = try Spawn.status(["/usr/bin/env", "XDG_DATA_HOME=\(dataHome)", "/bin/sh", "-c", "exec \"$0\" \"$1\" --json 2>/dev/null",
                                  RepoPaths.executable.path, list])
        XCTAssertEqual(r.status, 0, r.output)
        let json = try XCTUnwrap(r.output.data(using: .utf8))
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [[String: Any]], r.output)
        return entries.compactMap { $0["id"] as? Int }
    }

    /// One gallery stars the first 50 characters, the other the last 50, keys sent to both in
    /// turn: 100 favourites. Then each opens the 50 pages it starred: 100 in the history.
    func testTwoGalleriesStarringAndOpeningFiftyEachLoseNothing() throws {
        let first = try gallery("a"), second = try gallery("b")
        first.waitFor("the first gallery", timeout: 30) { GalleryScreen($0).names.contains("3-D Man") }
        second.waitFor("the second gallery", timeout: 30) { GalleryScreen($0).names.contains("3-D Man") }
        // The second walks its last 50 in first, so every tile it stars is loaded (a gap
        // cannot be starred), and comes back to the end.
        let loaded: (String) -> Bool = { screen in !GalleryScreen(screen).names.isEmpty && !GalleryScreen(screen).names.contains("…") }
        second.send("End")
        second.waitFor("the second at its end", timeout: 30) { $0.contains("end of list") && loaded($0) }
        for page in 0..<3 {
            second.send("PageUp")
            second.waitFor("the page above (\(page))", timeout: 30) { !$0.contains("end of list") && loaded($0) }
        }
        second.send("End")
        second.waitFor("the second at its end again", timeout: 30) { $0.contains("end of list") && loaded($0) }
        for _ in 0..<10 {
            first.send("f", "Right", "f", "Right", "f", "Right", "f", "Right", "f", "Right")
            second.send("f", "Left", "f", "Left", "f", "Left", "f", "Left", "f", "Left")
        }
        first.waitForKeysRead()
        second.waitForKeysRead()
        let favourites = try saved("favourites")
        XCTAssertEqual(favourites.count, 100, "\(favourites)")
        XCTAssertEqual(Set(favourites).count, 100)

        // Back over the same tiles, opening each page.
        for step in 0..<50 {
            first.send("Left")
            second.send("Right")
            for tmux in [first, second] { tmux.send("Enter") }
            for tmux in [first, second] {
                tmux.waitFor("a page (\(step))", timeout: 30) { $0.contains("Links") }
            }
            for tmux in [first, second] { tmux.send("Escape") }
            for tmux in [first, second] {
                tmux.waitFor("the grid again (\(step))", timeout: 30) { !$0.contains("Links") && GalleryScreen($0).selectedName != nil }
            }
        }
        for tmux in [first, second] {
            tmux.send("q")
            tmux.waitFor("the exit", timeout: 30) { $0.contains("EXIT:") }
            XCTAssertTrue(tmux.capture().contains("EXIT:0"), tmux.capture())
        }
        let history = try saved("recent")
        XCTAssertEqual(history.count, 100, "\(history)")
        XCTAssertEqual(Set(history), Set(favourites), "each page opened is one starred")
        XCTAssertEqual(Set(try saved("favourites")), Set(favourites), "nothing lost at exit")
    }
}
