import CTerminal
import Foundation
import TerminalUI

/// What the user asked for, from the flags and the config file (the environment is read by
/// `DisplaySettings` itself).
public struct DisplayRequest: Sendable, Hashable {
    public var colorsFlag: String?
    public var graphicsFlag: String?
    public var colorsConfig: String?
    public var graphicsConfig: String?

    public init(colorsFlag: String? = nil, graphicsFlag: String? = nil,
                colorsConfig: String? = nil, graphicsConfig: String? = nil) {
        self.colorsFlag = colorsFlag
        self.graphicsFlag = graphicsFlag
        self.colorsConfig = colorsConfig
        self.graphicsConfig = graphicsConfig
    }
}

/// Detection once at start-up: the environment, the terminal's answers (≤ 150 ms, in raw mode,
/// flushed), tmux's view, then the user's settings on top.
public enum CapabilityDetection {
    public struct Result: Sendable {
        public var capabilities: Capabilities
        /// nil when the terminal was not asked (not interactive, or raw mode failed).
        public var answers: TerminalAnswers?
        public var tmux: TmuxInfo?
    }

    public static func detect(tty: TTY?, environment env: [String: String], request: DisplayRequest,
                              timeoutMilliseconds: Int = 150) throws(DisplaySettingError) -> Result {
        let isTTY = tty.map { isatty($0.outputFD) == 1 } ?? false
        let plain = Capabilities.decide(environment: env, isTTY: isTTY)
        // tmux first: whether passthrough is on decides what may be asked inside it.
        let tmux = plain.inTmux ? TmuxInfo.query(environment: env) : nil
        var answers: TerminalAnswers?
        if let tty, plain.interactive, (try? RawMode.enable(tty)) != nil {
            let questions = TerminalProbe.questions(inTmux: plain.inTmux, passthrough: tmux?.passthrough == true)
            answers = TerminalProbe.ask(tty, questions: questions, timeoutMilliseconds: timeoutMilliseconds)
            RawMode.restore()
        }
        var caps = Capabilities.decide(environment: env, isTTY: isTTY, answers: answers, tmux: tmux)
        if caps.cellPixels == nil, let tty, let px = tty.windowSize().pixels {
            let cells = tty.windowSize().cells
            if cells.width > 0, cells.height > 0, px.width > 0, px.height > 0 {
                caps.cellPixels = Size(width: px.width / cells.width, height: px.height / cells.height)
            }
        }
        try apply(request, environment: env, to: &caps)
        // After the user's choice of protocol: whether its pictures can ride a scroll.
        if caps.interactive {
            (caps.picturesMoveWithScroll, caps.pictureScrollReason) =
                PictureScroll.decide(environment: env, answers: answers, graphics: caps.graphics, inTmux: caps.inTmux)
        }
        return Result(capabilities: caps, answers: answers, tmux: tmux)
    }

    /// The user's colours and graphics over the detected ones (pure; used by `detect`).
    public static func apply(_ request: DisplayRequest, environment env: [String: String],
                             to caps: inout Capabilities) throws(DisplaySettingError) {
        guard caps.interactive else { return }
        (caps.colorDepth, caps.colorReason) = try DisplaySettings.colors(
            flag: request.colorsFlag, environment: env, configValue: request.colorsConfig,
            detected: (caps.colorDepth, caps.colorReason))
        let (setting, source) = try DisplaySettings.graphics(
            flag: request.graphicsFlag, environment: env, configValue: request.graphicsConfig)
        switch setting {
        case .auto: break
        case .blocks: (caps.graphics, caps.graphicsReason) = (.blocks, "\(source) blocks")
        case .kitty:
            (caps.graphics, caps.graphicsReason) = (.kitty, "\(source) kitty")
            caps.tmuxPlaceholders = caps.inTmux
        case .sixel: (caps.graphics, caps.graphicsReason) = (.sixel, "\(source) sixel")
        case .iterm2: (caps.graphics, caps.graphicsReason) = (.iterm2, "\(source) iterm2")
        }
    }
}
