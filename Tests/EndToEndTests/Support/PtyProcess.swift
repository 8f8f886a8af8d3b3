import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The built program on a new pseudo-terminal whose master the test holds: the test is the
/// terminal (it reads what the program writes and types or answers on the master). The slave
/// stays open here too, so the line discipline lives (and echoes) after the program exits.
final class PtyProcess {
    let master: Int32
    let slave: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []
    private var exitStatus: Int32?

    /// `rows` x `columns` cells of 10x20 pixels; `environment` over a private HOME and caches.
    init(_ arguments: [String], environment: [String: String], home: String, rows: UInt16 = 24, columns: UInt16 = 80) throws {
        guard let (master, slave, _) = PseudoTerminalPair.open() else { throw XCTSkip("no pseudo-terminal available") }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: columns * 10, ws_ypixel: rows * 20)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        var env = ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config"]
        env.merge(environment) { $1 }
        let argv = [RepoPaths.executable.path] + arguments
        let cargs = argv.map { strdup($0) } + [nil]
        let cenv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cargs, cenv)
        guard rc == 0 else {
            Glibc.close(master); Glibc.close(slave)
            throw XCTSkip("cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        self.master = master
        self.slave = slave
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

    /// Ends the program if it still runs and closes both ends.
    func close() {
        if exited() == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        Glibc.close(master)
        Glibc.close(slave)
    }
}
