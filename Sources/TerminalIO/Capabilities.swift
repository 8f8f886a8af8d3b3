import TerminalUI

/// What the terminal can do, decided once from the environment and isatty.
public struct Capabilities: Sendable, Hashable {
    public var isTTY: Bool
    public var term: String?
    public var colorTerm: String?
    public var colorDepth: ColorDepth
    /// Why `colorDepth` was chosen, in words (for `doctor`).
    public var colorReason: String
    /// False for TERM=dumb or no terminal: print plain text, no full-screen UI.
    public var interactive: Bool
    public var inTmux: Bool
    public var inScreen: Bool
    public var overSSH: Bool
    /// Whether frames are wrapped in `?2026h/l` (set from a query or known terminals).
    public var synchronizedOutput: Bool

    /// The pure decision: `environment` and whether output is a terminal in, capabilities out.
    public static func decide(environment env: [String: String], isTTY: Bool) -> Capabilities {
        let term = env["TERM"], colorTerm = env["COLORTERM"]
        let depth: ColorDepth
        let reason: String
        let dumb = term == "dumb"
        if !isTTY {
            (depth, reason) = (.none, "output is not a terminal")
        } else if dumb {
            (depth, reason) = (.none, "TERM=dumb")
        } else if let nc = env["NO_COLOR"], !nc.isEmpty {
            (depth, reason) = (.none, "NO_COLOR is set")
        } else if let ct = colorTerm?.lowercased(), ct == "truecolor" || ct == "24bit" {
            (depth, reason) = (.truecolor, "COLORTERM=\(ct)")
        } else {
            (depth, reason) = (.ansi256, colorTerm == nil ? "COLORTERM not set: 256 colours" : "COLORTERM=\(colorTerm!) is not truecolor/24bit: 256 colours")
        }
        let inTmux = env["TMUX"] != nil || (term?.hasPrefix("tmux") ?? false)
        let inScreen = env["STY"] != nil || (term?.hasPrefix("screen") ?? false)
        let program = env["TERM_PROGRAM"]?.lowercased() ?? ""
        // Terminals known to implement mode 2026; others may still answer the DECRQM query.
        let knownSync = ["wezterm", "ghostty", "iterm.app", "contour", "kitty", "alacritty", "foot", "vscode"]
            .contains { program.contains($0) } || (term?.contains("kitty") ?? false) || (term?.hasPrefix("foot") ?? false)
        return Capabilities(
            isTTY: isTTY, term: term, colorTerm: colorTerm, colorDepth: depth, colorReason: reason,
            interactive: isTTY && !dumb, inTmux: inTmux, inScreen: inScreen,
            overSSH: env["SSH_TTY"] != nil || env["SSH_CONNECTION"] != nil,
            synchronizedOutput: knownSync)
    }
}
