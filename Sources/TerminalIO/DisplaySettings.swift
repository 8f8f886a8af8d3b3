import TerminalUI

/// What the user asked for with `--colors`.
public enum ColorSetting: String, Sendable, CaseIterable {
    case auto, truecolor
    case ansi256 = "256"
    case ansi16 = "16"
    case none

    public var depth: ColorDepth? {
        switch self {
        case .auto: return nil
        case .truecolor: return .truecolor
        case .ansi256: return .ansi256
        case .ansi16: return .ansi16
        case .none: return ColorDepth.none
        }
    }
}

/// What the user asked for with `--graphics`: a pixel protocol, half-blocks, or detection.
public enum GraphicsSetting: String, Sendable, CaseIterable {
    case auto, kitty, sixel, iterm2, blocks
}

/// What the user asked for with `--graphics-transfer`: how kitty pictures reach the terminal.
/// `auto` sends temporary files when the start-up probe shows the terminal reads this
/// machine's files, else streams; `stream` always sends the pixels; `file` sends files
/// without asking (they still fall back to streaming when the terminal says it cannot read one).
public enum GraphicsTransferSetting: String, Sendable, CaseIterable {
    case auto, stream, file
}

/// A bad `--colors`/`--graphics` value (flag, environment or config file), named by its source.
public struct DisplaySettingError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// The one place where colours and graphics are chosen from what the user said: the flag
/// first, then the environment variable, then the config file value, then `NO_COLOR` (colours
/// only), then what detection found. The config file plugs in by passing its value.
public enum DisplaySettings {
    public static let colorsVariable = "MARVEL_GALLERY_COLORS"
    public static let graphicsVariable = "MARVEL_GALLERY_GRAPHICS"
    public static let graphicsTransferVariable = "MARVEL_GALLERY_GRAPHICS_TRANSFER"
    public static let ditherVariable = "MARVEL_GALLERY_DITHER"

    /// The colour depth and the reason, in words (for `doctor`).
    public static func colors(flag: String?, environment env: [String: String], configValue: String?,
                              detected: (depth: ColorDepth, reason: String)) throws(DisplaySettingError)
        -> (depth: ColorDepth, reason: String) {
        let chosen: (setting: ColorSetting, source: String)? = try first(
            [(flag, "--colors"), (env[colorsVariable], colorsVariable), (configValue, "config file colors")])
        if let chosen, let depth = chosen.setting.depth { return (depth, "\(chosen.source) \(chosen.setting.rawValue)") }
        if let nc = env["NO_COLOR"], !nc.isEmpty, detected.depth != .none {
            return (.none, "NO_COLOR is set")
        }
        return detected  // auto (or nothing said): detection decides
    }

    /// The graphics setting from the same three places (auto when none says otherwise).
    public static func graphics(flag: String?, environment env: [String: String],
                                configValue: String?) throws(DisplaySettingError) -> (setting: GraphicsSetting, source: String) {
        try first([(flag, "--graphics"), (env[graphicsVariable], graphicsVariable), (configValue, "config file graphics")])
            ?? (.auto, "detection")
    }

    /// The graphics transfer setting from the same three places (auto when none says otherwise).
    public static func graphicsTransfer(flag: String?, environment env: [String: String],
                                        configValue: String?) throws(DisplaySettingError)
        -> (setting: GraphicsTransferSetting, source: String) {
        try first([(flag, "--graphics-transfer"), (env[graphicsTransferVariable], graphicsTransferVariable),
                   (configValue, "config file graphics_transfer")]) ?? (.auto, "detection")
    }

    /// How pictures go on a 256/16-colour palette, from the same three places (diffusion when
    /// none says otherwise).
    public static func dither(flag: String?, environment env: [String: String],
                              configValue: String?) throws(DisplaySettingError) -> (method: Dither, source: String) {
        let chosen: (setting: Dither, source: String)? = try first(
            [(flag, "--dither"), (env[ditherVariable], ditherVariable), (configValue, "config file dither")])
        return chosen.map { ($0.setting, $0.source) } ?? (.diffusion, "default")
    }

    /// The first non-empty value of `sources` (value, where it came from), parsed; a value that
    /// is not one of the choices is an error naming its source.
    static func first<Setting: DisplayChoice>(_ sources: [(String?, String)]) throws(DisplaySettingError)
        -> (setting: Setting, source: String)? {
        for (value, source) in sources {
            guard let value, !value.isEmpty else { continue }
            return (try Setting.parse(value, from: source, shown: { Sanitizer.clean($0) }), source)
        }
        return nil
    }
}
