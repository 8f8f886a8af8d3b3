/// A terminal's default background and foreground (its answer to OSC 11 and OSC 10).
public struct TerminalColors: Sendable, Hashable {
    public var background: RGB
    public var foreground: RGB

    public init(background: RGB, foreground: RGB) {
        self.background = background
        self.foreground = foreground
    }

    /// kitty's defaults (#000000 on #DDDDDD): assumed when the terminal did not say.
    public static let kittyDefaults = TerminalColors(background: RGB(0, 0, 0), foreground: RGB(0xDD, 0xDD, 0xDD))
}
