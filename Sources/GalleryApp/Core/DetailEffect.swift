/// Work the detail stack asks for (wrapped in `Effect.detail`).
public enum DetailEffect: Equatable, Sendable {
    case load(DetailRequest)
    case loadStrip(StripRequest)
    case loadImages(ImageSlot, [ThumbnailKey])
    /// Open a link in the desktop's browser (`xdg-open`).
    case openURL(String)
    /// Put a name or link on the terminal's clipboard.
    case copy(CopyRequest)
}
