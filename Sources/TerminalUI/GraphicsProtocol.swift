/// How pictures reach the screen: the terminal's own pixels through one of three protocols,
/// or half-block cells (the fallback that works everywhere).
public enum GraphicsProtocol: String, Hashable, Sendable, CaseIterable {
    /// kitty graphics (APC `ESC _ G`): kitty, Ghostty, WezTerm, Konsole.
    case kitty
    /// DEC sixel: xterm -ti vt340, foot, mlterm, WezTerm, Konsole.
    case sixel
    /// iTerm2 inline images (OSC 1337 File=): iTerm2, WezTerm.
    case iterm2
    /// `▀` cells with fg/bg colours.
    case blocks
}
