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

    static func decide(request: DisplayRequest, environment env: [String: String]) throws(DisplaySettingError) -> RenderOutput {
        if isatty(STDOUT_FILENO) == 1, let tty = try? TTY.open() {
            defer { tty.close() }
            let detected = try CapabilityDetection.detect(tty: tty, environment: env, request: request, keepLateFileProbe: true)
            var caps = detected.capabilities
            if let probe = detected.lateFileProbe {
                (caps.graphicsTransfer, caps.graphicsTransferReason) =
                    KittyFileSender.lateDecision(tty: tty, probe: probe, answers: detected.answers)
            }
            if caps.interactive {
                return RenderOutput(colors: caps.colorDepth, graphics: caps.graphics, cellPixels: caps.cellPixels,
                                    transfer: caps.graphicsTransfer)
            }
        }
        let colors = try DisplaySettings.colors(flag: request.colorsFlag, environment: env, configValue: request.colorsConfig,
                                                detected: (.truecolor, "not a terminal: truecolor")).depth
        let setting = try DisplaySettings.graphics(flag: request.graphicsFlag, environment: env,
                                                   configValue: request.graphicsConfig).setting
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
