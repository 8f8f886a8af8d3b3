import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The real program on a new pseudo-terminal that is its controlling terminal (a session of
/// its own), the test being the terminal: it reads what the program writes, types, and may
/// close the master (a hang-up). The terminal answers no question, so the program decides
/// from its environment.
struct ProgramOnPseudoTerminal {
    let pid: pid_t
    private(set) var master: Int32

    /// `environment` replaces the program's whole environment.
    init(_ arguments: [String], environment: [String], cols: UInt16 = 120, rows: UInt16 = 40) throws {
        guard let (master, slave, path) = PseudoTerminalPair.open() else { throw XCTSkip("no pseudo-terminal available") }
        var size = winsize(ws_row: rows, ws_col: cols, ws_xpixel: cols * 10, ws_ypixel: rows * 20)
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
        let argv = [RepoPaths.executable.path] + arguments
        let cargs = argv.map { strdup($0) } + [nil], cenv = environment.map { strdup($0) } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, cargs, cenv)
        guard rc == 0 else { Glibc.close(master); throw XCTSkip("cannot start: \(String(cString: strerror(rc)))") }
        self.pid = pid
        self.master = master
    }

    /// The environment of a user whose home and temporary directory are `home` and `tmp`.
    static func environment(home: String, tmp: String, _ more: [String] = []) -> [String] {
        ["PATH=/usr/bin:/bin", "HOME=\(home)", "XDG_CACHE_HOME=\(home)/cache", "XDG_DATA_HOME=\(home)/data",
         "XDG_CONFIG_HOME=\(home)/config", "TMPDIR=\(tmp)"] + more
    }

    /// Reads what the program writes for `seconds`, or until it has written `until` (true
    /// then); `seen` gets every byte read.
    @discardableResult
    func drain(seconds: Double, until: String? = nil, seen: inout [UInt8]) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        let needle = until.map { Array($0.utf8) }
        while Date() < end {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 10) > 0 else { continue }
            let n = Glibc.read(master, &buffer, buffer.count)
            if n <= 0 { return false }
            let from = max(0, seen.count - (needle?.count ?? 0))
            seen += buffer[0..<n]
            if let needle, seen[from...].firstRange(of: needle) != nil { return true }
        }
        return false
    }

    @discardableResult
    func drain(seconds: Double, until: String? = nil) -> Bool {
        var seen: [UInt8] = []
        return drain(seconds: seconds, until: until, seen: &seen)
    }

    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Closes the terminal (the program is hung up on).
    mutating func close() {
        guard master >= 0 else { return }
        Glibc.close(master)
        master = -1
    }

    /// Waits up to `seconds` for the program to end: "exit N", "killed by signal N", or "still
    /// running" (it is then killed).
    func outcome(within seconds: Double) -> String {
        let start = Date()
        var raw: Int32 = 0
        while Date().timeIntervalSince(start) < seconds {
            if waitpid(pid, &raw, WNOHANG) == pid { return Self.describe(raw) }
            usleep(5000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &raw, 0)
        return "still running"
    }

    private static func describe(_ raw: Int32) -> String {
        let signalled = raw & 0x7f
        return signalled == 0 ? "exit \((raw >> 8) & 0xff)" : "killed by signal \(signalled)"
    }
}
