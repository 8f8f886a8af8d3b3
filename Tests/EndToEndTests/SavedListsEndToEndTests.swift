import Foundation
import TestSupport
import XCTest

/// Favourites and history in the real program inside tmux (`-f /dev/null`, a private socket),
/// across restarts, with `XDG_DATA_HOME` in a temporary folder: `f` on a tile, then
/// `marvel-gallery favourites` shows it; two pages opened, then `recent` lists them most recent
/// first (the grid, `H`, and `--plain`).
final class SavedListsEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var dataHome: String { folder.appendingPathComponent("data").path }

    /// The gallery running `arguments` with its own data and picture folders.
    private func gallery(_ arguments: String) throws -> TmuxSession {
        let command = "\(TmuxSession.quote(RepoPaths.executable.path)) \(arguments) --image-cache \(TmuxSession.quote(folder.path + "/images"))"
        return try TmuxSession(command: command, width: 120, height: 40, environment: ["XDG_DATA_HOME": dataHome])
    }

    /// Opens the selected tile's page (`name`'s) and comes back to the grid with it selected.
    private func visit(_ tmux: TmuxSession, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        tmux.send("Enter")
        tmux.waitFor("\(name)'s page", file: file, line: line) { $0.contains(name) && $0.contains("Links") }
        tmux.send("Escape")
        tmux.waitFor("the grid again", file: file, line: line) { GalleryScreen($0).selectedName == name }
    }

    private func quit(_ tmux: TmuxSession, keys: String = "q", file: StaticString = #filePath, line: UInt = #line) {
        tmux.type(keys)
        let screen = tmux.waitFor("the exit", file: file, line: line) { $0.contains("EXIT:") }
        XCTAssertTrue(screen.contains("EXIT:0"), screen, file: file, line: line)
    }

    /// `marvel-gallery LIST --plain` with this test's data folder: stdout and stderr.
    private func plain(_ arguments: [String]) throws -> (Int32, String) {
        try Spawn.status(["/usr/bin/env", "XDG_DATA_HOME=\(dataHome)", RepoPaths.executable.path] + arguments)
    }

    func testStarOnATileSurvivesARestartAndFavouritesShowsIt() throws {
        let first = try gallery("characters")
        first.waitFor("the gallery") { GalleryScreen($0).names.contains("3-D Man") }
        first.send("Right")
        first.type("f")
        first.waitFor("the star's confirmation") { $0.contains("★ starred: A-Bomb (HAS)") }
        first.send("Left")  // the confirmation goes; the star stays on the tile
        let starred = first.waitFor("the star on the tile") { !$0.contains("starred:") && $0.contains("★") }
        quit(first)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataHome + "/marvel-gallery/favourites.json"))

        let second = try gallery("favourites")
        let screen = second.waitFor("the favourites grid") {
            $0.contains("★ Favourites") && GalleryScreen($0).names.contains("A-Bomb (HAS)") && $0.contains("1 of 1")
        }
        XCTAssertTrue(screen.contains("★"), screen)
        second.send("Enter")
        second.waitFor("A-Bomb's page, starred") { $0.contains("★ A-Bomb (HAS)") && $0.contains("Links") }
        quit(second, keys: "qq")

        let (status, output) = try plain(["favourites", "--plain"])
        XCTAssertEqual(status, 0, output)
        let line = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("characters\t") })
        let fields = line.split(separator: "\t").map(String.init)
        XCTAssertEqual(fields[2], "A-Bomb (HAS)")
        XCTAssertTrue(output.contains("1 favourite\n"), output)
        let (jsonStatus, json) = try plain(["favourites", "--json"])
        XCTAssertEqual(jsonStatus, 0)
        XCTAssertTrue(json.contains("\"resourceURI\" : \"http://gateway.marvel.com/v1/public/characters/\(fields[1])\""), json)
        XCTAssertFalse(json.contains("127.0.0.1"), "a saved picture never points at the run's loopback port: \(json)")
        print("SavedListsEndToEndTests: starred tile screen:\n\(starred)\nfavourites grid:\n\(screen)")
    }

    func testTwoOpenedPagesSurviveARestartMostRecentFirst() throws {
        let first = try gallery("characters")
        first.waitFor("the gallery") { GalleryScreen($0).names.contains("3-D Man") }
        visit(first, "3-D Man")
        first.send("Right")
        visit(first, "A-Bomb (HAS)")
        first.type("H")
        let inApp = first.waitFor("the recent grid") { $0.contains("Recently opened") && $0.contains("1 of 2") }
        XCTAssertEqual(GalleryScreen(inApp).names.prefix(2), ["A-Bomb (HAS)", "3-D Man"], inApp)
        first.send("Escape")
        first.waitFor("the characters grid") { $0.contains("Characters") && !$0.contains("Recently opened") }
        quit(first)

        let second = try gallery("recent")
        let screen = second.waitFor("the recent grid after a restart") { $0.contains("Recently opened") && $0.contains("1 of 2") }
        XCTAssertEqual(GalleryScreen(screen).names.prefix(2), ["A-Bomb (HAS)", "3-D Man"], screen)
        quit(second)

        let (status, output) = try plain(["recent", "--plain"])
        XCTAssertEqual(status, 0, output)
        let names = output.split(separator: "\n").filter { $0.hasPrefix("characters\t") }.map { $0.split(separator: "\t")[2] }
        XCTAssertEqual(names, ["A-Bomb (HAS)", "3-D Man"], output)
    }

    /// A corrupt favourites file: the program starts, says so once, stars in memory, and the
    /// file is left as it was.
    func testCorruptFavouritesFileIsSaidOnceAndKept() throws {
        let dir = dataHome + "/marvel-gallery"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let garbage = Data("{\"version\":1,\"entries\":[{\"kind\":\"characters\",\u{1B}[31m".utf8)
        try garbage.write(to: URL(fileURLWithPath: dir + "/favourites.json"))
        let tmux = try gallery("characters")
        // The notice comes with the first frame; `f` needs a tile, so the grid is waited for too.
        tmux.waitFor("the notice and the grid") {
            $0.contains("not a readable list (corrupt)") && GalleryScreen($0).names.contains("3-D Man")
        }
        tmux.type("f")
        tmux.waitFor("the star in memory") { $0.contains("★ starred: 3-D Man") }
        quit(tmux)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/favourites.json")), garbage)
        let (status, output) = try plain(["favourites", "--plain"])
        XCTAssertEqual(status, 0)
        XCTAssertTrue(output.contains("favourites.json: not a readable list (corrupt); kept in memory this run"), output)
    }

    /// A directory where history.json should be: the program starts, says so, and the history
    /// works in memory for the run (`H` lists the page just opened); the directory is untouched.
    func testHistoryPathIsADirectoryKeepsTheHistoryInMemory() throws {
        let history = dataHome + "/marvel-gallery/history.json"
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        let tmux = try gallery("characters")
        tmux.waitFor("the notice and the grid") {
            $0.contains("history.json: is a directory") && GalleryScreen($0).names.contains("3-D Man")
        }
        visit(tmux, "3-D Man")
        tmux.type("H")
        let screen = tmux.waitFor("the history in memory") { $0.contains("Recently opened") && $0.contains("1 of 1") }
        XCTAssertEqual(GalleryScreen(screen).names.first, "3-D Man", screen)
        quit(tmux)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: history, isDirectory: &isDirectory) && isDirectory.boolValue)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: history), [])
    }
}
