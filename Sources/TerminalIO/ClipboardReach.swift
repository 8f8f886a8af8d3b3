/// Whether `y` / `Y` (OSC 52) reach a clipboard, decided from what detection already knows:
/// tmux's `set-clipboard`, else which terminal this is (`TerminalProfile`). Pure, so `doctor`'s
/// line is table-tested.
public enum ClipboardReach {
    /// "yes …", "no …" or "unknown …", with the reason and, when off, how to turn it on.
    public static func describe(profile: TerminalProfile, tmux: TmuxInfo?, interactive: Bool) -> String {
        guard interactive else { return "no (not an interactive terminal)" }
        if profile.insideTmux {
            guard let tmux else { return "unknown (tmux did not answer)" }
            if tmux.setClipboard == "off" {
                return "tmux's paste buffer only (set-clipboard off; to reach the terminal's: \(TmuxInfo.enableClipboardCommand))"
            }
            return "yes, through tmux's paste buffer (set-buffer -w; set-clipboard \(tmux.setClipboard): tmux passes it on to a terminal with the clipboard feature)"
        }
        switch profile.emulator {
        case .linuxConsole?: return "no (the Linux console has no clipboard sequence)"
        case .kitty?: return "yes (kitty writes OSC 52)"
        case .wezterm?: return "yes (WezTerm writes OSC 52)"
        case .foot?: return "yes (foot writes OSC 52)"
        case .ghostty?: return "yes (Ghostty writes OSC 52)"
        case .iterm2?: return "yes if iTerm2 allows it (Settings › General › Selection: applications may access the clipboard)"
        case .konsole?: return "no (Konsole ignores OSC 52)"
        case .mlterm?: return "only with allow_osc52 = true in ~/.mlterm/main (mlterm's default refuses)"
        case .xterm?: return "only if xterm allows it (XTerm*disallowedWindowOps without SetSelection; its default refuses)"
        case .vscode?, .alacritty?, .contour?, nil: return "unknown (OSC 52 is sent; this terminal may ignore it)"
        }
    }
}
