import Foundation
import TestSupport
import XCTest

/// Issue 35: outside tmux the gallery names itself in the window title ("marvel-gallery:
/// Characters", then the page open), with the terminal's own title pushed first (XTWINOPS
/// `CSI 22;0t`) and popped last (`CSI 23;0t`) on every way out: q, Ctrl-C (exit 130), SIGTERM.
/// In tmux the pane title is left alone (`TmuxTitleEndToEndTests`).
final class WindowTitleEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery")
        }
    }

    private static let push = "\u{1B}[22;0t", pop = "\u{1B}[23;0t"

    /// The gallery in a pty that answers DA1 at once; `finish` ends it. Returns (status, output).
    private func run(_ finish: (PtyProcess) -> Void) throws -> (Int32?, String) {
        let pty = try PtyProcess(["characters"], environment: ["TERM": "xterm-256color", "MARVEL_BASE_URL": ""],
                                 home: try temporaryDirectory().path)
        defer { pty.close() }
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}[c") }), "the start-up questions")
        pty.type("\u{1B}[?62;c")
        XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}]2;marvel-gallery: Characters\u{07}") && $0.contains("3-D Man") }),
                      "the title and the grid: \(pty.text.suffix(300).debugDescription)")
        finish(pty)
        let start = Date()
        while pty.exited() == nil, Date().timeIntervalSince(start) < 30 { pty.read() }
        pty.read()
        return (pty.exited(), pty.text)
    }

    private func assertRestored(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let push = text.range(of: Self.push), firstTitle = text.range(of: "\u{1B}]2;")
        let pop = text.range(of: Self.pop, options: .backwards), lastTitle = text.range(of: "\u{1B}]2;", options: .backwards)
        XCTAssertNotNil(push, "the terminal's title pushed", file: file, line: line)
        XCTAssertNotNil(pop, "and popped", file: file, line: line)
        if let push, let firstTitle { XCTAssertLessThan(push.lowerBound, firstTitle.lowerBound, file: file, line: line) }
        if let pop, let lastTitle { XCTAssertGreaterThan(pop.lowerBound, lastTitle.lowerBound, "popped after our last title", file: file, line: line) }
    }

    func testTheTitleNamesTheScreenAndThePageAndIsPoppedOnQ() throws {
        let (status, text) = try run { pty in
            pty.type("\r")
            XCTAssertTrue(pty.read(until: { $0.contains("\u{1B}]2;marvel-gallery: 3-D Man\u{07}") }), "the page's title")
            pty.type("q")
            XCTAssertTrue(pty.read(until: { $0.components(separatedBy: "\u{1B}]2;marvel-gallery: Characters\u{07}").count > 2 }),
                          "the grid's title again")
            pty.type("q")
        }
        XCTAssertEqual(status, 0)
        assertRestored(text)
    }

    func testCtrlCAndSIGTERMPopTheTitleToo() throws {
        let (status, text) = try run { $0.type("\u{03}") }
        XCTAssertEqual(status, 130)
        assertRestored(text)
        let (termStatus, termText) = try run { kill($0.pid, SIGTERM) }
        XCTAssertNotNil(termStatus)
        assertRestored(termText)
    }
}
