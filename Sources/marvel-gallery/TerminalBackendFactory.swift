import GalleryApp
import TerminalUI

/// The real terminal backend. TerminalIO's TTY backend is not in this build yet; until it is,
/// the full-screen mode says so instead of drawing (use --plain, or --headless for figures).
enum TerminalBackendFactory {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the full-screen terminal backend (TerminalIO) is not in this build yet; use --plain" }
    }

    static func make() throws -> any Backend {
        throw Unavailable()
    }
}
