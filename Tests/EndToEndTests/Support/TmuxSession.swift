import Foundation
import TestSupport
import XCTest

/// The gallery's view of the shared tmux harness (`TestSupport.Tmux`): one command in a pane
/// that stays after it ends, XCTest failures instead of throws, and a wait for a condition on
/// the screen. tmux 3.3 has no synchronized output: a capture can fall inside a frame, so a
/// condition names the frame's last-written row too (the status line, a box's bottom border).
final class TmuxSession {
    private let tmux: Tmux
    var socket: String { tmux.name }
    var width: Int { tmux.width }
    var height: Int { tmux.height }

    /// Starts `command` (run by `sh -c`) in a new detached session. The pane stays after the
    /// command ends (the shell prints `EXIT:<status>` and waits), so tests can look at what the
    /// program left behind.
    init(command: String, width: Int, height: Int, environment: [String: String] = [:]) throws {
        // Favourites and history of its own (issue 26): never the user's, never shared by tests.
        var environment = environment
        if environment["XDG_DATA_HOME"] == nil {
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("mg-data-\(UUID().uuidString)").path
            environment["XDG_DATA_HOME"] = data
            ownDataHome = data
        }
        let env = environment.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        // A truecolour terminal; NO_COLOR (which `swift test` sets and the tmux server passes
        // on) is dropped unless a test sets it.
        let script = "env -u NO_COLOR TERM=xterm-256color COLORTERM=truecolor \(env) \(command); echo EXIT:$?; sleep 600"
        tmux = try Tmux(width: width, height: height, command: ["sh", "-c", script])
    }

    private var ownDataHome: String?

    deinit {
        tmux.kill()
        if let ownDataHome { try? FileManager.default.removeItem(atPath: ownDataHome) }
    }

    static var isAvailable: Bool { Tmux.path != nil }

    static var tmuxPath: String { Tmux.path ?? "/usr/bin/tmux" }

    /// The pane as text, one line per row (colours dropped).
    func capture() -> String { tmux.capture() }

    /// The pane with its colours as escape sequences (`capture-pane -e`).
    func captureWithEscapes() -> String { tmux.capture(colors: true) }

    /// Keys in tmux's names (`Escape`, `Enter`, `Down`, `PPage`…) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) {
        _ = try? tmux.tmux(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    func type(_ text: String) { tmux.type(text) }

    func resize(width: Int, height: Int) { try? tmux.resize(width: width, height: height) }

    /// Sets a server-wide option (`set -g NAME VALUE`), e.g. allow-passthrough.
    func setGlobal(_ option: String, _ value: String) { _ = try? tmux.tmux(["set-option", "-g", option, value]) }

    /// Any tmux command on this server (e.g. `show-buffer`); its output, "" on failure.
    func command(_ args: String...) -> String { (try? tmux.tmux(args)) ?? "" }

    /// A pane variable such as `alternate_on` or `cursor_flag`.
    func paneFlag(_ name: String) -> String { tmux.format("#{\(name)}") }

    /// Polls until `condition(screen)` holds; on timeout fails with the last screen.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line,
                 _ condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !condition(screen) {
            if Date() > deadline {
                XCTFail("timed out waiting for \(what); screen (\(width)x\(height)):\n\(screen)", file: file, line: line)
                return screen
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return screen
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
