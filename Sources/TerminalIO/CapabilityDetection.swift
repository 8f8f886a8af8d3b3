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
    /// `--graphics-transfer` and config.toml's `graphics_transfer`.
    public var graphicsTransferFlag: String?
    public var graphicsTransferConfig: String?

    public init(colorsFlag: String? = nil, graphicsFlag: String? = nil,
                colorsConfig: String? = nil, graphicsConfig: String? = nil) {
        self.colorsFlag = colorsFlag
        self.graphicsFlag = graphicsFlag
        self.colorsConfig = colorsConfig
        self.graphicsConfig = graphicsConfig
    }

    public init(colorsFlag: String? = nil, graphicsFlag: String? = nil, colorsConfig: String? = nil,
                graphicsConfig: String? = nil, graphicsTransferFlag: String?, graphicsTransferConfig: String?) {
        self.init(colorsFlag: colorsFlag, graphicsFlag: graphicsFlag, colorsConfig: colorsConfig, graphicsConfig: graphicsConfig)
        self.graphicsTransferFlag = graphicsTransferFlag
        self.graphicsTransferConfig = graphicsTransferConfig
    }
}

/// Detection once at start-up: the environment, the terminal's answers (≤ 150 ms, in raw mode,
/// flushed), tmux's view, then the user's settings on top.
public enum CapabilityDetection {
    public struct Result: Sendable {
        public var capabilities: Capabilities
        /// Which terminal this is, with its answers applied.
        public var profile: TerminalProfile
        /// nil when the terminal was not asked (not interactive, or raw mode failed).
        public var answers: TerminalAnswers?
        public var tmux: TmuxInfo?
        /// The file probe, kept when kitty did not answer it within the budget (a loaded
        /// machine) and transfer is `auto`: a late OK, with the file deleted, turns files on
        /// (`TTYBackend`). Its owner removes it. Only with `keepLateFileProbe`.
        public var lateFileProbe: KittyFileProbe?
    }

    /// How long `render` and `doctor` wait for a slow terminal's answers (its DA1 reply ends the
    /// wait at once), and the gallery's kitty pictures for its late file probe answer.
    public static let lateAnswersWait = 5000

    /// `lateAnswersMilliseconds`: when the terminal has not answered within the budget, how long
    /// to wait for the rest in raw mode. Commands that leave raw mode and go on writing
    /// (`render`, `doctor`) need it: a late reply would be echoed, into a picture being written
    /// or the shell. The gallery stays in raw mode and reads late replies as input (a late
    /// file probe answer turns files on, `TTYBackend.lateReply`).
    ///
    /// `typeAhead`: the caller reads keys next (the gallery). What the questions' reads took,
    /// keys typed before or among the answers included, is kept there instead of flushed, and
    /// raw mode stays on (the caller restores it): back in the line discipline's canonical mode
    /// a key typed before the reader starts would be echoed and held for a whole line.
    public static func detect(tty: TTY?, environment env: [String: String], request: DisplayRequest,
                              timeoutMilliseconds: Int = 150, lateAnswersMilliseconds: Int = 0,
                              keepLateFileProbe: Bool = false, typeAhead: TypeAhead? = nil) throws(DisplaySettingError) -> Result {
        let isTTY = tty.map { isatty($0.outputFD) == 1 } ?? false
        let environmentProfile = TerminalProfile(environment: env)
        let plain = Capabilities.decide(profile: environmentProfile, isTTY: isTTY)
        // tmux first: whether passthrough is on decides what may be asked inside it.
        let tmux = plain.inTmux ? TmuxInfo.query(environment: env) : nil
        var answers: TerminalAnswers?
        var probe: KittyFileProbe?
        if let tty, plain.interactive, (try? RawMode.enable(tty)) != nil {
            // Whether the terminal reads this machine's files, asked with the rest (one round).
            let fileProbe = KittyFileProbe.make(environment: env)
            var questions = TerminalProbe.questions(inTmux: plain.inTmux, passthrough: tmux?.passthrough == true,
                                                    fileProbe: fileProbe)
            // Before the rest (DA1, which ends the wait, stays last); tmux answers these itself.
            if !plain.inTmux, TerminalProbe.asksColors(environmentProfile) { questions = TerminalProbe.colorQuestions + questions }
            let replies = TerminalProbe.replies(inTmux: plain.inTmux, passthrough: tmux?.passthrough == true)
            var reply = TerminalQuery.ask(tty, questions, timeoutMilliseconds: timeoutMilliseconds, keeping: typeAhead,
                                          replies: replies)
            let missing = replies - TerminalQuery.da1ReplyCount(reply)
            if lateAnswersMilliseconds > 0, missing > 0 {
                reply += TerminalQuery.awaitDA1(tty, timeoutMilliseconds: lateAnswersMilliseconds, keeping: typeAhead, replies: missing)
            }
            answers = TerminalAnswers.parse(reply)
            if typeAhead == nil { RawMode.restore() }
            if let fileProbe {
                answers?.kittyFileDeleted = fileProbe.deleted
                probe = fileProbe
            }
        }
        let profile = environmentProfile.with(answers: answers)
        var caps = Capabilities.decide(profile: profile, isTTY: isTTY, answers: answers, tmux: tmux)
        caps.defaultColors = answers?.defaultColors
        if caps.cellPixels == nil, let tty, let px = tty.windowSize().pixels {
            let cells = tty.windowSize().cells
            if cells.width > 0, cells.height > 0, px.width > 0, px.height > 0 {
                caps.cellPixels = TerminalLimits.clamped(cellPixels: Size(width: px.width / cells.width, height: px.height / cells.height))
            }
        }
        do throws(DisplaySettingError) {
            try apply(request, environment: env, to: &caps)
            try applyTransfer(request, environment: env, answers: answers, to: &caps)
        } catch {
            probe?.remove()
            throw error
        }
        // After the user's choice of protocol: whether its pictures can ride a scroll.
        if caps.interactive {
            (caps.picturesMoveWithScroll, caps.pictureScrollReason) =
                PictureScroll.decide(profile: profile, graphics: caps.graphics)
            (caps.terminalScalesPictures, caps.pictureScalingReason) =
                PictureScaling.decide(profile: profile, graphics: caps.graphics)
        }
        var result = Result(capabilities: caps, profile: profile, answers: answers, tmux: tmux)
        if let probe {
            let auto = (try? DisplaySettings.graphicsTransfer(flag: request.graphicsTransferFlag, environment: env,
                                                              configValue: request.graphicsTransferConfig).setting) == .auto
            if keepLateFileProbe, auto, caps.graphics == .kitty, answers?.kittyFileRead == nil, answers?.kittyFileDeleted == false {
                result.lateFileProbe = probe
            } else {
                probe.remove()
            }
        }
        return result
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

extension CapabilityDetection {
    /// How kitty pictures travel, after the graphics choice (pure): the user's
    /// `--graphics-transfer` over what the file probe found.
    public static func applyTransfer(_ request: DisplayRequest, environment env: [String: String],
                                     answers: TerminalAnswers?, to caps: inout Capabilities) throws(DisplaySettingError) {
        let (setting, source) = try DisplaySettings.graphicsTransfer(
            flag: request.graphicsTransferFlag, environment: env, configValue: request.graphicsTransferConfig)
        let detected = Capabilities.transferDecision(graphics: caps.graphics, answers: answers)
        switch setting {
        case .auto: (caps.graphicsTransfer, caps.graphicsTransferReason) = detected
        case .stream: (caps.graphicsTransfer, caps.graphicsTransferReason) = (.stream, "\(source) stream")
        case .file where caps.graphics == .kitty:
            (caps.graphicsTransfer, caps.graphicsTransferReason) = (.file, "\(source) file (temporary files, t=t)")
        case .file: (caps.graphicsTransfer, caps.graphicsTransferReason) = (.stream, "\(source) file, but only kitty pictures go as files")
        }
    }
}
