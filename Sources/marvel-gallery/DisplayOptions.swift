import ArgumentParser
import Foundation
import Settings
import TerminalIO
import TerminalUI

/// `--colors` and `--graphics`, on every command that draws. Values are checked here; the
/// choice itself (flag > environment > config file > detection) is `DisplaySettings`.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Colours: \(ColorSetting.choices) (default: auto; also $\(DisplaySettings.colorsVariable)).",
                               valueName: "mode"))
    var colors: String?

    @Option(help: ArgumentHelp("Pictures: \(GraphicsSetting.choices) (default: auto; also $\(DisplaySettings.graphicsVariable)).",
                               valueName: "protocol"))
    var graphics: String?

    @Option(help: ArgumentHelp("kitty pictures: \(GraphicsTransferSetting.choices) (default: auto, temporary files when the terminal reads this machine's files; also $\(DisplaySettings.graphicsTransferVariable)).",
                               valueName: "how"))
    var graphicsTransfer: String?

    @Option(help: ArgumentHelp("How pictures go on a 256/16-colour palette: \(Dither.choices) (default: diffusion, half strength; also $\(DisplaySettings.ditherVariable) or dither in config.toml).",
                               valueName: "method"))
    var dither: String?

    func validate() throws {
        if let graphicsTransfer, GraphicsTransferSetting(rawValue: graphicsTransfer.lowercased()) == nil {
            throw ValidationError("--graphics-transfer must be one of \(GraphicsTransferSetting.choices), got '\(graphicsTransfer)'")
        }
        if let colors, ColorSetting(rawValue: colors.lowercased()) == nil {
            throw ValidationError("--colors must be one of \(ColorSetting.choices), got '\(colors)'")
        }
        if let graphics, GraphicsSetting(rawValue: graphics.lowercased()) == nil {
            throw ValidationError("--graphics must be one of \(GraphicsSetting.choices), got '\(graphics)'")
        }
        if let dither, Dither(rawValue: dither.lowercased()) == nil {
            throw ValidationError("--dither must be one of \(Dither.choices), got '\(dither)'")
        }
    }

    /// The dithering chosen by the flag, `$MARVEL_GALLERY_DITHER` or config.toml's `dither`
    /// (a bad value anywhere: one line and exit 1, like a bad `colors`).
    func ditherMethod() throws -> Dither {
        let path = ConfigFile.path(environment: ProcessInfo.processInfo.environment)
        let config = (try? ConfigFile.load(path, liveSources: LiveSources.specs))?.values.dither
        do {
            return try DisplaySettings.dither(flag: dither, environment: ProcessInfo.processInfo.environment,
                                              configValue: config).method
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery: \(Sanitizer.visible(error.description))\n".utf8))
            throw ExitCode(1)
        }
    }

    /// config.toml's `colors` and `graphics`, checked by every command that draws (render,
    /// demo, the gallery) whether or not a flag or variable overrides them: docs/configuration.md calls a
    /// bad value an error, so no command (`render` included) accepts one and exits 0. Not a
    /// usage error: one line and exit 1. (`doctor` shows the values instead of stopping.)
    func checkConfig() throws {
        let config = Self.configValues()
        if let value = config.colors, ColorSetting(rawValue: value.lowercased()) == nil {
            throw Self.configError("colors must be one of \(ColorSetting.choices), got '\(value)'")
        }
        if let value = config.graphics, GraphicsSetting(rawValue: value.lowercased()) == nil {
            throw Self.configError("graphics must be one of \(GraphicsSetting.choices), got '\(value)'")
        }
        if let value = Self.configTransfer(), GraphicsTransferSetting(rawValue: value.lowercased()) == nil {
            throw Self.configError("graphics_transfer must be one of \(GraphicsTransferSetting.choices), got '\(value)'")
        }
        // Said like the others, with the file's path.
        let path = ConfigFile.path(environment: ProcessInfo.processInfo.environment)
        if let value = (try? ConfigFile.load(path, liveSources: LiveSources.specs))??.values.dither,
           Dither(rawValue: value.lowercased()) == nil {
            throw Self.configError("dither must be one of \(Dither.choices), got '\(value)'")
        }
    }

    /// config.toml's `graphics_transfer` (nil when absent or the file is unusable).
    static func configTransfer(path: String? = nil) -> String? {
        let url = path.map { URL(fileURLWithPath: $0) } ?? ConfigFile.path(environment: ProcessInfo.processInfo.environment)
        return (try? ConfigFile.load(url, liveSources: LiveSources.specs))??.values.graphicsTransfer
    }

    /// The request for `CapabilityDetection`, with config.toml's `colors`/`graphics` (the flag
    /// and the environment still come first in `DisplaySettings`).
    var request: DisplayRequest {
        let config = Self.configValues()
        return DisplayRequest(colorsFlag: colors, graphicsFlag: graphics, colorsConfig: config.colors, graphicsConfig: config.graphics,
                              graphicsTransferFlag: graphicsTransfer, graphicsTransferConfig: Self.configTransfer())
    }

    /// config.toml's `colors` and `graphics` (nil when the file is absent, or unusable: the
    /// commands that read all settings report that).
    static func configValues() -> (colors: String?, graphics: String?) {
        let path = ConfigFile.path(environment: ProcessInfo.processInfo.environment)
        guard let file = try? ConfigFile.load(path, liveSources: LiveSources.specs) else { return (nil, nil) }
        return (file.values.colors, file.values.graphics)
    }

    static func configError(_ text: String) -> ExitCode {
        let path = ConfigFile.path(environment: ProcessInfo.processInfo.environment).path
        try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery: \(Sanitizer.visible(path)): \(Sanitizer.visible(text))\n".utf8))
        return ExitCode(1)
    }

    /// The request with config.toml's `colors`/`graphics` (resolved by `Settings`; the flag
    /// and the environment still come first in `DisplaySettings`).
    func request(settings: Settings?) -> DisplayRequest {
        DisplayRequest(colorsFlag: colors, graphicsFlag: graphics,
                       colorsConfig: settings?.colors.value, graphicsConfig: settings?.graphics.value,
                       graphicsTransferFlag: graphicsTransfer, graphicsTransferConfig: Self.configTransfer(path: settings?.configPath))
    }
}
