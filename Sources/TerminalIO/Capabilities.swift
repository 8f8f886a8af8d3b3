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
    /// How pictures are drawn, and why (for `doctor`).
    public var graphics: GraphicsProtocol = .blocks
    public var graphicsReason = "no pixel graphics detected"
    /// One cell in pixels, when the terminal said (pixel pictures are sized from it).
    public var cellPixels: Size?
    /// kitty pictures inside tmux go through passthrough and show as Unicode placeholders.
    public var tmuxPlaceholders = false
    /// kitty pictures as temporary files or streamed, and why (`Capabilities+Transfer`).
    public var graphicsTransfer: GraphicsTransfer = .stream
    public var graphicsTransferReason = "not kitty graphics"
    /// sixel/iTerm2 pictures move with a scroll of the screen (`PictureScroll`), and why.
    public var picturesMoveWithScroll = false
    public var pictureScrollReason = "not needed (half-blocks scroll as text)"
    /// The terminal scales a picture placed over more cells than its pixels smoothly
    /// (`PictureScaling`), and why: `render` then sends a smaller picture at its own size.
    public var terminalScalesPictures = false
    public var pictureScalingReason = "the program scales"
    /// The terminal's default colours when it said (asked of kitty-family terminals only).
    public var defaultColors: TerminalColors?

    /// What the screens draw pictures with.
    public var graphicsMode: GraphicsMode {
        var mode = GraphicsMode(graphics: graphics, tmuxPlaceholders: tmuxPlaceholders && inTmux, cellPixels: cellPixels)
        mode.picturesMoveWithScroll = picturesMoveWithScroll
        mode.defaultColors = defaultColors
        return mode
    }

    /// The pure decision: `environment` and whether output is a terminal in, capabilities out
    /// (the profile resolved from them: `decide(profile:isTTY:answers:tmux:)`).
    public static func decide(environment env: [String: String], isTTY: Bool,
                              answers: TerminalAnswers? = nil, tmux: TmuxInfo? = nil) -> Capabilities {
        decide(profile: TerminalProfile(environment: env, answers: answers), isTTY: isTTY, answers: answers, tmux: tmux)
    }

    /// The pure decision from the terminal's identity (`TerminalProfile`), its answers and
    /// tmux's view.
    public static func decide(profile: TerminalProfile, isTTY: Bool,
                              answers: TerminalAnswers? = nil, tmux: TmuxInfo? = nil) -> Capabilities {
        let term = profile.term, colorTerm = profile.colorTerm
        let depth: ColorDepth
        let reason: String
        let dumb = term == "dumb"
        if !isTTY {
            (depth, reason) = (.none, "output is not a terminal")
        } else if dumb {
            (depth, reason) = (.none, "TERM=dumb")
        } else if profile.noColor {
            (depth, reason) = (.none, "NO_COLOR is set")
        } else if let ct = colorTerm?.lowercased(), ct == "truecolor" || ct == "24bit" {
            (depth, reason) = (.truecolor, "COLORTERM=\(ct)")
        } else if let signal = truecolorSignal(profile, answers: answers, tmux: tmux) {
            (depth, reason) = (.truecolor, signal)
        } else if let term, Self.namesSixteenColours(term) {
            (depth, reason) = (.ansi16, "TERM=\(term): 16 colours")
        } else {
            (depth, reason) = (.ansi256, colorTerm == nil ? "COLORTERM not set: 256 colours" : "COLORTERM=\(colorTerm!) is not truecolor/24bit: 256 colours")
        }
        // Terminals known to implement mode 2026; others may still answer the DECRQM query.
        let knownSync = profile.isOne(of: .wezterm, .ghostty, .iterm2, .contour, .kitty, .alacritty, .foot, .vscode)
        var caps = Capabilities(
            isTTY: isTTY, term: term, colorTerm: colorTerm, colorDepth: depth, colorReason: reason,
            interactive: isTTY && !dumb, inTmux: profile.insideTmux, inScreen: profile.insideScreen,
            overSSH: profile.overSSH, synchronizedOutput: knownSync)
        caps.cellPixels = answers?.cellPixels
        if isTTY && !dumb {
            (caps.graphics, caps.graphicsReason) = graphicsDecision(profile, answers: answers, tmux: tmux)
            caps.tmuxPlaceholders = profile.insideTmux && caps.graphics == .kitty
        } else {
            caps.graphicsReason = "not an interactive terminal"
        }
        return caps
    }

    /// A TERM that promises no more than 16 colours: the Linux console (`linux`, `linux-16color`;
    /// its 256-colour SGR is folded onto 8 backgrounds by the kernel, so the pictures lost the
    /// 16-colour diffusion that `--colors 16` gives) and the `*-16color` / `*-8color` entries.
    static func namesSixteenColours(_ term: String) -> Bool {
        term == "linux" || term.hasPrefix("linux-") || term.hasSuffix("-16color") || term.hasSuffix("-8color")
    }

    /// A reliable truecolour signal other than COLORTERM, in words; nil when there is none.
    /// Inside tmux, tmux answers the questions itself: only its client's RGB feature counts.
    static func truecolorSignal(_ profile: TerminalProfile, answers: TerminalAnswers?, tmux: TmuxInfo?) -> String? {
        if let tmux, tmux.rgb { return "tmux client has the RGB feature" }
        if !profile.insideTmux {
            if answers?.rgbCapability == true { return "terminal answered XTGETTCAP RGB/Tc" }
            if answers?.directColorRoundTrip == true { return "terminal echoed a direct colour (DECRQSS SGR)" }
        }
        // A TERM that promises direct colour, or names a terminal that draws it.
        if let term = profile.term, term.hasSuffix("-direct") || term == "xterm-kitty" || term == "xterm-ghostty" {
            return "TERM=\(term)"
        }
        // Terminals that draw 24-bit colour but say so in none of the ways above: mlterm (its
        // DECRQSS reports a 256-colour index and XTGETTCAP says no RGB, yet it draws
        // rgb(200,100,50) exactly; TERM=mlterm survives SSH), and by XTVERSION or their own
        // variables foot, WezTerm and Konsole when COLORTERM did not reach us.
        if let term = profile.term, term.hasPrefix("mlterm") || term.hasPrefix("foot") || term.hasPrefix("wezterm") {
            return "TERM=\(term)"
        }
        if profile.isOne(of: .foot, .wezterm, .konsole, .mlterm, .kitty, .ghostty, .iterm2, .vscode), let why = profile.evidenceText {
            return why
        }
        return nil
    }

    /// Which pixel protocol, from the answers first and the environment second. Inside tmux,
    /// pixels need passthrough, so half-blocks are the default there.
    static func graphicsDecision(_ profile: TerminalProfile, answers: TerminalAnswers?, tmux: TmuxInfo?) -> (GraphicsProtocol, String) {
        if profile.insideTmux {
            if tmux?.passthrough != true {
                return (.blocks, "inside tmux without allow-passthrough (turn it on: \(TmuxInfo.enablePassthroughCommand))")
            }
            if let tmux, tmux.outerTerminalIsKitty {
                if let version = tmux.kittyTooOldForPlaceholders {
                    return (.blocks, "inside tmux in kitty \(version): its Unicode placeholders need kitty 0.28 or later")
                }
                guard tmux.rgb else {
                    return (.blocks, "inside tmux in kitty, but the tmux client lacks RGB (placeholders need 24-bit colour ids)")
                }
                return (.kitty, "inside tmux in kitty with passthrough: kitty Unicode placeholders")
            }
            return (.blocks, "inside tmux: half-blocks (pixel images do not survive tmux scrolling)")
        }
        if answers?.kittyGraphics == true { return (.kitty, "terminal answered the kitty graphics query") }
        if profile.emulator == .iterm2 {
            return (.iterm2, profile.identity?.evidence == .version ? "iTerm2 (XTVERSION)" : "iTerm2 (TERM_PROGRAM/LC_TERMINAL)")
        }
        if answers?.sixel == true { return (.sixel, "DA1 lists sixel (attribute 4)") }
        if answers == nil || answers?.deviceAttributes == nil {
            // No answers (not asked, or a silent terminal): trust only the environment.
            if profile.emulator == .kitty { return (.kitty, "kitty (KITTY_WINDOW_ID/TERM)") }
            return (.blocks, answers == nil ? "terminal not asked" : "terminal did not answer: half-blocks")
        }
        return (.blocks, "no pixel protocol in the terminal's answers")
    }
}
