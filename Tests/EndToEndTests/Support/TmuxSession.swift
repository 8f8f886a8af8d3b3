import Foundation
import XCTest

/// A private tmux server running one command in a pane of a given size: keys in, screen text
/// out, resizes, and a polling wait that prints the screen when it gives up.
/// (`tmux -L <socket> -f /dev/null`, so the user's tmux and config are never touched.)
final class TmuxSession {
    let socket: String
    private(set) var width: Int
    private(set) var height: Int

    private static let counter = Counter()

    /// Starts `command` (run by `sh -c`) in a new detached session. The pane stays after the
    /// command ends (the shell prints `EXIT:<status>` and waits), so tests can look at what the
    /// program left behind.
    init(command: String, width: Int, height: Int, environment: [String: String] = [:]) throws {
        socket = "mg-e2e-\(getpid())-\(TmuxSession.counter.next())"
        self.width = width
        self.height = height
        let env = environment.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        let script = "env TERM=xterm-256color COLORTERM=truecolor \(env) \(command); echo EXIT:$?; sleep 600"
        // The server forks from this command and keeps its stdout: do not wait for that pipe.
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "sh", "-c", script], readOutput: false)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: tmuxPath) }

    static let tmuxPath: String = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/tmux"

    /// The pane as text, one line per row (colours dropped).
    func capture() -> String { (try? tmux(["capture-pane", "-p", "-J"])) ?? "" }

    /// Keys in tmux's names (`Escape`, `Enter`, `Down`, `PPage`…) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) {
        _ = try? tmux(["send-keys"] + (literal ? ["-l"] : []) + keys)
    }

    func type(_ text: String) { send(text, literal: true) }

    func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        _ = try? tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A pane variable such as `alternate_on` or `cursor_flag`.
    func paneFlag(_ name: String) -> String {
        ((try? tmux(["display-message", "-p", "#{\(name)}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

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

    /// Runs one tmux client command. posix_spawn + waitpid rather than Foundation's
    /// `Process`, whose exit monitoring misses the tmux client when it forks the server.
    /// Waits for `condition`, then until the screen stops changing (keys sent in a burst are
    /// all processed), and returns that settled screen.
    @discardableResult
    func waitForSettled(_ what: String, timeout: TimeInterval = 15, file: StaticString = #filePath,
                        line: UInt = #line, _ condition: (String) -> Bool) -> String {
        var screen = waitFor(what, timeout: timeout, file: file, line: line, condition)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            let next = capture()
            if next == screen && condition(next) { return next }
            screen = next
        }
        XCTFail("screen never settled while waiting for \(what):\n\(screen)", file: file, line: line)
        return screen
    }

    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
        try Spawn.run(TmuxSession.tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments, readOutput: readOutput)
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
