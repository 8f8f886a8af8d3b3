/// Copying inside tmux through tmux's own clipboard: `tmux set-buffer -w` fills tmux's paste
/// buffer whatever `set-clipboard` says (its default, external, refuses an application's OSC 52)
/// and, with set-clipboard on or external, has tmux pass it on to the outer terminal's clipboard.
public enum TmuxClipboard {
    /// Puts `text` (already cleaned) in the paste buffer of the tmux server of `$TMUX`.
    public static func copy(_ text: String, environment env: [String: String]) -> Bool {
        guard env["TMUX"] != nil else { return false }
        if TmuxInfo.run(["set-buffer", "-w", "--", text], env) != nil { return true }
        return TmuxInfo.run(["set-buffer", "--", text], env) != nil  // tmux before 3.2 has no -w
    }
}
