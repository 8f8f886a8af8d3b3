import TerminalIO
import TerminalUI

/// The real terminal: raw mode, alternate screen, mouse, signals (TerminalIO).
enum TerminalBackendFactory {
    static func make(display: DisplayRequest = DisplayRequest()) throws -> any Backend {
        try TTYBackend(mouse: true, display: display)
    }
}
