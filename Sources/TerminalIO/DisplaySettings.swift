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

    public static let choices = allCases.map(\.rawValue).joined(separator: "|")
}

/// What the user asked for with `--graphics`: a pixel protocol, half-blocks, or detection.
public enum GraphicsSetting: String, Sendable, CaseIterable {
    case auto, kitty, sixel, iterm2, blocks

    public static let choices = allCases.map(\.rawValue).joined(separator: "|")
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

    /// The colour depth and the reason, in words (for `doctor`).
    public static func colors(flag: String?, environment env: [String: String], configValue: String?,
                              detected: (depth: ColorDepth, reason: String)) throws(DisplaySettingError)
        -> (depth: ColorDepth, reason: String) {
        let sources: [(String?, String)] = [(flag, "--colors"), (env[colorsVariable], colorsVariable),
                                            (configValue, "config file colors")]
        for (value, source) in sources {
            guard let value, !value.isEmpty else { continue }
            guard let setting = ColorSetting(rawValue: value.lowercased()) else {
                throw DisplaySettingError(description:
                    "\(source) must be one of \(ColorSetting.choices), got '\(Sanitizer.clean(value))'")
            }
            if let depth = setting.depth { return (depth, "\(source) \(setting.rawValue)") }
            break  // auto: detection decides
        }
        if let nc = env["NO_COLOR"], !nc.isEmpty, detected.depth != .none { return (.none, "NO_COLOR is set") }
        return detected
    }

    /// The graphics setting from the same three places (auto when none says otherwise).
    public static func graphics(flag: String?, environment env: [String: String],
                                configValue: String?) throws(DisplaySettingError) -> (setting: GraphicsSetting, source: String) {
        let sources: [(String?, String)] = [(flag, "--graphics"), (env[graphicsVariable], graphicsVariable),
                                            (configValue, "config file graphics")]
        for (value, source) in sources {
            guard let value, !value.isEmpty else { continue }
            guard let setting = GraphicsSetting(rawValue: value.lowercased()) else {
                throw DisplaySettingError(description:
                    "\(source) must be one of \(GraphicsSetting.choices), got '\(Sanitizer.clean(value))'")
            }
            return (setting, source)
        }
        return (.auto, "detection")
    }
}
