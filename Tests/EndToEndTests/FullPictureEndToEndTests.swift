import Foundation
import TestSupport
import XCTest

/// `z` in the real program inside tmux: the selected tile's picture over the whole screen
/// (half-blocks here), then Esc back to the same screen, colour for colour.
final class FullPictureEndToEndTests: XCTestCase {
    override func setUpWithError() throws { try Prerequisites.tmuxAndProgram() }

    func testGridZEscComesBackToTheSameScreen() throws {
        let images = FileManager.default.temporaryDirectory.appendingPathComponent("mg-z-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: images) }
        let command = "\(TmuxSession.quote(RepoPaths.executable.path)) characters --image-cache \(TmuxSession.quote(images.path))"
        let tmux = try TmuxSession(command: command, width: 100, height: 30,
                                   environment: ["XDG_DATA_HOME": images.appendingPathComponent("data").path])
        tmux.waitFor("the gallery", timeout: 30) { GalleryScreen($0).names.contains("3-D Man") }
        tmux.send("Right")
        tmux.send("Down")
        // Every picture on screen drawn: the screen stays the same for half a second.
        var before = tmux.captureWithEscapes(), since = Date()
        tmux.waitFor("the grid's pictures", timeout: 30) { _ in
            let now = tmux.captureWithEscapes()
            if now != before { (before, since) = (now, Date()) }
            return Date().timeIntervalSince(since) > 0.5
        }
        let grid = tmux.captureWithEscapes()
        let name = try XCTUnwrap(GalleryScreen(tmux.capture()).selectedName)
        XCTAssertFalse(["3-D Man", "A-Bomb (HAS)"].contains(name), "the second row's tile")

        tmux.type("z")
        let full = tmux.waitFor("the full picture", timeout: 30) { screen in
            screen.contains("\(name)  ·  any key goes back") && screen.filter { $0 == "▀" }.count > 500
        }
        let rows = full.components(separatedBy: "\n")
        let pictureRows = rows.filter { $0.contains("▀") }.count
        XCTAssertGreaterThanOrEqual(pictureRows, 27, "the picture takes the screen's height:\n\(full)")
        XCTAssertFalse(full.contains("3-D Man"), "nothing of the grid shows:\n\(full)")

        tmux.send("Escape")
        tmux.waitFor("the same grid, colour for colour") { _ in tmux.captureWithEscapes() == grid }
        XCTAssertEqual(GalleryScreen(tmux.capture()).selectedName, name)
        tmux.type("q")
        tmux.waitFor("the exit") { $0.contains("EXIT:") }
        print("FullPictureEndToEndTests: full picture of \(name):\n\(full)")
    }

    /// Covers a client must survive (`serve --hostile-covers 1`: a JPEG cut in its scan, a PNG
    /// declaring 65000x65000): `z` says so in one line, and Esc is back on the same grid.
    func testAPictureThatCannotBeShownIsOneLineAndEscBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-z-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(executable: RepoPaths.executable, extraArguments: ["--hostile-covers", "1"])
        let command = "\(TmuxSession.quote(RepoPaths.executable.path)) comics --base-url \(server.baseURL.absoluteString) "
            + "--image-cache \(TmuxSession.quote(folder.path))"
        let tmux = try TmuxSession(command: command, width: 100, height: 30,
                                   environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path])
        tmux.waitFor("the comics", timeout: 30) { GalleryScreen($0).selectedName != nil }
        let grid = tmux.capture()
        let name = try XCTUnwrap(GalleryScreen(grid).selectedName)
        tmux.type("z")
        let screen = tmux.waitFor("the one line", timeout: 30) { $0.contains("no picture to show (missing, damaged or too large)") }
        let lines = screen.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        XCTAssertEqual(lines.count, 1, screen)
        XCTAssertTrue(lines[0].hasPrefix(" " + name.prefix { $0 != "…" }.prefix(8)), "the tile's name first: \(lines[0])")
        tmux.send("Escape")
        tmux.waitFor("the same grid") { GalleryScreen($0).selectedName == name && !$0.contains("no picture to show") }
        tmux.type("q")
        tmux.waitFor("the exit") { $0.contains("EXIT:0") }
    }
}
