/// Why the settings of a run could not be worked out: one line a user can act on. Values are
/// named, never echoed when they are secrets.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The config file is not valid TOML or has an unknown key or a wrong type.
    case invalidConfig(String, String)
    /// The config file holds a secret and others may read it; `secrets`: the keys that are ones.
    case insecureConfig(String, mode: String, secrets: String)
    /// A value (from a flag, an environment variable or the file) is not allowed.
    case invalidValue(origin: Origin, String)

    public var description: String {
        switch self {
        case .invalidConfig(let path, let why): return "\(path): \(why)"
        case .insecureConfig(let path, let mode, let secrets):
            return "\(path) holds a secret (\(secrets)) but others may read it (mode \(mode)); refused until you run: chmod 600 \(path)"
        case .invalidValue(let origin, let why): return "\(origin): \(why)"
        }
    }
}
