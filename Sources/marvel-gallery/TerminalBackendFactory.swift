import TerminalIO
import TerminalUI

/// The real terminal: raw mode, alternate screen, mouse, signals (TerminalIO).
enum TerminalBackendFactory {
    static func make() throws -> any Backend {
        try TTYBackend(mouse: true)
    }
}
