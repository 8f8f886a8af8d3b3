import Foundation
import Synchronization

/// End-to-end tests in a real terminal: a private tmux server (`tmux -L NAME -f /dev/null`)
/// running one shell in a window of a fixed size. Send keys, read the screen, resize, wait for
/// a condition (the screen is printed when it never comes), and clean up (`kill-server`).
///
///     let tmux = try Tmux(width: 80, height: 24)
///     defer { tmux.kill() }
///     tmux.run("marvel-gallery demo")
///     try tmux.waitFor { $0.contains("80x24") }
///     tmux.sendKeys("q")
public final class Tmux: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case tmuxMissing
        case command(String, status: Int32, output: String)
        case timeout(what: String, screen: String)
        public var description: String {
            switch self {
            case .tmuxMissing: return "tmux is not installed"
            case .command(let c, let s, let o): return "tmux \(c) failed (\(s)): \(o)"
            case .timeout(let what, let screen): return "timed out waiting for \(what); screen:\n\(screen)"
            }
        }
    }

    /// The tmux binary, or nil when tmux is not installed (tests skip with a message).
    public static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for d in dirs + ["/usr/bin", "/usr/local/bin"] {
            let p = "\(d)/tmux"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }()

    public let name: String
    public private(set) var width: Int
    public private(set) var height: Int
    private var alive = true
    private static let counter = Counter()

    /// Starts a detached server named `name` with one window of `width`x`height` running
    /// `command` (default: an interactive bash without rc files, prompt "$ ", job control on).
    public init(width: Int = 80, height: Int = 24, name: String? = nil, command: [String]? = nil,
                environment: [String: String] = [:]) throws {
        guard Tmux.path != nil else { throw Failure.tmuxMissing }
        self.name = name ?? "mgtest\(getpid())-\(Tmux.counter.next())"
        self.width = width
        self.height = height
        var args = ["new-session", "-d", "-x", "\(width)", "-y", "\(height)"]
        var env = ["PS1": "$ ", "TERM": "screen", "LANG": "C.UTF-8", "HISTFILE": "/dev/null"]
        env.merge(environment) { $1 }
        for (k, v) in env.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(k)=\(v)"] }
        args += ["--"] + (command ?? ["bash", "--norc", "--noprofile", "-i"])
        // The server forks from this command and keeps its stdout: no pipe, or reading
        // to end-of-file would wait for the server to exit.
        try tmux(args, captureOutput: false)
        // Keep the window the size we asked for, whatever clients attach.
        _ = try? tmux(["set-option", "-g", "window-size", "manual"])
    }

    deinit { kill() }

    /// Runs `tmux -L name -f /dev/null ARGS…` and returns its stdout.
    @discardableResult
    public func tmux(_ args: [String], captureOutput: Bool = true) throws -> String {
        let r = try Spawn.status([Tmux.path!, "-L", name, "-f", "/dev/null"] + args, captureOutput: captureOutput)
        guard r.status == 0 else {
            throw Failure.command(args.joined(separator: " "), status: r.status, output: r.output)
        }
        return r.output
    }

    /// tmux key names or literal words: `sendKeys("q")`, `sendKeys("C-c")`, `sendKeys("Up", "Enter")`.
    public func sendKeys(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Text typed exactly as given (no key-name lookup).
    public func type(_ text: String) {
        _ = try? tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Types a shell command line and presses Enter.
    public func run(_ commandLine: String) {
        type(commandLine)
        sendKeys("Enter")
    }

    /// The visible screen as text (`capture-pane -p -J`); with `colors`, SGR sequences are kept (`-e`).
    public func capture(colors: Bool = false, history: Bool = false) -> String {
        (try? tmux(["capture-pane", "-p", "-J", "-t", "0"] + (colors ? ["-e"] : []) + (history ? ["-S", "-"] : []))) ?? ""
    }

    /// A tmux format for the pane, e.g. `#{alternate_on}`, `#{cursor_flag}`, `#{pane_pid}`.
    public func format(_ f: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", "0", f])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True while the pane shows the alternate screen.
    public var alternateScreen: Bool { format("#{alternate_on}") == "1" }
    /// True while the cursor is visible.
    public var cursorVisible: Bool { format("#{cursor_flag}") == "1" }

    /// Resizes the window (the program in it gets SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
        self.width = width
        self.height = height
    }

    /// Polls (every 50 ms) until `condition(screen)` holds; throws with the screen printed when
    /// it does not within `timeout` seconds.
    public func waitFor(_ what: String = "condition", timeout: Double = 10, colors: Bool = false,
                        _ condition: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture(colors: colors)
        while !condition(screen) {
            if Date() > deadline {
                let failure = Failure.timeout(what: what, screen: screen)
                print(failure.description)
                throw failure
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture(colors: colors)
        }
    }

    /// Waits until the screen contains `text`.
    public func waitFor(text: String, timeout: Double = 10) throws {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until a pane format has the given value (e.g. `#{alternate_on}` is "0").
    public func waitFor(format f: String, equals value: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while format(f) != value {
            if Date() > deadline {
                let failure = Failure.timeout(what: "\(f) == \(value) (is \(format(f)))", screen: capture())
                print(failure.description)
                throw failure
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Stops the private server and everything running in it.
    public func kill() {
        guard alive else { return }
        alive = false
        _ = try? tmux(["kill-server"])
    }

    private final class Counter: Sendable {
        private let n = Mutex(0)
        func next() -> Int { n.withLock { $0 += 1; return $0 } }
    }
}
