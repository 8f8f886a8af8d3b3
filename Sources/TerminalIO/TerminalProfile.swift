/// Which terminal this is, resolved once a run from the environment and, once the terminal was
/// asked, its XTVERSION answer: the one set of rules that every reader of the terminal's
/// identity uses (colours, graphics and synchronized output in `Capabilities`, the questions in
/// `TerminalProbe`, `ClipboardReach`, `PictureScroll`). Pure, so it is table-tested.
///
/// The rules:
/// - Inside tmux (`$TMUX`, or a `TERM` of `tmux*` when the shell came through SSH from a tmux
///   pane) the program talks to tmux, which answers the questions itself and re-encodes what
///   is drawn; no emulator is named there, and what tmux says of its client (`TmuxInfo`) tells
///   about the terminal outside. `$TMUX` alone says whether tmux's server can be asked.
/// - Elsewhere the terminal's own answer (XTVERSION) comes first: it is said now, by the
///   terminal at the other end, while variables leak through SSH, `sudo` and nested terminals.
///   Then `TERM` names that are one emulator's own, then the variables an emulator sets for its
///   children, then `TERM_PROGRAM`, then iTerm2's `LC_TERMINAL`.
public struct TerminalProfile: Sendable, Hashable {
    /// The terminals the program knows something particular of.
    public enum Emulator: String, Sendable, Hashable, CaseIterable {
        case kitty, ghostty, wezterm, foot, iterm2, konsole, mlterm, xterm, vscode, alacritty, contour
        /// The Linux virtual console (`TERM=linux`, `linux-*`).
        case linuxConsole

        /// The name as the terminal writes it (in reasons shown by `doctor`).
        public var name: String {
            switch self {
            case .kitty: "kitty"
            case .ghostty: "ghostty"
            case .wezterm: "WezTerm"
            case .foot: "foot"
            case .iterm2: "iTerm2"
            case .konsole: "Konsole"
            case .mlterm: "mlterm"
            case .xterm: "xterm"
            case .vscode: "vscode"
            case .alacritty: "Alacritty"
            case .contour: "contour"
            case .linuxConsole: "the Linux console"
            }
        }
    }

    /// How the emulator was told apart, in words (`doctor` shows it in its reasons).
    public enum Evidence: Sendable, Hashable {
        /// XTVERSION's answer.
        case version
        /// `TERM` names the emulator.
        case term
        /// A variable the emulator sets (`KITTY_WINDOW_ID`, `WEZTERM_EXECUTABLE`, ...), its text.
        case variable(String)
        /// `TERM_PROGRAM`.
        case program
    }

    /// `TERM`, `COLORTERM` (nil: unset) and `TERM_PROGRAM` ("" when unset).
    public var term: String?
    public var colorTerm: String?
    public var program: String
    /// `NO_COLOR` is set and not empty.
    public var noColor: Bool
    /// `$TMUX` is set: tmux's server can be asked (`TmuxInfo.query`, `TmuxClipboard`).
    public var tmuxServer: Bool
    public var insideTmux: Bool
    public var insideScreen: Bool
    public var overSSH: Bool
    /// XTVERSION's answer (nil: not asked, or no answer).
    public var version: String?
    /// An emulator and how it was told apart.
    public struct Identity: Sendable, Hashable {
        public var emulator: Emulator
        public var evidence: Evidence
    }

    /// The terminal at the other end, and how that was told; nil inside tmux or when unknown.
    public var identity: Identity?
    public var emulator: Emulator? { identity?.emulator }
    /// What the environment alone said (a later answer is applied over it).
    private var environmentIdentity: Identity?

    /// The profile from the environment alone (before the terminal is asked, or when it is not).
    public init(environment env: [String: String]) {
        term = env["TERM"]
        colorTerm = env["COLORTERM"]
        program = env["TERM_PROGRAM"] ?? ""
        noColor = !(env["NO_COLOR"] ?? "").isEmpty
        tmuxServer = env["TMUX"] != nil
        insideTmux = tmuxServer || (term?.hasPrefix("tmux") ?? false)
        insideScreen = env["STY"] != nil || (term?.hasPrefix("screen") ?? false)
        overSSH = env["SSH_TTY"] != nil || env["SSH_CONNECTION"] != nil
        environmentIdentity = insideTmux ? nil : Self.fromEnvironment(env, term: term ?? "", program: program)
        identity = environmentIdentity
    }

    /// The profile from the environment and the terminal's answers.
    public init(environment env: [String: String], answers: TerminalAnswers?) {
        self.init(environment: env)
        if let answers { self = with(answers: answers) }
    }

    /// This profile once the terminal answered: XTVERSION, when it names a known emulator,
    /// overrules the environment (never inside tmux, which answers for itself).
    public func with(answers: TerminalAnswers?) -> TerminalProfile {
        var profile = self
        profile.version = answers?.version
        guard !insideTmux else { return profile }
        if let version = answers?.version, let named = Self.fromVersion(version) {
            profile.identity = Identity(emulator: named, evidence: .version)
        } else {
            profile.identity = environmentIdentity
        }
        return profile
    }

    /// XTVERSION's text, e.g. "kitty(0.39.1)", "WezTerm 20240203-…", "XTerm(390)", "iTerm2 3.5.0".
    /// xterm is `XTerm(` exactly: xterm.js (VS Code) answers "xterm.js(5.5.0)" and is not xterm.
    static func fromVersion(_ version: String) -> Emulator? {
        let v = version.lowercased()
        let prefixes: [(String, Emulator)] = [
            ("kitty", .kitty), ("ghostty", .ghostty), ("wezterm", .wezterm), ("foot", .foot), ("iterm2", .iterm2),
            ("konsole", .konsole), ("mlterm", .mlterm), ("xterm(", .xterm), ("contour", .contour), ("alacritty", .alacritty),
        ]
        return prefixes.first { v.hasPrefix($0.0) }?.1
    }

    static func fromEnvironment(_ env: [String: String], term: String, program: String) -> Identity? {
        if term == "xterm-kitty" { return Identity(emulator: .kitty, evidence: .term) }
        if term == "xterm-ghostty" { return Identity(emulator: .ghostty, evidence: .term) }
        if term.hasPrefix("foot") { return Identity(emulator: .foot, evidence: .term) }
        if term.hasPrefix("wezterm") { return Identity(emulator: .wezterm, evidence: .term) }
        if term.hasPrefix("mlterm") { return Identity(emulator: .mlterm, evidence: .term) }
        if term == "linux" || term.hasPrefix("linux-") { return Identity(emulator: .linuxConsole, evidence: .term) }
        if let version = env["MLTERM"] { return Identity(emulator: .mlterm, evidence: .variable("MLTERM=\(version) is set")) }
        if env["KONSOLE_VERSION"] != nil { return Identity(emulator: .konsole, evidence: .variable("KONSOLE_VERSION is set")) }
        if env["KITTY_WINDOW_ID"] != nil { return Identity(emulator: .kitty, evidence: .variable("KITTY_WINDOW_ID is set")) }
        if env["WEZTERM_EXECUTABLE"] != nil { return Identity(emulator: .wezterm, evidence: .variable("WEZTERM_EXECUTABLE is set")) }
        if env["XTERM_VERSION"] != nil { return Identity(emulator: .xterm, evidence: .variable("XTERM_VERSION is set")) }
        let p = program.lowercased()
        let programs: [(String, Emulator)] = [
            ("iterm.app", .iterm2), ("wezterm", .wezterm), ("ghostty", .ghostty), ("kitty", .kitty), ("foot", .foot),
            ("vscode", .vscode), ("alacritty", .alacritty), ("contour", .contour), ("konsole", .konsole), ("mlterm", .mlterm),
        ]
        if let named = programs.first(where: { p.contains($0.0) })?.1 { return Identity(emulator: named, evidence: .program) }
        // iTerm2's own variable, which SSH passes on (its TERM_PROGRAM does not reach the host).
        if env["LC_TERMINAL"] == "iTerm2" { return Identity(emulator: .iterm2, evidence: .variable("LC_TERMINAL=iTerm2")) }
        return nil
    }

    /// The emulator's reason in words, as `doctor` shows it: "TERM=foot", "XTVERSION names
    /// WezTerm", "KITTY_WINDOW_ID is set (kitty)", "TERM_PROGRAM=ghostty".
    public var evidenceText: String? {
        guard let identity else { return nil }
        let emulator = identity.emulator
        switch identity.evidence {
        case .version: return "XTVERSION names \(emulator.name)"
        case .term: return "TERM=\(term ?? "")"
        case .variable(let text): return "\(text) (\(emulator.name))"
        case .program: return "TERM_PROGRAM=\(program)"
        }
    }

    /// Whether the emulator is one of `names`.
    public func isOne(of names: Emulator...) -> Bool { emulator.map(names.contains) ?? false }
}
