import Foundation
import TestSupport
import XCTest

/// Detail pages, the comics gallery and languages driven in tmux (the shared `TmuxSession`)
/// against the in-process loopback catalog (issue 8, item 9).
final class DetailEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }
    private let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-detail-\(getpid())").path

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: cache)
        try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-opener-\(getpid())"))
        super.tearDown()
    }

    func run(_ arguments: String, width: Int = 140, height: Int = 40,
                     environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(command: "\(TmuxSession.quote(executable.path)) \(arguments) --image-cache \(TmuxSession.quote(cache))",
                       width: width, height: height, environment: environment)
    }

    func testOpenCharacterWideThenStackedOpenComicAndBackTwiceToTheSameGridPosition() throws {
        let pane = try run("characters --lang en")
        pane.waitFor("the grid") { TileNames($0).all.contains("3-D Man") }
        pane.send("l", "l", "j")
        // The three keys can be drawn one frame each: wait until the program has read them all.
        pane.waitForKeysRead()
        let grid = TileNames(pane.waitFor("the selection to move") { TileNames($0).selected.map { $0 != "3-D Man" } ?? false })
        let selected = try XCTUnwrap(grid.selected)

        pane.send("Enter")
        var screen = pane.waitFor("the wide detail") { $0.contains("Links") && $0.contains("1 Comics") }
        let wideLinks = try XCTUnwrap(column(of: "Links", in: screen))
        XCTAssertGreaterThan(wideLinks, 40, "wide: details to the right of the picture\n\(screen)")
        XCTAssertTrue(screen.split(separator: "\n")[0].contains(selected.prefix(8)), "the header names the character")

        pane.resize(width: 70, height: 40)
        // The stacked text can be drawn a frame before the picture arrives at its new size
        // (it is requested again for the new layout), so wait for both.
        func pictureAboveTabs(_ s: String) -> Bool {
            let lines = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let tabsRow = lines.firstIndex(where: { $0.contains("1 Comics") }), tabsRow > 1 else { return false }
            return lines[1..<tabsRow].contains { $0.contains("▀") }
        }
        screen = pane.waitFor("the stacked layout with its picture on top") { s in
            (column(of: "1 Comics", in: s).map { $0 < 4 } ?? false) && pictureAboveTabs(s)
        }
        XCTAssertTrue(pictureAboveTabs(screen), "narrow: the picture above the details")

        pane.send("l")
        pane.waitFor("the second cover selected") { $0.contains("2 of ") }
        pane.send("Enter")
        // The rows it reads, not only the first of them: tmux 3.3 has no synchronized output
        // and a capture can fall inside a frame (the key hints of the status line may be there
        // from the page's loading frame, so they are no sign the details' rows are).
        screen = pane.waitFor("the comic detail with its dates or price") {
            $0.contains(" pages") && $0.contains("Creators") && ($0.contains("On sale") || $0.contains("Price"))
        }
        XCTAssertTrue(screen.contains("On sale") || screen.contains("Price"), screen)

        pane.resize(width: 140, height: 40)
        pane.waitFor("the comic in the wide layout") { s in column(of: "Creators", in: s).map { $0 > 20 } ?? false }
        pane.send("Escape")
        pane.waitFor("the character again") { $0.contains("1 Comics") }
        pane.send("Escape")
        // The same tiles on screen (waited for: a frame can be captured while it is being written).
        let back = TileNames(pane.waitFor("the grid again with the same tiles") { TileNames($0).all == grid.all })
        XCTAssertEqual(back.selected, selected, "the same character selected")
    }

    func testCharacterCommandOpensFullScreenAndLinksOpenWithXdgOpen() throws {
        // A stand-in xdg-open on PATH that records what it was asked to open.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-opener-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let record = folder.appendingPathComponent("opened.txt")
        try? FileManager.default.removeItem(at: record)
        let opener = folder.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(TmuxSession.quote(record.path))\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let pane = try run("character 1011334 --lang en", environment: ["PATH": path])
        // The link rows under "Links" too: a capture can fall inside a frame (tmux 3.3 has no
        // synchronized output), "Links" written and the rows under it not yet.
        let screen = pane.waitFor("3-D Man's detail with its links") {
            $0.contains("3-D Man") && $0.contains("Links") && $0.contains("▶ detail")
        }
        XCTAssertTrue(screen.contains("▶ detail"))
        pane.send("u")
        pane.send("o")
        let status = pane.waitFor("the opened notice") { $0.contains("opened https://") }
        XCTAssertTrue(status.contains("marvel.com"))
        // The stand-in's own record, once it has written its line: the program waits up to 2 s
        // for xdg-open's verdict and then says "opened", which a busy machine can reach before
        // the stand-in's shell has run.
        var opened = ""
        let deadline = Date().addingTimeInterval(30)
        while !opened.hasSuffix("\n") && Date() < deadline {
            opened = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if !opened.hasSuffix("\n") { usleep(50_000) }
        }
        XCTAssertTrue(opened.hasPrefix("https://marvel.com/universe/3-D_Man"), opened)

        pane.send("q")
        pane.waitFor("the program to end") { $0.contains("EXIT:0") }
    }

    func testComicsGalleryColoursTilesByFormat() throws {
        // `swift test` may export NO_COLOR; the colours are what this test looks at.
        let pane = try run("comics --lang en", width: 120, height: 40, environment: ["NO_COLOR": ""])
        // The legend is the first row and the status line the last one the frame writes (tmux 3.3
        // has no synchronized output: a capture can fall inside it, the tiles' labels not yet in).
        pane.waitFor("the comics grid with its legend") {
            $0.contains("■ Digital") && $0.contains("Comics") && $0.contains("╭") && GalleryScreen($0).status.contains(" of 440")
        }
        let styled = pane.captureWithEscapes()
        // Truecolor (COLORTERM=truecolor): each format colour appears in the legend.
        for (name, rgb) in [("sky", "0;175;215"), ("green", "95;175;0"), ("gold", "215;175;0"),
                            ("orchid", "215;95;215"), ("periwinkle", "95;135;255"), ("grey", "158;158;158")] {
            XCTAssertTrue(styled.contains("38;2;\(rgb)m"), "\(name) missing")
        }
        // The first tiles are digital comics: their frames are sky.
        let frameLine = try XCTUnwrap(styled.split(separator: "\n").first { $0.contains("╭") })
        XCTAssertTrue(frameLine.contains("38;2;0;175;215m"), "sky frames: \(frameLine.prefix(300))")
        let text = pane.capture()
        XCTAssertTrue(text.contains("Digital V"), "format labels on the tiles")
    }

    func testSpanishWithLangAndFromTheLocale() throws {
        let pane = try run("characters --lang es")
        // The status line (the frame's last row) too: a capture can fall inside a frame.
        var screen = pane.waitFor("the Spanish grid") {
            $0.contains("Personajes") && TileNames($0).selected == "3-D Man" && GalleryScreen($0).status.contains("catálogo sin conexión")
        }
        XCTAssertTrue(screen.contains("catálogo sin conexión"), screen)
        pane.send("Enter")
        // Its tabs' row (below "Enlaces") and the status line (the frame's last row) too.
        screen = pane.waitFor("the Spanish detail") {
            $0.contains("Enlaces") && $0.contains("1 Cómics") && GalleryScreen($0).status.contains("Esc volver")
        }
        XCTAssertTrue(screen.contains("1 Cómics"))
        XCTAssertTrue(screen.contains("Esc volver"))

        let byLocale = try run("characters", environment: ["LANG": "es_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        byLocale.waitFor("Spanish from LANG") { $0.contains("Personajes") && $0.contains("buscar") }
    }
}

/// Column of the first occurrence of `text` on screen (display columns, one per character here).
func column(of text: String, in screen: String) -> Int? {
    for line in screen.split(separator: "\n") {
        if let range = line.range(of: text) { return line.distance(from: line.startIndex, to: range.lowerBound) }
    }
    return nil
}

/// The tile names on a grid screen, and the selected one (heavy frame `┃name┃`).
struct TileNames {
    var all: [String] = []
    var selected: String?

    init(_ screen: String) {
        for line in screen.split(separator: "\n") where !line.contains("▀") && !line.contains("╱") && !line.contains("●") {
            var current = ""
            var open: Character?
            for c in line {
                if c == "│" || c == "┃" {
                    if let start = open, start == c {
                        let name = current.trimmingCharacters(in: .whitespaces)
                        if name.contains(where: \.isLetter) || name.contains(where: \.isNumber) {
                            all.append(name)
                            if c == "┃" { selected = name }
                        }
                        open = nil
                    } else {
                        open = c
                    }
                    current = ""
                } else if open != nil {
                    current.append(c)
                }
            }
        }
    }
}

