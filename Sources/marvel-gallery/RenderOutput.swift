import Foundation
import TerminalIO
import TerminalUI

/// How `render` draws: on a terminal, what detection and the settings say; piped, truecolor
/// half-blocks (the bytes are for a file or another program) unless a protocol is named.
struct RenderOutput {
    var colors: ColorDepth
    var graphics: GraphicsProtocol
    var cellPixels: Size?
    /// kitty pictures as temporary files or streamed: the gallery's decision (the start-up
    /// file probe, `--graphics-transfer`); streamed whenever stdout is not the terminal.
    var transfer: GraphicsTransfer = .stream
    /// The terminal scales a picture smaller than its box well (`PictureScaling`): such a
    /// picture is sent at its own size. Never when stdout is not the terminal.
    var terminalScales = false

    static func decide(request: DisplayRequest, environment env: [String: String]) throws(DisplaySettingError) -> RenderOutput {
        let setting = try DisplaySettings.graphics(flag: request.graphicsFlag, environment: env,
                                                   configValue: request.graphicsConfig).setting
        let onTerminal = isatty(STDOUT_FILENO) == 1
        // Half-blocks asked for: nothing to ask the terminal (no kitty file probe, no wait for
        // answers a silent terminal never gives: it waited 5 s); the colours are the
        // environment's.
        if onTerminal, setting != .blocks, let tty = try? TTY.open() {
            defer { tty.close() }
            // `render` draws once and leaves raw mode, so a slow terminal's answers (a kitty just
            // started on a loaded machine took over 1 s) are waited for, not echoed into the
            // first picture; the late file probe's answer among them decides the transfer.
            let caps = try CapabilityDetection.detect(tty: tty, environment: env, request: request,
                                                      lateAnswersMilliseconds: CapabilityDetection.lateAnswersWait).capabilities
            if caps.interactive {
                return RenderOutput(colors: caps.colorDepth, graphics: caps.graphics, cellPixels: caps.cellPixels,
                                    transfer: caps.graphicsTransfer, terminalScales: caps.terminalScalesPictures)
            }
        }
        let detected = onTerminal ? (Capabilities.decide(environment: env, isTTY: true).colorDepth, "the environment")
            : (ColorDepth.truecolor, "not a terminal: truecolor")
        let colors = try DisplaySettings.colors(flag: request.colorsFlag, environment: env, configValue: request.colorsConfig,
                                                detected: detected).depth
        let graphics: GraphicsProtocol
        switch setting {
        case .kitty: graphics = .kitty
        case .sixel: graphics = .sixel
        case .iterm2: graphics = .iterm2
        case .auto, .blocks: graphics = .blocks
        }
        return RenderOutput(colors: colors, graphics: graphics, cellPixels: nil)
    }
}
