import Foundation

/// config.toml as read once a run: where it was looked for, and the file (nil: there is none)
/// or why it was refused. A command reads it at start and hands the value to everything that
/// needs a setting from it (`Settings.resolve`, the display choices), so the file is opened
/// once and every reader sees the same contents.
public struct LoadedConfig: Equatable, Sendable {
    public var path: URL
    public var file: ConfigFile?
    /// Why the file could not be used (bad TOML, an unknown key, a secret others may read).
    public var refusal: SettingsError?

    public init(path: URL, file: ConfigFile?, refusal: SettingsError? = nil) {
        self.path = path
        self.file = file
        self.refusal = refusal
    }

    /// Reads the file at `path` (default: `ConfigFile.path(environment:)`).
    public static func read(environment: [String: String], liveSources: [LiveSourceSpec], path: URL? = nil) -> LoadedConfig {
        let url = path ?? ConfigFile.path(environment: environment)
        do throws(SettingsError) {
            return LoadedConfig(path: url, file: try ConfigFile.load(url, liveSources: liveSources))
        } catch {
            return LoadedConfig(path: url, file: nil, refusal: error)
        }
    }

    /// The file, or its refusal thrown (nil: no file).
    public func get() throws(SettingsError) -> ConfigFile? {
        if let refusal { throw refusal }
        return file
    }
}
