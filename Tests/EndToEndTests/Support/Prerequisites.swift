import Foundation
import TestSupport
import XCTest

/// What the end-to-end tests need on the machine, each checked and said one way: a test that
/// cannot run here skips and says what to build or install.
enum Prerequisites {
    /// The built program: these tests drive it, they do not build it.
    static func program() throws {
        guard FileManager.default.isExecutableFile(atPath: RepoPaths.executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery (\(RepoPaths.executable.path))")
        }
    }

    /// tmux, for the tests that run the gallery in a pane.
    static func tmux() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (scripts/setup.sh installs it)") }
    }

    /// Both: the gallery in tmux.
    static func tmuxAndProgram() throws {
        try tmux()
        try program()
    }
}
