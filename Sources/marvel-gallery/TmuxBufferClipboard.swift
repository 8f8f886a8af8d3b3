import Foundation
import GalleryApp
import TerminalIO

/// `y` / `Y` inside tmux: tmux's own clipboard (`TmuxClipboard`), so copying works with tmux's
/// default settings too; outside tmux the gallery sends OSC 52 itself.
struct TmuxBufferClipboard: ClipboardWriting {
    let environment: [String: String]

    func copy(_ text: String) async -> Bool {
        TmuxClipboard.copy(text, environment: environment)
    }

    /// The clipboard for this process (nil: the default, OSC 52 through the terminal).
    static func forThisProcess(_ env: [String: String] = ProcessInfo.processInfo.environment) -> TmuxBufferClipboard? {
        env["TMUX"] != nil ? TmuxBufferClipboard(environment: env) : nil
    }
}
