import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TTY {
    /// The controlling terminal itself, `/dev/tty`, for both questions and answers: `doctor`
    /// with its stdout in a file (`doctor > report.txt` for a bug report) still describes the
    /// terminal the user sits at, whatever stdin is. Throws `notATerminal` when the process has
    /// none (`setsid`, CI).
    public static func openControlling() throws -> TTY {
        let fd = try openDevTTY()
        return TTY(inputFD: fd, outputFD: fd, ownsDevTTY: true)
    }

    /// `/dev/tty` opened for reading and writing; `notATerminal` when the process has none.
    static func openDevTTY() throws -> Int32 {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENXIO || errno == ENOENT { throw TerminalIOError.notATerminal }
            throw TerminalIOError.cannotOpenTTY(errno: errno)
        }
        return fd
    }

    /// The terminal's device name (`/dev/pts/3`), for reports: `/dev/tty` itself only says
    /// "the controlling terminal", so that one is looked up by its device number.
    public var deviceName: String? {
        guard let name = ttyname(outputFD).map({ String(cString: $0) }) else { return nil }
        return name == "/dev/tty" ? Self.controllingDevice() ?? name : name
    }

    /// The controlling terminal's path, from `/proc/self/stat`'s `tty_nr` (Linux): a pty's
    /// `/dev/pts/N`, else the character device in /dev with that number; nil when not found.
    static func controllingDevice() -> String? {
        guard let line = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = line.range(of: ")", options: .backwards) else { return nil }
        // After "pid (comm)": state, ppid, pgrp, session, tty_nr.
        let fields = line[close.upperBound...].split(separator: " ")
        guard fields.count > 4, let ttyNumber = UInt64(fields[4]), ttyNumber != 0 else { return nil }
        let wanted = (major: (ttyNumber >> 8) & 0xfff, minor: (ttyNumber & 0xff) | ((ttyNumber >> 12) & 0xfff00))
        func deviceNumber(of path: String) -> (major: UInt64, minor: UInt64)? {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
            let dev = UInt64(info.st_rdev)
            return (((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfff), (dev & 0xff) | ((dev >> 12) & ~0xff))
        }
        var candidates: [String] = []
        if (136...143).contains(wanted.major) { candidates.append("/dev/pts/\(wanted.minor + (wanted.major - 136) * 256)") }
        candidates += ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).sorted().map { "/dev/" + $0 }
        return candidates.first { path in path != "/dev/tty" && deviceNumber(of: path).map { $0 == wanted } == true }
    }
}
