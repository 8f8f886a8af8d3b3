import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The built program on a new pseudo-terminal whose master the test holds: the test is the
/// terminal (it reads what the program writes and types or answers on the master). The slave
/// stays open here too, so the line discipline lives (and echoes) after the program exits.
/// With `controlling`, the program is instead a session of its own whose controlling terminal
/// the slave is, and only the program holds the slave: `hangUp()` closes the terminal on it.
final class PtyProcess {
    private(set) var master: Int32
    let slave: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []
    private var exitStatus: Int32?

    /// `rows` x `columns` cells of 10x20 pixels; `environment` over a private HOME and caches.
    init(_ arguments: [String], environment: [String: String], home: String, rows: UInt16 = 24, columns: UInt16 = 80,
         controlling: Bool = false) throws {
        guard let (master, slave, path) = PseudoTerminalPair.open() else { throw XCTSkip("no pseudo-terminal available") }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: columns * 10, ws_ypixel: rows * 20)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        if controlling {
            // A session of its own, whose first terminal opened becomes its controlling terminal.
            posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc), not imported into Swift
            posix_spawn_file_actions_addclose(&actions, slave)
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        }
        var env = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config"]
        env.merge(environment) { $1 }
        let argv = [RepoPaths.executable.path] + arguments
        let cargs = argv.map { strdup($0) } + [nil]
        let cenv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, cargs, cenv)
        guard rc == 0 else {
            Glibc.close(master); Glibc.close(slave)
            throw XCTSkip("cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        if controlling { Glibc.close(slave) }
        self.master = master
        self.slave = controlling ? -1 : slave
        self.pid = pid
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    /// Types (or answers) `bytes` on the master.
    func type(_ bytes: String) {
        _ = bytes.withCString { write(master, $0, strlen($0)) }
    }

    /// Reads what the program wrote for up to `milliseconds` (less when something came).
    func read(milliseconds: Int32 = 50) {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, milliseconds) > 0 else { return }
        var buf = [UInt8](repeating: 0, count: 65536)
        let n = Glibc.read(master, &buf, buf.count)
        if n > 0 { output.append(contentsOf: buf[0..<n]) }
    }

    /// Reads what the program writes for `seconds`.
    func read(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { read(milliseconds: 10) }
    }

    /// Reads until `done` holds for the output (true) or `seconds` passed (false).
    @discardableResult
    func read(until done: (String) -> Bool, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if done(text) { return true }
            read()
        }
        return done(text)
    }

    /// The exit status once the program ended (nil while it runs).
    func exited() -> Int32? {
        if let exitStatus { return exitStatus }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        exitStatus = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        return exitStatus
    }

    /// How the program ended within `seconds`, reading what it writes: "exit N", "killed by
    /// signal N", or "still running" (it is then killed).
    func outcome(within seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var raw: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &raw, WNOHANG) == pid {
                exitStatus = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                return (raw & 0x7f) == 0 ? "exit \((raw >> 8) & 0xff)" : "killed by signal \(raw & 0x7f)"
            }
            // What it writes meanwhile is read: a full terminal would hold it.
            if master >= 0 { read(milliseconds: 5) } else { usleep(5000) }
        }
        if let status = exited() { return "exit \(status)" }
        close()
        return "still running"
    }

    /// Closes the terminal: the program is hung up on (with `controlling`).
    func hangUp() {
        guard master >= 0 else { return }
        Glibc.close(master)
        master = -1
    }

    /// Ends the program if it still runs and closes both ends.
    func close() {
        if exited() == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        hangUp()
        if slave >= 0 { Glibc.close(slave) }
    }
}
