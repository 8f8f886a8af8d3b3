import Foundation
import XCTest
import TestSupport

/// Drives the built `marvel-gallery demo` inside a private tmux server and checks that every
/// way out hands the terminal back: original termios (`stty -g`), cursor visible, main screen.
final class DemoEndToEndTests: XCTestCase {
    private var tmux: Tmux!
    private var dir: URL!
    private var binary: String!

    override func setUpWithError() throws {
        guard Tmux.path != nil else { throw XCTSkip("tmux is not installed") }
        let exe = RepoPaths.executable
        guard FileManager.default.isExecutableFile(atPath: exe.path) else {
            throw XCTSkip("\(exe.path) is missing: build it first (swift build --product marvel-gallery)")
        }
        binary = exe.path
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        tmux = try Tmux(width: 80, height: 24)
        try tmux.waitFor(text: "$")
    }

    override func tearDown() {
        tmux?.kill()
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    /// Starts the demo from the shell, between two `stty -g` snapshots, and waits until it shows.
    private func startDemo(env: String = "", file: String = "") throws {
        let d = dir.path
        // Only the demo on this line: the rest is typed after it exits, because bash goes on
        // with a command list when a job in it stops (Ctrl-Z).
        tmux.run("clear; stty -g > \(d)/before; \(env) sh -c 'echo $$ > \(d)/pid; exec \"$0\" demo \(file)' \(binary!)")
        try tmux.waitFor(format: "#{alternate_on}", equals: "1")
        try tmux.waitFor(text: "key: none")
    }

    private var pid: pid_t {
        get throws { pid_t(try String(contentsOf: dir.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))! }
    }

    /// The main screen is shown and the cursor is visible (tmux reads the pane's output
    /// asynchronously, so this waits rather than asserting at once).
    private func assertMainScreenWithCursor() throws {
        try tmux.waitFor(format: "#{alternate_on}", equals: "0", timeout: 5)
        try tmux.waitFor(format: "#{cursor_flag}", equals: "1", timeout: 5)
    }

    /// Waits until the shell is in the foreground again.
    private func waitForShell() throws {
        try tmux.waitFor(format: "#{pane_current_command}", equals: "bash")
    }

    /// Waits until the demo's own process is gone. In a pipeline (`echo piped | demo`) tmux names the
    /// foreground group after its leader, the `echo` long gone, so "bash" can show while the demo
    /// still runs, and a command typed then would go to the demo instead of the shell.
    private func waitForDemoExit() throws {
        guard let demo = try? pid else { return }
        let deadline = Date().addingTimeInterval(20)
        while Foundation.kill(demo, 0) == 0 {
            guard Date() < deadline else { throw Tmux.Failure.timeout(what: "the demo (pid \(demo)) to exit", screen: tmux.capture()) }
            usleep(20_000)
        }
    }

    private func assertRestored(exit: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForShell()
        try waitForDemoExit()
        // Quotes split the markers so the typed command line itself does not match.
        tmux.run("echo \"EX\"\"IT=$?\"; stty -g > \(dir.path)/after; echo \"DO\"\"NE\"")
        try tmux.waitFor(text: "\nDONE")
        XCTAssertTrue(tmux.capture().contains("EXIT=\(exit)"), tmux.capture(), file: file, line: line)
        try assertMainScreenWithCursor()
        let before = try String(contentsOf: dir.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: dir.appendingPathComponent("after"), encoding: .utf8)
        XCTAssertEqual(before, after, "stty settings are the original ones", file: file, line: line)
        XCTAssertFalse(before.isEmpty, file: file, line: line)
    }

    func testDemoReflowsOnResize() throws {
        try startDemo(file: RepoPaths.fixtures.appendingPathComponent("images/sample.jpg").path)
        try tmux.waitFor(text: "80x24  picture")
        let small = pictureSize(tmux.capture())
        try tmux.resize(width: 120, height: 40)
        try tmux.waitFor(text: "120x40  picture")
        let large = pictureSize(tmux.capture())
        XCTAssertNotNil(small)
        XCTAssertNotNil(large)
        XCTAssertGreaterThan(large?.1 ?? 0, small?.1 ?? 0, "the picture grew with the window")
        // The status line sits on the new last row and is not cut.
        let lines = tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[39].hasPrefix("120x40"), "status on row 40: \(lines[39])")
        XCTAssertTrue(lines[39].hasSuffix("q: quit  ^Z: suspend"))
        try tmux.resize(width: 64, height: 15)
        try tmux.waitFor(text: "64x15")
        tmux.sendKeys("Up")
        try tmux.waitFor(text: "key: up")
        tmux.sendKeys("q")
        try assertRestored(exit: "0")
    }

    /// "picture 29x44px" → (29, 44)
    private func pictureSize(_ screen: String) -> (Int, Int)? {
        guard let r = screen.range(of: #"picture (\d+)x(\d+)px"#, options: .regularExpression) else { return nil }
        let nums = screen[r].dropFirst("picture ".count).dropLast(2).split(separator: "x").compactMap { Int($0) }
        return nums.count == 2 ? (nums[0], nums[1]) : nil
    }

    func testQuitWithQ() throws {
        try startDemo()
        tmux.sendKeys("q")
        try assertRestored(exit: "0")
    }

    func testCtrlCArrivesAsAKeyAndQuitsWith130() throws {
        try startDemo()
        tmux.sendKeys("C-c")
        try assertRestored(exit: "130")
    }

    func testSIGTERMQuitsInOrderWith143() throws {
        try startDemo()
        XCTAssertEqual(Foundation.kill(try pid, SIGTERM), 0)
        try assertRestored(exit: "143")
    }

    /// Signals whose default action ends the process but that no terminal program expects
    /// (SIGUSR1, SIGALRM, SIGHUP, SIGQUIT) still leave the screen and restore the terminal.
    func testOddTerminatingSignalsRestoreTheTerminalAndExit128PlusN() throws {
        for sig in [SIGUSR1, SIGALRM, SIGHUP, SIGQUIT] {
            try startDemo()
            XCTAssertEqual(Foundation.kill(try pid, sig), 0)
            try assertRestored(exit: "\(128 + sig)")
            try tmux.waitFor(format: "#{mouse_any_flag}", equals: "0", timeout: 5)
        }
    }

    func testCtrlZLeavesAndFgRepaints() throws {
        try startDemo()
        tmux.sendKeys("Up")
        try tmux.waitFor(text: "key: up")
        tmux.sendKeys("C-z")
        try waitForShell()
        try tmux.waitFor(text: "Stopped")
        try assertMainScreenWithCursor()
        tmux.run("fg")
        try tmux.waitFor(format: "#{alternate_on}", equals: "1")
        try tmux.waitFor(text: "key: up")   // repainted with the state it had
        try tmux.waitFor(format: "#{cursor_flag}", equals: "0")
        // SIGTSTP from outside does the same.
        XCTAssertEqual(Foundation.kill(try pid, SIGTSTP), 0)
        try waitForShell()
        try assertMainScreenWithCursor()
        tmux.run("fg")
        try tmux.waitFor(format: "#{alternate_on}", equals: "1")
        try tmux.waitFor(text: "key: up")
        tmux.sendKeys("q")
        try assertRestored(exit: "0")
    }

    func testCrashStillRestoresTheTerminal() throws {
        try startDemo(env: "MARVEL_GALLERY_TEST_CRASH=1")
        tmux.sendKeys("!")
        try assertRestored(exit: "132")   // 128 + SIGILL: the trap was re-raised after the restore
    }

    /// Keys come from /dev/tty when stdin is a pipe.
    func testKeysFromDevTTYWhenStdinIsAPipe() throws {
        let d = dir.path
        tmux.run("clear; stty -g > \(d)/before; echo piped | sh -c 'echo $$ > \(d)/pid; exec \"$0\" demo' \(binary!)")
        try tmux.waitFor(format: "#{alternate_on}", equals: "1")
        try tmux.waitFor(text: "key: none")
        tmux.sendKeys("Down")
        try tmux.waitFor(text: "key: down")
        tmux.sendKeys("q")
        try assertRestored(exit: "0")
    }

    /// TERM=dumb: no full-screen UI, one plain line.
    func testDumbTerminalGetsPlainOutput() throws {
        tmux.run("clear; TERM=dumb \(binary!) demo; echo \"EX\"\"IT=$?\"")
        try tmux.waitFor(text: "\nEXIT=0")
        XCTAssertTrue(tmux.capture().contains("test card: 320x200 px (no interactive terminal: TERM=dumb)"), tmux.capture())
        XCTAssertFalse(tmux.alternateScreen)
    }

    /// doctor asks the terminal questions; the answers must not leak into the shell.
    func testDoctorRepliesDoNotLeak() throws {
        let d = dir.path
        tmux.run("clear; stty -g > \(d)/before; env -u NO_COLOR COLORTERM=truecolor \(binary!) doctor")
        try waitForShell()
        try tmux.waitFor(text: "SQLite")
        // The report is longer than 24 rows (a line for each live source): its start is read
        // from the pane's history.
        let screen = tmux.capture(history: true)
        XCTAssertTrue(screen.contains("80x24 cells"), screen)
        // Labels are padded to the longest one: match any run of spaces.
        XCTAssertNotNil(screen.range(of: "graphics +blocks \\(inside tmux", options: .regularExpression), screen)
        XCTAssertNotNil(screen.range(of: "colour depth +truecolor \\(COLORTERM=truecolor\\)", options: .regularExpression), screen)
        // Nothing the terminal answered was echoed or left as typed input at the prompt.
        tmux.run("echo \"TY\"\"PED[\"")
        try tmux.waitFor(text: "\nTYPED[")
        let after = tmux.capture()
        XCTAssertFalse(after.contains("2026;"), after)
        XCTAssertFalse(after.contains("$y"), after)
        XCTAssertFalse(after.contains("^["), after)
        XCTAssertTrue(after.contains("\nTYPED[\n") || after.hasSuffix("\nTYPED["), "no reply bytes before the typed command:\n\(after)")
        try waitForShell()
        // The shell says when the snapshot is written (not a fixed sleep: a busy machine may be slower).
        tmux.run("stty -g > \(d)/after; echo \"SN\"\"APPED\"")
        try tmux.waitFor(text: "\nSNAPPED")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("before"), encoding: .utf8),
                       try String(contentsOf: dir.appendingPathComponent("after"), encoding: .utf8))
    }
}
