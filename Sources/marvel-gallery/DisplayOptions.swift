import ArgumentParser
import Settings
import TerminalIO

/// `--colors` and `--graphics`, on every command that draws. Values are checked here; the
/// choice itself (flag > environment > config file > detection) is `DisplaySettings`.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Colours: \(ColorSetting.choices) (default: auto; also $\(DisplaySettings.colorsVariable)).",
                               valueName: "mode"))
    var colors: String?

    @Option(help: ArgumentHelp("Pictures: \(GraphicsSetting.choices) (default: auto; also $\(DisplaySettings.graphicsVariable)).",
                               valueName: "protocol"))
    var graphics: String?

    func validate() throws {
        if let colors, ColorSetting(rawValue: colors.lowercased()) == nil {
            throw ValidationError("--colors must be one of \(ColorSetting.choices), got '\(colors)'")
        }
        if let graphics, GraphicsSetting(rawValue: graphics.lowercased()) == nil {
            throw ValidationError("--graphics must be one of \(GraphicsSetting.choices), got '\(graphics)'")
        }
    }

    /// The request for `CapabilityDetection`.
    var request: DisplayRequest { DisplayRequest(colorsFlag: colors, graphicsFlag: graphics) }

    /// The request with config.toml's `colors`/`graphics` (resolved by `Settings`; the flag
    /// and the environment still come first in `DisplaySettings`).
    func request(settings: Settings?) -> DisplayRequest {
        DisplayRequest(colorsFlag: colors, graphicsFlag: graphics,
                       colorsConfig: settings?.colors.value, graphicsConfig: settings?.graphics.value)
    }
}
