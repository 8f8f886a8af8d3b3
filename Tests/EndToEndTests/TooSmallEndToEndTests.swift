import Foundation
import TestSupport
import XCTest

/// The "Terminal too small" screen in tmux: keys typed at it must not act unseen. Otherwise
/// `j j Enter` there would move the selection and open a page, and `/` the search field, so
/// the enlarged window would show somewhere the user never chose.
final class TooSmallEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    func testKeysAtTheTooSmallScreenLeaveTheGridWhereItWas() throws {
        let cache = try temporaryDirectory().path
        let pane = try TmuxSession(command: "\(TmuxSession.quote(RepoPaths.executable.path)) characters --lang en --image-cache \(TmuxSession.quote(cache))",
                                   width: 120, height: 40)
        pane.waitFor("the grid") { TileNames($0).all.contains("3-D Man") }
        pane.send("l", "j")
        pane.waitForKeysRead()
        let before = TileNames(pane.waitFor("the selection to move") { TileNames($0).selected.map { $0 != "3-D Man" } ?? false })
        let selected = try XCTUnwrap(before.selected)
        let position = try XCTUnwrap(Self.position(pane.capture()), "the status line's \"N of M\"")

        pane.resize(width: 20, height: 8)
        pane.waitFor("the too-small screen") { $0.contains("small") && !$0.contains("3-D Man") }
        pane.send("j", "j", "Enter", "/", "s", "p", "G")
        // The screen's own answer that the keys were read (and ignored).
        pane.waitFor("the keys ignored") { $0.contains("Enlarge") }

        pane.resize(width: 120, height: 40)
        // The resize reaches the program apart from the keys: the grid first, then `?`.
        pane.waitFor("the grid again") { TileNames($0).all.contains("3-D Man") }
        pane.waitForKeysRead()
        var screen = pane.waitFor("the grid again") { TileNames($0).all.contains(selected) }
        XCTAssertEqual(TileNames(screen).selected, selected, "the selection where it was:\n\(screen)")
        XCTAssertEqual(TileNames(screen).all, before.all, "the same tiles on screen")
        XCTAssertFalse(screen.contains("Search ›"), "no search field opened unseen")
        XCTAssertEqual(Self.position(screen), position)

        // Small and large again, to another size: the selection is kept.
        pane.resize(width: 30, height: 9)
        pane.waitFor("the too-small screen") { $0.contains("small") && !$0.contains("3-D Man") }
        pane.resize(width: 100, height: 30)
        screen = pane.waitFor("the grid at 100x30") { TileNames($0).all.contains("3-D Man") && Self.position($0) != nil }
        XCTAssertEqual(Self.position(screen), position, "the same selection:\n\(screen)")

        // q still quits from the too-small screen.
        pane.resize(width: 20, height: 8)
        pane.waitFor("the too-small screen") { $0.contains("small") && !$0.contains("3-D Man") }
        pane.send("q")
        pane.waitFor("the program to quit") { $0.contains("EXIT:0") }
    }

    /// The selection's place in the list from the status line ("10 of 184").
    static func position(_ screen: String) -> String? {
        guard let status = screen.split(separator: "\n").last,
              let r = status.range(of: #"[0-9]+ of [0-9]+"#, options: .regularExpression) else { return nil }
        return String(status[r])
    }
}
