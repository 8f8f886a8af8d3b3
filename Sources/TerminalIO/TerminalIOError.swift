/// Everything that can go wrong talking to the terminal.
public enum TerminalIOError: Error, Sendable, CustomStringConvertible {
    /// Neither stdin/stdout nor /dev/tty is a terminal; the interactive UI cannot run.
    case notATerminal
    /// `/dev/tty` could not be opened (errno).
    case cannotOpenTTY(errno: Int32)
    /// tcgetattr/tcsetattr failed (errno).
    case termios(errno: Int32)
    /// Writing a frame failed (errno), e.g. the terminal went away.
    case write(errno: Int32)

    /// The terminal hung up (closed with the program still on it): the tty answers EIO.
    public var isHangUp: Bool {
        switch self {
        case .termios(let e), .write(let e): e == EIO
        case .notATerminal, .cannotOpenTTY: false
        }
    }

    public var description: String {
        switch self {
        case .notATerminal: return "not a terminal: run marvel-gallery in an interactive terminal"
        case .cannotOpenTTY(let e): return "cannot open /dev/tty: \(String(cString: strerror(e)))"
        case .termios(let e): return "cannot change terminal settings: \(String(cString: strerror(e)))"
        case .write(let e): return "cannot write to the terminal: \(String(cString: strerror(e)))"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
