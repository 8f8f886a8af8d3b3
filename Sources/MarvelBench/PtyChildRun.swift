import ArgumentParser
import Foundation

/// A child process run to its end on its own pty that says its size in cells and pixels
/// (`TIOCSWINSZ`), as a terminal does: every tool then knows the cell's pixel size and draws
/// the same pixel box, where off a terminal each guesses its own (chafa 8x8 pixels a cell,
/// timg 9x18, marvel-gallery 10x20). Nothing answers the children's questions (each waits its
/// own timeout: wall time, not CPU). CPU from wait4's rusage; the bytes it wrote, read from the
/// pty's master as they come (the pty is raw: no newline translation).
enum PtyChildRun {
    struct Terminal {
        var cols = 200, rows = 60, cellWidth = 10, cellHeight = 20
    }

    // Linux's asm-generic ioctls (x86_64, arm64); Swift does not import these macros.
    private static let unlockPTY: UInt = 0x4004_5431  // TIOCSPTLCK
    private static let ptyNumber: UInt = 0x8004_5430  // TIOCGPTN

    static func run(_ path: String, _ arguments: [String], terminal: Terminal,
                    environment: [String: String]) throws -> (cpuSeconds: Double, output: [UInt8]) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw ValidationError("cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        var size = winsize(ws_row: UInt16(terminal.rows), ws_col: UInt16(terminal.cols),
                           ws_xpixel: UInt16(terminal.cols * terminal.cellWidth), ws_ypixel: UInt16(terminal.rows * terminal.cellHeight))
        guard ioctl(master, unlockPTY, &unlock) == 0, ioctl(master, ptyNumber, &number) == 0,
              ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw ValidationError("cannot set up a pty: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw ValidationError("cannot open \(slavePath): \(String(cString: strerror(errno)))") }
        var mode = termios()
        tcgetattr(slave, &mode)
        cfmakeraw(&mode)
        tcsetattr(slave, TCSANOW, &mode)

        // The reader drains the master while the child writes (a pty holds only a few KB).
        let output = Output()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }  // EIO once the child and our copy of the slave are closed
                output.bytes.append(contentsOf: buffer[0..<n])
            }
            done.signal()
        }
        reader.start()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, slave, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, slave, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(slave)
        guard status == 0 else {
            done.wait()
            throw ValidationError("cannot start \(path): \(String(cString: strerror(status)))")
        }
        var exitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &exitStatus, 0, &usage) == -1 && errno == EINTR {}
        done.wait()
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return (cpu, output.bytes)
    }

    /// The reader thread's bytes, read by the caller only after it signalled.
    private final class Output: @unchecked Sendable {
        var bytes: [UInt8] = []
    }
}
