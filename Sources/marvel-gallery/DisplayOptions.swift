import ArgumentParser
import Foundation
import Settings
import TerminalIO
import TerminalUI

/// `--colors`, `--graphics`, `--graphics-transfer` and `--dither`, on every command that draws.
/// Values are checked here; the choice itself (flag > environment > config file > detection) is
/// `DisplaySettings`.
struct DisplayOptions: ParsableArguments {
    @Option(help: help(ColorSetting.self, "Colours", default: "auto", DisplaySettings.colorsVariable, "colors", "mode"))
    var colors: String?

    @Option(help: help(GraphicsSetting.self, "Pictures", default: "auto", DisplaySettings.graphicsVariable, "graphics", "protocol"))
    var graphics: String?

    @Option(help: help(GraphicsTransferSetting.self, "kitty pictures",
                       default: "auto, temporary files when the terminal reads this machine's files",
                       DisplaySettings.graphicsTransferVariable, "graphics_transfer", "how"))
    var graphicsTransfer: String?

    @Option(help: help(Dither.self, "How pictures go on a 256/16-colour palette", default: "diffusion, half strength",
                       DisplaySettings.ditherVariable, "dither", "method"))
    var dither: String?

    /// Every display option's help says the same things: its words, its default, and the
    /// variable and config.toml key that also set it (`DisplaySettings` reads them in that order).
    static func help<Choice: DisplayChoice>(_ choice: Choice.Type, _ what: String, default fallback: String,
                                            _ variable: String, _ configKey: String, _ valueName: String) -> ArgumentHelp {
        ArgumentHelp("\(what): \(Choice.choices) (default: \(fallback); also $\(variable) or \(configKey) in config.toml).",
                     valueName: valueName)
    }

    func validate() throws {
        do throws(DisplaySettingError) {
            if let graphicsTransfer { _ = try GraphicsTransferSetting.parse(graphicsTransfer, from: "--graphics-transfer") }
            if let colors { _ = try ColorSetting.parse(colors, from: "--colors") }
            if let graphics { _ = try GraphicsSetting.parse(graphics, from: "--graphics") }
            if let dither { _ = try Dither.parse(dither, from: "--dither") }
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The dithering chosen by the flag, `$MARVEL_GALLERY_DITHER` or config.toml's `dither`
    /// (a bad value anywhere: one line and exit 1, like a bad `colors`).
    func ditherMethod(_ config: LoadedConfig) throws -> Dither {
        do {
            return try DisplaySettings.dither(flag: dither, environment: ProcessInfo.processInfo.environment,
                                              configValue: config.file?.values.dither).method
        } catch {
            try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery: \(Sanitizer.visible(error.description))\n".utf8))
            throw ExitCode(1)
        }
    }

    /// config.toml's `colors`, `graphics`, `graphics_transfer` and `dither`, checked by every
    /// command that draws (render, demo, the gallery) whether or not a flag or variable
    /// overrides them: docs/configuration.md calls a bad value an error, so no command exits 0 on one. Not a usage error: one
    /// line and exit 1. (`doctor` shows the values instead of stopping.)
    func checkConfig(_ config: LoadedConfig) throws {
        guard let values = config.file?.values else { return }
        do throws(DisplaySettingError) {
            if let value = values.colors { _ = try ColorSetting.parse(value, from: "colors") }
            if let value = values.graphics { _ = try GraphicsSetting.parse(value, from: "graphics") }
            if let value = values.graphicsTransfer { _ = try GraphicsTransferSetting.parse(value, from: "graphics_transfer") }
            if let value = values.dither { _ = try Dither.parse(value, from: "dither") }
        } catch {
            throw Self.configError(config, error.description)
        }
    }

    /// The request for `CapabilityDetection`, with config.toml's `colors`, `graphics` and
    /// `graphics_transfer` (nil when the file is absent, or unusable: the commands that read
    /// all settings report that; the flag and the environment still come first in
    /// `DisplaySettings`).
    func request(_ config: LoadedConfig) -> DisplayRequest {
        let values = config.file?.values
        return DisplayRequest(colorsFlag: colors, graphicsFlag: graphics, colorsConfig: values?.colors,
                              graphicsConfig: values?.graphics, graphicsTransferFlag: graphicsTransfer,
                              graphicsTransferConfig: values?.graphicsTransfer)
    }

    static func configError(_ config: LoadedConfig, _ text: String) -> ExitCode {
        let path = config.path.path
        try? FileHandle.standardError.write(contentsOf: Data("marvel-gallery: \(Sanitizer.visible(path)): \(Sanitizer.visible(text))\n".utf8))
        return ExitCode(1)
    }
}
