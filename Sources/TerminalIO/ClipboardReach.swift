/// Whether `y` / `Y` (OSC 52) reach a clipboard, decided from what detection already knows:
/// tmux's `set-clipboard`, else the terminal's XTVERSION, TERM_PROGRAM and TERM. Pure, so
/// `doctor`'s line is table-tested.
public enum ClipboardReach {
    /// "yes …", "no …" or "unknown …", with the reason and, when off, how to turn it on.
    public static func describe(environment env: [String: String], answers: TerminalAnswers?, tmux: TmuxInfo?,
                                interactive: Bool) -> String {
        guard interactive else { return "no (not an interactive terminal)" }
        if env["TMUX"] != nil {
            guard let tmux else { return "unknown (tmux did not answer)" }
            if tmux.setClipboard == "off" {
                return "tmux's paste buffer only (set-clipboard off; to reach the terminal's: \(TmuxInfo.enableClipboardCommand))"
            }
            return "yes, through tmux's paste buffer (set-buffer -w; set-clipboard \(tmux.setClipboard): tmux passes it on to a terminal with the clipboard feature)"
        }
        let version = (answers?.version ?? "").lowercased()
        let program = (env["TERM_PROGRAM"] ?? "").lowercased(), term = env["TERM"] ?? ""
        func says(_ name: String) -> Bool { version.hasPrefix(name) || program.contains(name) }
        if term == "linux" { return "no (the Linux console has no clipboard sequence)" }
        if says("kitty") || term == "xterm-kitty" || env["KITTY_WINDOW_ID"] != nil { return "yes (kitty writes OSC 52)" }
        if says("wezterm") || env["WEZTERM_EXECUTABLE"] != nil { return "yes (WezTerm writes OSC 52)" }
        if says("foot") || term.hasPrefix("foot") { return "yes (foot writes OSC 52)" }
        if says("ghostty") || term == "xterm-ghostty" { return "yes (Ghostty writes OSC 52)" }
        if says("iterm") || env["LC_TERMINAL"] == "iTerm2" {
            return "yes if iTerm2 allows it (Settings › General › Selection: applications may access the clipboard)"
        }
        if says("konsole") || env["KONSOLE_VERSION"] != nil { return "no (Konsole ignores OSC 52)" }
        if says("mlterm") || env["MLTERM"] != nil { return "only with allow_osc52 = true in ~/.mlterm/main (mlterm's default refuses)" }
        if says("xterm") || env["XTERM_VERSION"] != nil {
            return "only if xterm allows it (XTerm*disallowedWindowOps without SetSelection; its default refuses)"
        }
        return "unknown (OSC 52 is sent; this terminal may ignore it)"
    }
}
