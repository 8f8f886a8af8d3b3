import TerminalUI

/// Where `y` / `Y` put text. The real one is the terminal's own clipboard (OSC 52).
public protocol ClipboardWriting: Sendable {
    /// Sends `text`; false when it could not be written.
    func copy(_ text: String) async -> Bool
}

/// OSC 52 through the backend, between frames (never inside one). Inside tmux the sequence
/// reaches tmux's own paste buffer when `set-clipboard` is `on` (`doctor` says when it is not).
public struct TerminalClipboard: ClipboardWriting {
    public let backend: any Backend
    public init(backend: any Backend) { self.backend = backend }

    public func copy(_ text: String) async -> Bool {
        do {
            try await backend.writeOutOfBand(Clipboard.osc52(text))
            return true
        } catch {
            return false
        }
    }
}

extension EffectRunner {
    /// Makes a link canonical, cleans the text, sends it: the request as it was copied.
    func copy(_ request: CopyRequest) async -> CopyRequest {
        let raw = request.what == .link ? canonicalLink(request.text) : request.text
        var copied = CopyRequest(request.what, Sanitizer.clean(raw))
        copied.sent = await clipboard?.copy(copied.text) ?? false
        return copied
    }
}
