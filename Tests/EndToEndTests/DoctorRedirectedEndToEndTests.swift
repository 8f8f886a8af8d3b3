import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `marvel-gallery doctor > report.txt`, as people attach it to bug reports: stdout is a file,
/// yet the report describes the terminal the user sits at, asked through /dev/tty. The test is
/// that terminal: a pty made the program's controlling terminal (`setsid --ctty`), answering
/// DA1 600 ms late (the late-answer wait must read it) and DECRQM 2026 at once. After the exit
/// it types a marker: its echo says raw mode was left and no late reply was echoed. Without a
/// controlling terminal at all (`setsid`, CI) the report says so in one line and goes on.
final class DoctorRedirectedEndToEndTests: XCTestCase {
    private static let lateReply = "\u{1B}[?62;4;22c"

    override func setUpWithError() throws {
        try Prerequisites.program()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") else { throw XCTSkip("no /usr/bin/setsid (util-linux)") }
    }

    /// `doctor > report.txt` with stdin the terminal, and `doctor < /dev/null > report.txt`
    /// (only /dev/tty leads to the terminal).
    func testDoctorWithStdoutInAFileDescribesTheControllingTerminal() throws {
        for (stdin, keys) in [("", "stdin"), ("</dev/null", "/dev/tty")] {
            let run = try runWithControllingPty("exec \"$0\" doctor \(stdin) >\"$1\" 2>&1")
            let report = run.report
            XCTAssertEqual(run.status, 0, report)
            XCTAssertNotNil(report.range(of: "terminal probed +/dev/tty \\(\(run.device)\\), stdout being a file or pipe\n",
                                         options: .regularExpression), report)
            XCTAssertNotNil(report.range(of: "keys read from +\(keys)\n", options: .regularExpression), report)
            XCTAssertNotNil(report.range(of: #"DA1 +62;4;22 \(sixel\)"#, options: .regularExpression), "the late DA1 was read:\n\(report)")
            XCTAssertNotNil(report.range(of: #"synchronized output +yes \(terminal answered DECRQM 2026\)"#, options: .regularExpression), report)
            XCTAssertNotNil(report.range(of: #"window size +80x24 cells, 800x480 px"#, options: .regularExpression), report)
            XCTAssertFalse(report.contains("output is not a terminal"), report)
            XCTAssertNotNil(report.range(of: "full-screen UI +yes on this terminal \\(data commands with stdout redirected print plain text\\)",
                                         options: .regularExpression), report)
            XCTAssertFalse(report.contains("\u{1B}"), "the questions went to the terminal, not into the report")
            XCTAssertTrue(run.terminal.contains("\u{1B}[c"), "the terminal was asked")
            XCTAssertFalse(run.terminal.contains("?62;4;22c"), "a late reply was echoed: \(run.terminal.suffix(200).debugDescription)")
            XCTAssertTrue(run.restored, "the terminal is back in canonical mode with echo")
        }
    }

    func testDoctorWithoutAControllingTerminalSaysSoInOneLineAndPrintsTheRest() throws {
        let started = Date()
        let (status, output) = try Spawn.status(["/usr/bin/setsid", RepoPaths.executable.path, "doctor"])
        XCTAssertEqual(status, 0, output)
        let probed = output.split(separator: "\n").filter { $0.hasPrefix("terminal probed") }
        XCTAssertEqual(probed.count, 1, output)
        XCTAssertNotNil(probed.first?.range(of: #"^terminal probed +none: no controlling terminal \(setsid, CI, a service\); "#,
                                            options: .regularExpression), output)
        for label in ["TERM ", "colour depth ", "window size ", "SQLite "] {
            XCTAssertTrue(output.contains("\n" + label), "\(label) missing:\n\(output)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "nothing waited for")
    }

    /// Runs `script` (`sh -c`, `$0` the program, `$1` the report's path) in a new session whose
    /// controlling terminal is a new pty (80x24, 10x20-px cells), answering as a slow terminal;
    /// returns the exit status, the report, what the terminal received, whether it was left in
    /// canonical mode with echo, and the pty's path.
    private func runWithControllingPty(_ script: String) throws -> (status: Int32, report: String, terminal: String, restored: Bool, device: String) {
        guard let (master, slave, device) = PseudoTerminalPair.open() else { throw XCTSkip("no pseudo-terminal available") }
        defer { close(master) }
        // Kept open here too, so the line discipline lives (and echoes) after the exit.
        defer { close(slave) }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 800, ws_ypixel: 480)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        let home = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-redirected-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let reportPath = home.appendingPathComponent("report.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        // `setsid --ctty` makes its stdin (the pty) the new session's controlling terminal.
        let argv = ["/usr/bin/setsid", "--ctty", "/bin/sh", "-c", script, RepoPaths.executable.path, reportPath]
        let env = ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache",
                   "XDG_CONFIG_HOME": home.path + "/config", "TERM": "xterm-256color"]
        let cargs = argv.map { strdup($0) } + [nil]
        let cenv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cargs, cenv)
        guard rc == 0 else { throw XCTSkip("cannot start setsid: \(String(cString: strerror(rc)))") }

        var output: [UInt8] = []
        var due: [Date] = []
        var asked = 0, answered = 0, modeAnswers = 0
        var status: Int32?
        var markerSent = false
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 50) > 0 {
                var buf = [UInt8](repeating: 0, count: 65536)
                let n = read(master, &buf, buf.count)
                if n > 0 { output.append(contentsOf: buf[0..<n]) }
            }
            let text = String(decoding: output, as: UTF8.self)
            while modeAnswers < text.components(separatedBy: "\u{1B}[?2026$p").count - 1 {
                _ = "\u{1B}[?2026;2$y".withCString { write(master, $0, strlen($0)) }
                modeAnswers += 1
            }
            while asked < text.components(separatedBy: "\u{1B}[c").count - 1 { due.append(Date().addingTimeInterval(0.6)); asked += 1 }
            while answered < due.count, Date() >= due[answered] {
                _ = Self.lateReply.withCString { write(master, $0, strlen($0)) }
                answered += 1
            }
            if status == nil, answered == asked {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f) }
            }
            if status != nil, !markerSent {
                _ = "MARK-7Q\n".withCString { write(master, $0, strlen($0)) }
                markerSent = true
            }
            if markerSent, text.contains("MARK-7Q") { break }
        }
        if status == nil { kill(pid, SIGKILL); var raw: Int32 = 0; waitpid(pid, &raw, 0) }
        var mode = termios()
        let canonical = tcgetattr(slave, &mode) == 0 && mode.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO)
        let terminal = String(decoding: output, as: UTF8.self)
        let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? ""
        return (status ?? -1, report, terminal, canonical && terminal.contains("MARK-7Q"), device)
    }
}
