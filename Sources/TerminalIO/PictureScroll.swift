import TerminalUI

/// Whether the terminal moves sixel/iTerm2 pictures with its text when the screen scrolls, so
/// a grid scroll (SU/SD) carries them and only the new row's pictures are drawn. Elsewhere a
/// frame that moves a picture is repainted from a cleared screen (the only safe wipe). Pure,
/// so `doctor`'s line is table-tested.
///
/// Seen here (Xvfb, a picture scrolled 6 lines, before/after screenshots):
/// - xterm 379 (`-ti vt340`): every picture moves with SU/SD by the rows scrolled, whatever the
///   margins, and one pushed off the screen is gone; text or EL written over a picture leave
///   its pixels, `CSI J` wipes them. The renderer scrolls the whole screen for it.
/// - mlterm 3.9: pictures live in cells and move exactly like text, margins included.
/// From their source, not run here (no package on this machine): foot keeps sixels on grid
/// rows (`sixel.c`: `sixel_scroll_up`/`down`), WezTerm attaches sixel and iTerm2 pictures to
/// cells (`term/src/terminalstate/image.rs`: `assign_image_to_cells`), iTerm2 stores an
/// inline image as cells carrying the image code and position (`SetPositionInImageChar`).
public enum PictureScroll {
    /// The decision and why, for the protocol chosen.
    public static func decide(profile: TerminalProfile, graphics: GraphicsProtocol) -> (moves: Bool, reason: String) {
        switch graphics {
        case .blocks: return (false, "not needed (half-blocks scroll as text)")
        case .kitty: return (false, "not needed (kitty pictures are moved by placement)")
        case .sixel, .iterm2: break
        }
        if profile.insideTmux { return (false, "no (inside tmux): a frame that moves a picture is repainted") }
        let name: String?
        switch profile.emulator {
        case .xterm?: name = "xterm (seen: xterm 379)"
        case .mlterm?: name = "mlterm (seen: mlterm 3.9)"
        case .foot?: name = "foot (from its source)"
        case .wezterm?: name = "WezTerm (from its source)"
        case .iterm2?: name = "iTerm2 (from its source)"
        default: name = nil
        }
        guard let name else {
            return (false, "no (terminal not known to move pictures when it scrolls): a frame that moves a picture is repainted")
        }
        return (true, "yes: \(name) moves pictures with the text; a grid scroll draws only the new row's pictures")
    }
}
