import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Closing the terminal (issue 36): the program runs as a session leader on a pseudo-terminal
/// that is its controlling terminal, and the test closes the master at moments from start-up
/// to a paste still arriving. Once the terminal is set up it exits with 129 of its own (never
/// SIGILL), within a second, and leaves no temporary directory of its own.
final class HangUpEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    /// The program on a new terminal; returns its pid and the master.
    private func start(home: String, tmp: String) throws -> (pid: pid_t, master: Int32) {
        guard let (master, slave, path) = PseudoTerminalPair.open() else { throw XCTSkip("no pseudo-terminal available") }
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 1200, ws_ypixel: 800)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        Glibc.close(slave)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own, whose first terminal opened becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc), not imported into Swift
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let env = ["PATH=/usr/bin:/bin", "HOME=\(home)", "XDG_CACHE_HOME=\(home)/cache", "XDG_DATA_HOME=\(home)/data",
                   "XDG_CONFIG_HOME=\(home)/config", "TMPDIR=\(tmp)", "TERM=xterm-kitty", "MARVEL_GALLERY_GRAPHICS=kitty", "MARVEL_GALLERY_GRAPHICS_TRANSFER=file"]
        let argv = [RepoPaths.executable.path, "characters"]
        let cargs = argv.map { strdup($0) } + [nil], cenv = env.map { strdup($0) } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, cargs, cenv)
        guard rc == 0 else { Glibc.close(master); throw XCTSkip("cannot start: \(String(cString: strerror(rc)))") }
        return (pid, master)
    }

    /// Reads what the program writes (a terminal that reads, answering nothing) for `seconds`,
    /// or until it has written `until`. True when it did.
    @discardableResult
    private func drain(_ master: Int32, seconds: Double, until: String? = nil) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536), seen: [UInt8] = []
        while Date() < end {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 10) > 0 else { continue }
            let n = Glibc.read(master, &buffer, buffer.count)
            if n <= 0 { return false }
            if let until {
                seen += buffer[0..<n]
                if String(decoding: seen, as: UTF8.self).contains(until) { return true }
            }
        }
        return false
    }

    func testClosingTheTerminalAtAnyMomentEndsWith129AndNoFilesLeft() throws {
        var statuses: [String: Int] = [:]
        var slowest = 0.0
        for attempt in 0..<20 {
            let home = try temporaryDirectory().path, tmp = try temporaryDirectory().path
            let (pid, master) = try start(home: home, tmp: tmp)
            // The first four close during start-up; the rest once the grid is up (its
            // alternate screen entered), after 0 to 0.8 s.
            let early = attempt < 4
            if !early { XCTAssertTrue(drain(master, seconds: 30, until: "\u{1B}[?1049h"), "attempt \(attempt): no first screen") }
            let before = early ? 0.2 * Double(attempt) : 0.05 * Double(attempt - 4)
            drain(master, seconds: before)
            if attempt % 2 == 1 {
                // A search with a paste still arriving (its end never comes).
                _ = (Array("/\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3000)).withUnsafeBytes {
                    Glibc.write(master, $0.baseAddress, $0.count)
                }
                drain(master, seconds: 0.05)
            }
            let closed = Date()
            Glibc.close(master)
            var raw: Int32 = 0
            var waited = false
            while Date().timeIntervalSince(closed) < 10 {
                if waitpid(pid, &raw, WNOHANG) == pid { waited = true; break }
                usleep(5000)
            }
            if !waited { kill(pid, SIGKILL); waitpid(pid, &raw, 0) }
            let seconds = Date().timeIntervalSince(closed)
            slowest = max(slowest, seconds)
            let signalled = raw & 0x7f
            let outcome = !waited ? "still running" : signalled == 0 ? "exit \((raw >> 8) & 0xff)" : "killed by signal \(signalled)"
            statuses[outcome, default: 0] += 1
            // Before the terminal is set up, the default hang-up disposition may end it (the
            // shell says 129 too; no file exists yet); from then on it is the program's own 129.
            if early {
                XCTAssertTrue(["exit 129", "killed by signal 1"].contains(outcome), "attempt \(attempt) (start-up + \(before) s): \(outcome)")
            } else {
                XCTAssertEqual(outcome, "exit 129", "attempt \(attempt) (grid + \(before) s)")
            }
            XCTAssertLessThan(seconds, 1, "attempt \(attempt): the process outlived its terminal")
            // The user's own directory (`KittyTempFiles.privateDirectory`) stays, empty.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp + "/marvel-gallery-\(getuid())")) ?? []
            XCTAssertEqual(left, [], "attempt \(attempt): temporary files left")
        }
        print("hang-up: \(statuses) in 20 tries, slowest exit \(String(format: "%.3f", slowest)) s after the terminal closed")
    }
}
