import CTerminal
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file descriptors of the controlling terminal: stdin/stdout when they are terminals,
/// otherwise `/dev/tty` (so `cat list | marvel-gallery` still reads keys from the keyboard).
public struct TTY: Sendable {
    public let inputFD: Int32
    public let outputFD: Int32
    /// True when `/dev/tty` was opened (and must be closed).
    public let ownsDevTTY: Bool

    public static func open() throws -> TTY {
        let inTTY = isatty(STDIN_FILENO) == 1, outTTY = isatty(STDOUT_FILENO) == 1
        if inTTY && outTTY { return TTY(inputFD: STDIN_FILENO, outputFD: STDOUT_FILENO, ownsDevTTY: false) }
        let fd = try openDevTTY()
        return TTY(inputFD: inTTY ? STDIN_FILENO : fd, outputFD: outTTY ? STDOUT_FILENO : fd, ownsDevTTY: true)
    }

    /// Size in cells (and pixels when the terminal reports them); 80x24 when unknown.
    /// The window's size, clamped to `TerminalLimits`.
    public func windowSize() -> (cells: Size, pixels: Size?) {
        let reported = reportedWindowSize()
        return (TerminalLimits.clamped(cells: reported.cells), reported.pixels.map(TerminalLimits.clamped(windowPixels:)))
    }

    /// The size as the kernel reports it, unclamped (`doctor` shows both).
    public func reportedWindowSize() -> (cells: Size, pixels: Size?) {
        Self.windowSize(of: outputFD) ?? Self.windowSize(of: inputFD) ?? (Size(width: 80, height: 24), nil)
    }

    /// The size of standard output when it is a terminal that tells one (nil when piped):
    /// `render` draws into it.
    public static func standardOutputSize() -> Size? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        return windowSize(of: STDOUT_FILENO).map { TerminalLimits.clamped(cells: $0.cells) }
    }

    private static func windowSize(of fd: Int32) -> (cells: Size, pixels: Size?)? {
        var c: Int32 = 0, r: Int32 = 0, xp: Int32 = 0, yp: Int32 = 0
        guard mg_term_winsize(fd, &c, &r, &xp, &yp) == 0, c > 0, r > 0 else { return nil }
        return (Size(width: Int(c), height: Int(r)), xp > 0 && yp > 0 ? Size(width: Int(xp), height: Int(yp)) : nil)
    }

    /// Writes everything, retrying on EINTR, with lifecycle signals blocked during the write.
    public func write(_ bytes: [UInt8]) throws {
        let rc = bytes.withUnsafeBytes { mg_term_write_all(outputFD, $0.baseAddress, $0.count) }
        if rc != 0 { throw TerminalIOError.write(errno: errno) }
    }

    /// Writes `bytes` to `fd`; to a terminal without the line discipline's output processing:
    /// each lone LF is sent as CR LF, as the terminal would have made it (picture payloads hold
    /// no LF). For `render`'s megabytes of pictures: the kernel's per-byte scan would be about
    /// half of its system time. A file or a pipe gets the bytes as they are.
    public static func writeUnprocessed(_ bytes: [UInt8], to fd: Int32) throws {
        guard isatty(fd) == 1 else {
            let rc = bytes.withUnsafeBytes { mg_term_write_all(fd, $0.baseAddress, $0.count) }
            if rc != 0 { throw TerminalIOError.write(errno: errno) }
            return
        }
        // memchr finds the few LFs (one a picture) in megabytes of payload.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            var start = 0
            while start < buf.count, let hit = memchr(base + start, 0x0A, buf.count - start) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                out.append(contentsOf: buf[start..<at])
                if at == 0 || buf[at - 1] != 0x0D { out.append(0x0D) }
                out.append(0x0A)
                start = at + 1
            }
            out.append(contentsOf: buf[start...])
        }
        let rc = out.withUnsafeBytes { mg_term_write_unprocessed(fd, $0.baseAddress, $0.count) }
        if rc != 0 { throw TerminalIOError.write(errno: errno) }
    }

    public func close() {
        if ownsDevTTY { _ = Glibc.close(inputFD == STDIN_FILENO ? outputFD : inputFD) }
    }
}

/// Raw mode: the termios is saved once, and restore puts back that exact struct.
public enum RawMode {
    public static func enable(_ tty: TTY) throws {
        if mg_term_save(tty.inputFD) != 0 { throw TerminalIOError.termios(errno: errno) }
        if mg_term_enter_raw(tty.inputFD) != 0 { throw TerminalIOError.termios(errno: errno) }
    }

    /// From the start of an interactive launch until raw mode: keys typed are not echoed onto
    /// the shell's screen (they stay queued, read as type-ahead later). Only when standard input
    /// and output are the terminal; `restore` ends it (and is safe to call again after the
    /// backend has restored the terminal: the same saved struct).
    public static func holdEcho() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return }
        guard mg_term_hold_echo(STDIN_FILENO) == 0 else { return }
        // Keys typed between Enter and here are echoed by the line discipline onto the line
        // under the command (a `j` 110 ms after Enter would stay beside the next prompt): counted
        // now, erased on the way out (`ANSI.leaveSequence(erasingEchoedLine:)`).
        var queued: Int32 = 0
        if ioctl(STDIN_FILENO, UInt(FIONREAD), &queued) == 0 { echoedBeforeHold = Int(queued) }
    }

    /// Bytes the terminal had echoed before `holdEcho` (set once, at launch, before any thread).
    nonisolated(unsafe) public private(set) static var echoedBeforeHold = 0

    public static func restore() {
        _ = mg_term_restore()
    }
}
