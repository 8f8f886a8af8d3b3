import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `render` and `doctor` on a terminal that answers its start-up questions late (a kitty just
/// started on a loaded machine answered after more than a second; the CI saw a streamed
/// picture lost that way). The test is the terminal: it holds a pty's master, answers the
/// every DA1 (`CSI c`) 600 ms late, and afterwards types a marker. Once the program has left
/// raw mode, the line discipline echoes what arrives, so a late reply the program did not read
/// would come back on the master inside its output (inside the first picture's escape
/// sequence for `render`, or typed into the shell): the marker's echo says every earlier byte
/// was seen.
final class SlowTerminalEndToEndTests: XCTestCase {
    private static let lateReply = "\u{1B}[?62;4;22c"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery")
        }
    }

    func testRenderWaitsForALateAnswerInsteadOfEchoingItIntoThePicture() throws {
        let sample = RepoPaths.fixtures.appendingPathComponent("images/sample.jpg").path
        let run = try runOnSlowTerminal(["render", "--graphics", "kitty", "--graphics-transfer", "stream", "--size", "8x4", sample],
                                        environment: ["TERM": "xterm-kitty"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(run.output.contains("?62;4;22c"), "the late reply was echoed: \(run.output.suffix(300).debugDescription)")
        XCTAssertTrue(run.output.contains("a=T,f=100,t=d,"), "a streamed kitty picture")
    }

    func testDoctorReadsALateAnswerAndSaysWhatItFound() throws {
        let run = try runOnSlowTerminal(["doctor"], environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(run.output.contains("?62;4;22c"), "the late reply was echoed: \(run.output.suffix(300).debugDescription)")
        XCTAssertNotNil(run.output.range(of: #"DA1 +62;4;22 \(sixel\)"#, options: .regularExpression),
                        "the late DA1 was read:\n\(run.output)")
    }

    /// The gallery in a kitty that answers its start-up questions late (the file probe's OK
    /// with the file read and deleted, then DA1): it waits for them, so the first screen's
    /// pictures go as temporary files (`t=t`), not streamed. Before, the first screen was
    /// streamed after 150 ms and files came on only with the late answer.
    func testTheGalleryInALateKittySendsTheFirstScreenAsFiles() throws {
        let tmp = try temporaryDirectory().path
        let run = try runOnSlowTerminal(["characters"], environment: ["TERM": "xterm-kitty", "TMPDIR": tmp],
                                        da1: "\u{1B}[?62;c", extraAnswer: { output in
            // kitty reads the probe's file (named in base64 in the question) and deletes it.
            guard let start = output.range(of: "a=q,t=t,f=24;"),
                  let end = output[start.upperBound...].range(of: "\u{1B}\\"),
                  let path = Data(base64Encoded: String(output[start.upperBound..<end.lowerBound])).map({ String(decoding: $0, as: UTF8.self) }),
                  unlink(path) == 0 else { return "" }
            return "\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\"
        }, quitWhen: { $0.contains("\u{1B}_Ga=") })
        XCTAssertEqual(run.status, 0, String(run.output.suffix(300)))
        let transfers = run.output.components(separatedBy: "\u{1B}_G").dropFirst().filter { $0.hasPrefix("a=T") || $0.hasPrefix("a=t") }
        let first = try XCTUnwrap(transfers.first, "a picture was sent")
        XCTAssertTrue(first.contains("t=t"), "the first picture as a file: \(first.prefix(80))")
        XCTAssertFalse(transfers.contains { $0.contains("t=d") }, "nothing streamed")
    }

    /// Runs the program on a new pty (80x24, 10x20-px cells), answers each DA1 late (600 ms,
    /// `extraAnswer` first: what the terminal says to the questions before it), types `q` once
    /// `quitWhen` holds for the output (a full-screen program), waits for the exit, then types
    /// a marker and reads until its echo.
    private func runOnSlowTerminal(_ arguments: [String], environment: [String: String],
                                   da1: String = SlowTerminalEndToEndTests.lateReply,
                                   extraAnswer: (String) -> String = { _ in "" },
                                   quitWhen: ((String) -> Bool)? = nil) throws -> (status: Int32, output: String) {
        // posix_openpt and friends are not imported into Swift: their ioctls (Linux's
        // TIOCSPTLCK to unlock, TIOCGPTN for the number) by value.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw XCTSkip("no pseudo-terminal available")
        }
        defer { close(master) }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw XCTSkip("cannot open the pty's slave") }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 800, ws_ypixel: 480)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        let home = try temporaryDirectory().path
        var env = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config"]
        env.merge(environment) { $1 }
        let argv = [RepoPaths.executable.path] + arguments
        let cargs = argv.map { strdup($0) } + [nil]
        let cenv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cargs, cenv)
        guard rc == 0 else { throw XCTSkip("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        // The slave stays open here too, so the line discipline lives (and echoes) after exit.
        defer { close(slave) }

        var output: [UInt8] = []
        var asked = 0, answered = 0
        var due: [Date] = []
        var status: Int32?
        var markerSent = false
        var quitTyped = false
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 50) > 0 {
                var buf = [UInt8](repeating: 0, count: 65536)
                let n = read(master, &buf, buf.count)
                if n > 0 { output.append(contentsOf: buf[0..<n]) }
            }
            let text = String(decoding: output, as: UTF8.self)
            let questions = text.components(separatedBy: "\u{1B}[c").count - 1
            while asked < questions { due.append(Date().addingTimeInterval(0.6)); asked += 1 }
            while answered < due.count, Date() >= due[answered] {
                _ = (extraAnswer(text) + da1).withCString { write(master, $0, strlen($0)) }
                answered += 1
            }
            if !quitTyped, answered == asked, let quitWhen, quitWhen(text) {
                _ = "q".withCString { write(master, $0, strlen($0)) }
                quitTyped = true
            }
            if status == nil, asked > 0, answered == asked, quitTyped || quitWhen == nil {
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
        XCTAssertTrue(markerSent && String(decoding: output, as: UTF8.self).contains("MARK-7Q"),
                      "the run ended and the marker came back (DA1 asked \(asked), answered \(answered))")
        return (status ?? -1, String(decoding: output, as: UTF8.self))
    }
}
